import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@/lib/preferences';
import { channelsFor, RULES, type NotificationType } from '@/server/services/notifications';

/**
 * Every channel switch of Settings → Notifications, one at a time: with it on, the types it governs
 * reach that channel; with it off, they do not, and no other type loses the channel (docs/notifications.md).
 */

type Channel = 'email' | 'sms' | 'push' | 'inApp';
const TYPES = Object.keys(RULES) as NotificationType[];

/** Every group on, every switch on, SMS not limited to urgent: the one switch under test decides. */
function allOn(): NotificationPreferences {
  const p = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  p.email = Object.fromEntries(Object.keys(p.email).map((k) => [k, true])) as NotificationPreferences['email'];
  p.sms = { ...(Object.fromEntries(Object.keys(p.sms).map((k) => [k, true])) as NotificationPreferences['sms']), urgentOnly: false };
  p.push = Object.fromEntries(Object.keys(p.push).map((k) => [k, true])) as NotificationPreferences['push'];
  p.inApp = Object.fromEntries(Object.keys(p.inApp).map((k) => [k, true])) as NotificationPreferences['inApp'];
  return p;
}

const switches: { channel: Channel; key: string }[] = [];
for (const type of TYPES) {
  for (const channel of ['email', 'sms', 'push', 'inApp'] as const) {
    const key = RULES[type][channel];
    if (key && !switches.some((s) => s.channel === channel && s.key === key)) switches.push({ channel, key });
  }
}

describe('channel switches', () => {
  it.each(switches)('$channel.$key lets exactly its types through', ({ channel, key }) => {
    const governed = TYPES.filter((t) => RULES[t][channel] === key);
    const off = allOn();
    (off[channel] as Record<string, boolean>)[key] = false;
    for (const type of TYPES) {
      expect(channelsFor(allOn(), type, false)[channel], `${type} with ${channel}.${key} on`).toBe(RULES[type][channel] !== undefined);
      expect(channelsFor(off, type, false)[channel], `${type} with ${channel}.${key} off`).toBe(!governed.includes(type) && RULES[type][channel] !== undefined);
    }
  });

  it.each(['email', 'sms', 'push'] as const)('%s.enabled off closes the channel for every type', (channel) => {
    const off = allOn();
    off[channel].enabled = false;
    for (const type of TYPES) expect(channelsFor(off, type, true)[channel], type).toBe(false);
  });

  it('sms.urgentOnly lets only urgent notifications text the coach', () => {
    const p = allOn();
    p.sms.urgentOnly = true;
    expect(channelsFor(p, 'system', false).sms).toBe(false);
    expect(channelsFor(p, 'system', true).sms).toBe(true);
    expect(channelsFor(p, 'missed_checkin', true).sms).toBe(true);
  });

  it('the defaults of product §1.9: no texts, e-mail and push for replies, in-app for everything', () => {
    const d = DEFAULT_NOTIFICATION_PREFERENCES;
    expect(channelsFor(d, 'checkin_response', false)).toEqual({ email: true, sms: false, push: true, inApp: true });
    expect(channelsFor(d, 'system', true)).toEqual({ email: false, sms: false, push: true, inApp: true });
    expect(channelsFor(d, 'breaking_news', false).push).toBe(false);
  });
});
