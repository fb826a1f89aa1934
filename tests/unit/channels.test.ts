import { describe, expect, it } from 'vitest';
import { DEFAULT_FALLBACK_CHANNELS, isWhatsappAddress, stripWhatsapp, whatsappAddress } from '@/lib/channels';
import { createClientSchema, updateClientSchema } from '@/lib/schemas/workspace';

const base = { firstName: 'Ada', lastName: 'Lee', email: 'ada@example.com', phone: '+15555550100' };

describe('client channel fields (decision 0084)', () => {
  it('leaves channel and order out when not given (the service applies the defaults)', () => {
    const parsed = createClientSchema.parse(base);
    expect(parsed.channel).toBeUndefined();
    expect(parsed.fallbackChannels).toBeUndefined();
    expect(DEFAULT_FALLBACK_CHANNELS.sms).toEqual(['email']);
  });

  it('accepts a channel with an order of the other channels', () => {
    expect(updateClientSchema.parse({ ...base, channel: 'whatsapp', fallbackChannels: ['sms', 'email'] })).toMatchObject({ channel: 'whatsapp', fallbackChannels: ['sms', 'email'] });
    expect(updateClientSchema.parse({ ...base, channel: 'email', fallbackChannels: [] }).fallbackChannels).toEqual([]);
  });

  it('refuses an unknown channel, a repeated fallback and the client’s own channel in the order, on the field', () => {
    const unknown = updateClientSchema.safeParse({ ...base, channel: 'fax' });
    expect(unknown.error?.issues[0]).toMatchObject({ path: ['channel'], message: 'Choose SMS, e-mail or WhatsApp' });
    const repeated = createClientSchema.safeParse({ ...base, fallbackChannels: ['email', 'email'] });
    expect(repeated.error?.issues[0]).toMatchObject({ path: ['fallbackChannels'], message: 'A fallback channel can be listed once' });
    const own = updateClientSchema.safeParse({ ...base, channel: 'sms', fallbackChannels: ['sms'] });
    expect(own.error?.issues[0]?.path).toEqual(['fallbackChannels']);
  });

  it('writes and reads WhatsApp addresses', () => {
    expect(whatsappAddress('+15555550100')).toBe('whatsapp:+15555550100');
    expect(whatsappAddress('whatsapp:+15555550100')).toBe('whatsapp:+15555550100');
    expect(isWhatsappAddress('whatsapp:+1555')).toBe(true);
    expect(stripWhatsapp('whatsapp:+15555550100')).toBe('+15555550100');
    expect(stripWhatsapp('+15555550100')).toBe('+15555550100');
  });
});
