import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES, deliveryAdvances, deliveryText, TWILIO_MESSAGE_STATUSES, twilioErrorText } from '@/lib/delivery';

/** The order of delivery statuses (decision 0085): callbacks in any order and any number of times end in the furthest one. */
describe('delivery statuses', () => {
  it('never move back, and a repeat is no change', () => {
    expect(deliveryAdvances(null, 'sent')).toBe(true);
    expect(deliveryAdvances('sent', 'delivered')).toBe(true);
    expect(deliveryAdvances('delivered', 'sent')).toBe(false);
    expect(deliveryAdvances('failed', 'sent')).toBe(false);
    expect(deliveryAdvances('delivered', 'complained')).toBe(true);
    expect(deliveryAdvances('delayed', 'bounced')).toBe(true);
    for (const s of DELIVERY_STATUSES) expect(deliveryAdvances(s, s)).toBe(false);
  });

  it('whatever order the callbacks come in, the end is the same', () => {
    const callbacks = ['sent', 'delivered', 'sent', 'delivered'] as const;
    const settle = (order: readonly (typeof callbacks)[number][]) => order.reduce<(typeof callbacks)[number] | null>((cur, next) => (deliveryAdvances(cur, next) ? next : cur), null);
    expect(settle(callbacks)).toBe('delivered');
    expect(settle([...callbacks].reverse())).toBe('delivered');
  });

  it('maps Twilio statuses, channel-agnostic (WhatsApp read is delivered), and says failures in words', () => {
    expect(TWILIO_MESSAGE_STATUSES.undelivered).toBe('failed');
    expect(TWILIO_MESSAGE_STATUSES.read).toBe('delivered');
    expect(TWILIO_MESSAGE_STATUSES.queued).toBeUndefined();
    expect(twilioErrorText('30005')).toBe('the number does not exist (Twilio error 30005)');
    expect(twilioErrorText('99999')).toBe('the carrier refused it (Twilio error 99999)');
    expect(twilioErrorText(undefined)).toBeNull();
    expect(deliveryText('failed', 'the number does not exist')).toBe('Failed (the number does not exist)');
    expect(deliveryText('delivered', 'ignored')).toBe('Delivered');
  });
});
