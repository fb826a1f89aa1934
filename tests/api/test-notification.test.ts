import fs from 'node:fs';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SETTINGS_VALIDATION } from '@/lib/constants';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@/lib/preferences';
import { client, readEmails } from '../helpers/http';
import { openDb, signedInUser, type ErrorBody } from './helpers-auth';

const baseUrl = inject('baseUrl');
const request = client(baseUrl);
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

interface DeliveryBody extends ErrorBody {
  success: boolean;
  deliveryResults: { email: boolean; sms: boolean; push: boolean; inApp: boolean };
}

interface OutboxSms {
  to: string;
  from: string;
  text: string;
}

const sendTest = (token: string, body: unknown) => request<DeliveryBody>('POST', '/users/test-notification', { token, body });

function readSms(): OutboxSms[] {
  const file = path.join(outboxDir, 'sms.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxSms);
}

async function savePreferences(token: string, change: (prefs: typeof DEFAULT_NOTIFICATION_PREFERENCES) => void) {
  const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  change(prefs);
  const res = await request('PUT', '/users/notifications', { token, body: { notificationPreferences: prefs } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('POST /users/test-notification', () => {
  it.each([{ message: '' }, { message: '   \n\t ' }, {}, { message: null }])('answers 400 "Please enter a test message" for %j', async (body) => {
    const me = await signedInUser(request, outboxDir);
    const res = await sendTest(me.accessToken, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTINGS_VALIDATION.testMessageRequired);
    expect(res.body.details).toEqual([{ field: 'message', message: SETTINGS_VALIDATION.testMessageRequired }]);
  });

  it('delivers by e-mail and not by SMS with the default preferences', async () => {
    const me = await signedInUser(request, outboxDir);
    const message = `Hello from the test ${me.user.id}`;
    const res = await sendTest(me.accessToken, { message: `  ${message}  ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, deliveryResults: { email: true, sms: false, push: false, inApp: false } });
    const mails = readEmails(outboxDir).filter((m) => m.to === me.email && m.text.includes(message));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain(`  ${message}`);
    expect(readSms().filter((s) => s.text.includes(message))).toEqual([]);
    const rows = await db<{ type: string; message: string }[]>`select type, message from notifications where user_id = ${me.user.id}`;
    expect(rows).toEqual([{ type: 'test', message }]);
  });

  it('delivers by SMS to the user\'s phone once SMS is enabled', async () => {
    const me = await signedInUser(request, outboxDir);
    expect((await request('PUT', '/users/profile', { token: me.accessToken, body: { phone: '+44 20 7946 0958' } })).status).toBe(200);
    await savePreferences(me.accessToken, (p) => {
      p.sms.enabled = true;
    });
    const message = `SMS test ${me.user.id}`;
    const res = await sendTest(me.accessToken, { message });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deliveryResults).toMatchObject({ email: true, sms: true });
    const sms = readSms().filter((s) => s.text.includes(message));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.to).toBe('+442079460958');
  });

  it('reports SMS false when SMS is enabled but the account has no phone', async () => {
    const me = await signedInUser(request, outboxDir);
    expect((await request('PUT', '/users/profile', { token: me.accessToken, body: { phone: null } })).status).toBe(200);
    await savePreferences(me.accessToken, (p) => {
      p.sms.enabled = true;
    });
    const message = `No phone ${me.user.id}`;
    const res = await sendTest(me.accessToken, { message });
    expect(res.status).toBe(200);
    expect(res.body.deliveryResults).toMatchObject({ email: true, sms: false });
    expect(readSms().filter((s) => s.text.includes(message))).toEqual([]);
  });

  it('delivers nowhere when globalEnabled is false', async () => {
    const me = await signedInUser(request, outboxDir);
    await savePreferences(me.accessToken, (p) => {
      p.globalEnabled = false;
      p.sms.enabled = true;
    });
    const message = `Muted ${me.user.id}`;
    const res = await sendTest(me.accessToken, { message });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false, deliveryResults: { email: false, sms: false, push: false, inApp: false } });
    expect(readEmails(outboxDir).filter((m) => m.text.includes(message))).toEqual([]);
    expect(readSms().filter((s) => s.text.includes(message))).toEqual([]);
  });

  it('does not e-mail when the e-mail group is off', async () => {
    const me = await signedInUser(request, outboxDir);
    await savePreferences(me.accessToken, (p) => {
      p.email.enabled = false;
    });
    const message = `No mail ${me.user.id}`;
    const res = await sendTest(me.accessToken, { message });
    expect(res.status).toBe(200);
    expect(res.body.deliveryResults.email).toBe(false);
    expect(readEmails(outboxDir).filter((m) => m.text.includes(message))).toEqual([]);
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
      const message = `Socket test ${me.user.id}`;
      const res = await sendTest(me.accessToken, { message });
      expect(res.status).toBe(200);
      expect(res.body.deliveryResults).toEqual({ email: true, sms: false, push: true, inApp: true });
      expect(await received).toMatchObject({ message, type: 'test' });
    } finally {
      socket.close();
    }
  });

  it('needs an access token', async () => {
    expect((await request('POST', '/users/test-notification', { body: { message: 'hi' } })).status).toBe(401);
  });
});
