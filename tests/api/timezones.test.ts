import { afterAll, describe, expect, inject, it } from 'vitest';
import { SETTINGS_TOASTS } from '@/lib/constants';
import { SETTINGS_TIMEZONES, offsetMinutes } from '@/lib/timezones';
import { client } from '../helpers/http';
import { openDb, securityEvents, signedInUser, type ErrorBody } from './helpers-auth';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

interface TimezoneOption {
  value: string;
  label: string;
  offset: number;
}

describe('GET /ai-schedule/timezones', () => {
  it('answers the 8 settings zones with value, label and a numeric offset for today', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<{ timezones: TimezoneOption[] }>('GET', '/ai-schedule/timezones', { token: me.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.timezones.map(({ value, label }) => ({ value, label }))).toEqual(SETTINGS_TIMEZONES.map(({ value, label }) => ({ value, label })));
    expect(res.body.timezones.map((z) => z.label)).toEqual(['Pacific', 'Mountain', 'Central', 'Eastern', 'London', 'Paris', 'Tokyo', 'Sydney']);
    for (const zone of res.body.timezones) {
      expect(typeof zone.offset, zone.value).toBe('number');
      expect(Number.isInteger(zone.offset), zone.value).toBe(true);
      expect(zone.offset, zone.value).toBe(offsetMinutes(zone.value));
    }
    const byValue = Object.fromEntries(res.body.timezones.map((z) => [z.value, z.offset]));
    expect(byValue['Asia/Tokyo']).toBe(540);
    expect([-300, -240]).toContain(byValue['America/New_York']);
    expect([0, 60]).toContain(byValue['Europe/London']);
    expect([600, 660]).toContain(byValue['Australia/Sydney']);
  });

  it('needs an access token', async () => {
    expect((await request('GET', '/ai-schedule/timezones')).status).toBe(401);
  });
});

describe('PUT /users/timezone', () => {
  it('changes user.timezone and answers "Timezone updated successfully."', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<{ success: boolean; message: string; user: { timezone: string } }>('PUT', '/users/timezone', {
      token: me.accessToken,
      body: { timezone: 'Australia/Sydney' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: SETTINGS_TOASTS.timezoneUpdated, user: { timezone: 'Australia/Sydney' } });
    const profile = await request<{ user: { timezone: string } }>('GET', '/users/profile', { token: me.accessToken });
    expect(profile.body.user.timezone).toBe('Australia/Sydney');
    expect((await securityEvents(db, me.user.id)).map((e) => e.type)).toContain('timezone_updated');
  });

  it.each([{ timezone: 'Mars/Olympus_Mons' }, { timezone: '' }, { timezone: 42 }, {}])('answers 400 on field timezone for %j', async (body) => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<ErrorBody>('PUT', '/users/timezone', { token: me.accessToken, body });
    expect(res.status).toBe(400);
    expect(res.body.details?.map((d) => d.field)).toEqual(['timezone']);
    const profile = await request<{ user: { timezone: string } }>('GET', '/users/profile', { token: me.accessToken });
    expect(profile.body.user.timezone).toBe('America/New_York');
  });

  it('needs an access token', async () => {
    expect((await request('PUT', '/users/timezone', { body: { timezone: 'Europe/Paris' } })).status).toBe(401);
  });
});

describe('GET /realtime/config', () => {
  it('answers the socket port the server listens on and the path', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<{ port: number; path: string }>('GET', '/realtime/config', { token: me.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.path).toBe('/socket.io/');
    expect(res.body.port).toBeGreaterThan(0);
    const handshake = await fetch(`http://localhost:${res.body.port}/socket.io/?EIO=4&transport=polling`);
    expect(handshake.status).toBe(200);
    expect(await handshake.text()).toMatch(/"sid"/);
  });
});
