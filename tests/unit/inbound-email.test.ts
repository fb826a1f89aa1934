import { randomUUID } from 'node:crypto';
import { Resend } from 'resend';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resendSignatureHeaders } from '../../scripts/client-reply';
import { resetConfig } from '@/server/config';
import { normalizedMessageId } from '@/server/services/engine/email-thread';
import { htmlToText, replyText } from '@/server/services/engine/email-reply';
import { bareAddress, checkInIdOfAddresses, checkInIdOfToken, replyAddressOf, replyToken } from '@/server/services/engine/reply-address';

const SECRET = new TextEncoder().encode('unit-test-secret-for-reply-addresses-0123456789');
const OTHER = new TextEncoder().encode('another-installation-secret-0123456789-abcdef');
const ID = '3f2b8c1e-9a4d-4c7e-8b1a-2d6f0e5c9a71';

describe('reply tokens', () => {
  it('name the check-in without showing its id, in 39 lowercase base32 characters', () => {
    const token = replyToken(ID, SECRET);
    expect(token).toMatch(/^[a-z2-7]{39}$/);
    expect(token).not.toContain(ID.replace(/-/g, '').slice(0, 8));
    expect(checkInIdOfToken(token, SECRET)).toBe(ID);
    // Stable: a resent check-in keeps its address and its thread.
    expect(replyToken(ID, SECRET)).toBe(token);
  });

  it('survive a mail system changing the case of the local part', () => {
    const token = replyToken(ID, SECRET);
    expect(checkInIdOfToken(token.toUpperCase(), SECRET)).toBe(ID);
    expect(checkInIdOfToken(token.slice(0, 10).toUpperCase() + token.slice(10), SECRET)).toBe(ID);
  });

  it('refuse any altered character, a truncated or lengthened token, and another secret', () => {
    const token = replyToken(ID, SECRET);
    // The last character also carries 3 padding bits, so only the characters before it are altered here.
    for (let i = 0; i < token.length - 1; i++) {
      const swapped = token[i] === 'a' ? 'b' : 'a';
      expect(checkInIdOfToken(token.slice(0, i) + swapped + token.slice(i + 1), SECRET), `altered at ${i}`).toBeNull();
    }
    expect(checkInIdOfToken(token.slice(0, -1), SECRET)).toBeNull();
    expect(checkInIdOfToken(`${token}aa`, SECRET)).toBeNull();
    expect(checkInIdOfToken(token, OTHER)).toBeNull();
    expect(checkInIdOfToken('not-base32!', SECRET)).toBeNull();
    expect(checkInIdOfToken('', SECRET)).toBeNull();
  });

  it('round-trip every id and differ between ids', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), (a, b) => {
        expect(checkInIdOfToken(replyToken(a, SECRET), SECRET)).toBe(a.toLowerCase());
        if (a.toLowerCase() !== b.toLowerCase()) expect(replyToken(a, SECRET)).not.toBe(replyToken(b, SECRET));
      }),
    );
  });

  it('refuse to sign anything but a uuid', () => {
    expect(() => replyToken('1234', SECRET)).toThrow();
  });
});

describe('reply addresses', () => {
  const saved = { ...process.env };
  beforeAll(() => {
    process.env.JWT_SECRET = 'unit-test-jwt-secret-0123456789-0123456789';
    process.env.INBOUND_EMAIL_DOMAIN = 'Reply.Example.com';
    resetConfig();
  });
  afterAll(() => {
    process.env = saved;
    resetConfig();
  });

  it('are found among the recipients on our receiving domain only, in any case and with a display name', () => {
    const address = replyAddressOf(ID);
    expect(address).toMatch(/^[a-z2-7]{39}@reply\.example\.com$/);
    expect(checkInIdOfAddresses(['someone@else.com', `Cadence <${address.toUpperCase()}>`])).toBe(ID);
    const [local] = address.split('@');
    expect(checkInIdOfAddresses([`${local}@other.example.com`])).toBeNull();
    expect(checkInIdOfAddresses([`${randomUUID()}@reply.example.com`])).toBeNull();
    expect(checkInIdOfAddresses([])).toBeNull();
  });

  it('bareAddress reads "Name <addr>" and plain addresses', () => {
    expect(bareAddress('Ann Lee <Ann@Example.com>')).toBe('ann@example.com');
    expect(bareAddress(' ann@example.com ')).toBe('ann@example.com');
  });
});

describe('reply stripping', () => {
  it('drops the quoted check-in under "On … wrote:" and ">" lines', () => {
    const mail = 'Ran 12 km this week!\n\nOn Tue, Nov 24, 2026 at 9:00 AM Coach Bob <x@reply.cadence.local> wrote:\n> How far did you run?\n> Reply to this e-mail.\n';
    expect(replyText({ text: mail, html: null })).toBe('Ran 12 km this week!');
  });

  it('drops an Outlook header block and a signature', () => {
    expect(replyText({ text: 'Done 5 workouts\r\n--\r\nAnn Lee\r\nSent from my iPhone\r\n', html: null })).toBe('Done 5 workouts');
    const outlook = 'All three sessions done.\n\n________________________________\nFrom: Coach <x@reply.cadence.local>\nSent: Tuesday, November 24, 2026 9:00 AM\nSubject: Check-in\n\nHow is it going?';
    expect(replyText({ text: outlook, html: null })).toBe('All three sessions done.');
  });

  it('reads an HTML-only mail without its quoted block', () => {
    const html = '<div dir="ltr">Walked <b>8 km</b> &amp; felt fine<br></div><div class="gmail_quote"><div>On Tue … wrote:</div><blockquote>How far?</blockquote></div>';
    expect(htmlToText(html)).toContain('Walked 8 km & felt fine');
    expect(replyText({ text: null, html })).toBe('Walked 8 km & felt fine');
  });

  it('leaves nothing of a mail that is only quoted history', () => {
    expect(replyText({ text: '> How far did you run?\n', html: null })).toBe('');
    expect(replyText({ text: null, html: null })).toBe('');
  });
});

describe('threading headers', () => {
  it('keep a well-formed Message-ID and refuse anything that could inject a header', () => {
    expect(normalizedMessageId('abc@mail.example.com')).toBe('<abc@mail.example.com>');
    expect(normalizedMessageId('<abc@mail.example.com>')).toBe('<abc@mail.example.com>');
    expect(normalizedMessageId('<abc@x>\r\nBcc: victim@example.com')).toBeNull();
    expect(normalizedMessageId('')).toBeNull();
    expect(normalizedMessageId(null)).toBeNull();
  });
});

describe('the local Resend signature', () => {
  it('is what the resend SDK verifies', () => {
    const secret = `whsec_${Buffer.from('local-webhook-secret-0123456789').toString('base64')}`;
    const payload = JSON.stringify({ type: 'email.received', data: { email_id: 'x' } });
    const headers = resendSignatureHeaders(secret, payload);
    const verify = (body: string) =>
      new Resend('re_test').webhooks.verify({ payload: body, headers: { id: headers['svix-id']!, timestamp: headers['svix-timestamp']!, signature: headers['svix-signature']! }, webhookSecret: secret });
    expect(verify(payload)).toMatchObject({ type: 'email.received' });
    expect(() => verify(payload.replace('"x"', '"y"'))).toThrow();
  });
});
