import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEST_NOTIFICATION_TEXT } from '@/lib/constants';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@/lib/preferences';
import { client, latestPhoneCode, readEmails, readSms } from '../helpers/http';
import { openDb, signedInUser, uniquePhone, type ErrorBody } from './helpers-auth';
import type { TestNotificationResponse } from '@/lib/schemas/account';

const baseUrl = inject('baseUrl');
const request = client(baseUrl);
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

type DeliveryBody = TestNotificationResponse & ErrorBody;

const sendTest = (token: string, body: unknown) => request<DeliveryBody>('POST', '/users/test-notification', { token, body });

async function savePreferences(token: string, change: (prefs: typeof DEFAULT_NOTIFICATION_PREFERENCES) => void) {
  const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  change(prefs);
  const res = await request('PUT', '/users/notifications', { token, body: { notificationPreferences: prefs } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('POST /users/test-notification', () => {
  it("sends the fixed test text, never the request's own words", async () => {
    const me = await signedInUser(request, outboxDir);
    const phishing = `Your Cadence account is locked. Call +1 900 555 0199 now ${me.user.id}`;
    const res = await sendTest(me.accessToken, { message: phishing });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, deliveryResults: { email: true, sms: false, push: false, inApp: false } });
    const mails = readEmails(outboxDir).filter((m) => m.to === me.email && m.subject === 'Cadence test notification');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(TEST_NOTIFICATION_TEXT);
    expect(readEmails(outboxDir).filter((m) => m.text.includes(phishing))).toEqual([]);
    expect(readSms(outboxDir).filter((s) => s.text.includes(phishing))).toEqual([]);
    const rows = await db<{ type: string; message: string }[]>`select type, message from notifications where user_id = ${me.user.id}`;
    expect(rows).toEqual([{ type: 'test', message: TEST_NOTIFICATION_TEXT }]);
  });

  it('takes no body at all, and answers 400 on field channel for an unknown channel', async () => {
    const me = await signedInUser(request, outboxDir);
    expect((await sendTest(me.accessToken, {})).status).toBe(200);
    const bad = await sendTest(me.accessToken, { channel: 'fax' });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.map((d) => d.field)).toEqual(['channel']);
  });

  it('sends on the one channel asked for', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await sendTest(me.accessToken, { channel: 'inApp' });
    expect(res.status).toBe(200);
    expect(res.body.deliveryResults.email).toBe(false);
    expect(readEmails(outboxDir).filter((m) => m.to === me.email && m.subject === 'Cadence test notification')).toEqual([]);
  });

  it('texts nothing to an unverified phone, even with SMS on (no SMS to a number nobody proved)', async () => {
    const me = await signedInUser(request, outboxDir);
    const victim = '+442079460958';
    expect((await request('PUT', '/users/profile', { token: me.accessToken, body: { phone: '+44 20 7946 0958' } })).status).toBe(200);
    await savePreferences(me.accessToken, (p) => {
      p.sms.enabled = true;
    });
    const before = readSms(outboxDir).filter((s) => s.to === victim).length;
    const res = await sendTest(me.accessToken, { channel: 'sms', message: 'Click http://evil.example to keep your bank account' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: false, deliveryResults: { email: false, sms: false, push: false, inApp: false } });
    expect(readSms(outboxDir).filter((s) => s.to === victim)).toHaveLength(before);
  });

  it('texts the fixed text to the phone once the coach verified it', async () => {
    const me = await signedInUser(request, outboxDir);
    const phone = uniquePhone().replace(/\s/g, '');
    expect((await request('PUT', '/users/profile', { token: me.accessToken, body: { phone } })).status).toBe(200);
    await savePreferences(me.accessToken, (p) => {
      p.sms.enabled = true;
    });
    expect((await request('POST', '/users/phone/verification', { token: me.accessToken })).status).toBe(200);
    const code = latestPhoneCode(outboxDir, phone);
    expect((await request('POST', '/users/phone/verification/confirm', { token: me.accessToken, body: { code } })).status).toBe(200);
    const res = await sendTest(me.accessToken, { message: 'ignored words' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deliveryResults).toMatchObject({ email: true, sms: true });
    const sms = readSms(outboxDir).filter((s) => s.to === phone && !s.text.includes('verification code'));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toBe(`Cadence: ${TEST_NOTIFICATION_TEXT}`);
  });

  it('reports SMS false when SMS is enabled but the account has no phone', async () => {
    const me = await signedInUser(request, outboxDir);
    expect((await request('PUT', '/users/profile', { token: me.accessToken, body: { phone: null } })).status).toBe(200);
    await savePreferences(me.accessToken, (p) => {
      p.sms.enabled = true;
    });
    const res = await sendTest(me.accessToken, {});
    expect(res.status).toBe(200);
    expect(res.body.deliveryResults).toMatchObject({ email: true, sms: false });
  });

  it('delivers nowhere when globalEnabled is false', async () => {
    const me = await signedInUser(request, outboxDir);
    await savePreferences(me.accessToken, (p) => {
      p.globalEnabled = false;
      p.sms.enabled = true;
    });
    const res = await sendTest(me.accessToken, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false, deliveryResults: { email: false, sms: false, push: false, inApp: false } });
    expect(readEmails(outboxDir).filter((m) => m.to === me.email && m.subject === 'Cadence test notification')).toEqual([]);
  });

  it('does not e-mail when the e-mail group is off', async () => {
    const me = await signedInUser(request, outboxDir);
    await savePreferences(me.accessToken, (p) => {
      p.email.enabled = false;
    });
    const res = await sendTest(me.accessToken, {});
    expect(res.status).toBe(200);
    expect(res.body.deliveryResults.email).toBe(false);
    expect(readEmails(outboxDir).filter((m) => m.to === me.email && m.subject === 'Cadence test notification')).toEqual([]);
  });

  it('pushes to a connected browser (push and inApp true) through the realtime socket', async () => {
    const me = await signedInUser(request, outboxDir);
    const config = await request<{ port: number; path: string }>('GET', '/realtime/config', { token: me.accessToken });
    expect(config.status).toBe(200);
    expect(config.body.path).toBe('/socket.io/');
    expect(config.body.port).toBeGreaterThan(0);

    const socket: Socket = io(`http://localhost:${config.body.port}`, { path: config.body.path, auth: { token: me.accessToken }, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('authenticated', () => resolve());
        socket.once('connect_error', reject);
      });
      const received = new Promise<{ message: string; type: string }>((resolve) => socket.once('notification', resolve));
      const res = await sendTest(me.accessToken, {});
      expect(res.status).toBe(200);
      expect(res.body.deliveryResults).toEqual({ email: true, sms: false, push: true, inApp: true });
      expect(await received).toMatchObject({ message: TEST_NOTIFICATION_TEXT, type: 'test' });
    } finally {
      socket.close();
    }
  });

  it('needs an access token', async () => {
    expect((await request('POST', '/users/test-notification', { body: {} })).status).toBe(401);
  });
});
