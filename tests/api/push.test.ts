import { afterAll, describe, expect, it } from 'vitest';
import { TEST_NOTIFICATION_TEXT } from '@/lib/constants';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@/lib/preferences';
import type { TestNotificationResponse } from '@/lib/schemas/account';
import type { NotificationList, PushDevices } from '@/lib/schemas/notifications';
import { postClientReply } from '../../scripts/client-reply';
import { startFakePushService, type FakePushService } from '../helpers/fake-push';
import { FAKE_TWILIO_ACCOUNT } from '../helpers/fake-providers';
import { createClient, eventually } from './engine-helpers';
import { engineSuite } from './engine-stack';
import { signedInUser, type ErrorBody } from './helpers-auth';

/**
 * Web Push end to end (issue 18 item 4): the app encrypts with `web-push` and its VAPID key, a local
 * push service decrypts as a browser would; and the bell's endpoints (item 5). Its own stack, which
 * trusts the fake service's certificate.
 */

const CHROME_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

let push: FakePushService;
// The push service first: the app trusts its certificate from the start.
const e = engineSuite(async () => {
  push = await startFakePushService();
  return { NODE_EXTRA_CA_CERTS: push.caFile, PUSH_SERVICE_HOSTS_EXTRA: 'localhost' };
});
afterAll(() => push?.close());

async function coach() {
  const me = await signedInUser(e.request, e.stack.outboxDir);
  return { token: me.accessToken, id: me.user.id };
}

const subscribe = (token: string, body: unknown) =>
  e.request<{ success: true; device: PushDevices['devices'][number] } & ErrorBody>('POST', '/push/subscriptions', { token, body, headers: { 'user-agent': CHROME_ON_MAC } });
const devices = (token: string) => e.request<PushDevices>('GET', '/push/subscriptions', { token });
const sendTest = (token: string, channel?: string) => e.request<TestNotificationResponse>('POST', '/users/test-notification', { token, body: channel ? { channel } : {} });
const list = (token: string, query = '') => e.request<NotificationList & ErrorBody>('GET', `/notifications${query}`, { token });

describe('push subscriptions', () => {
  it('stores a device labelled from its user agent, lists it with the VAPID key, and replaces it when the same browser subscribes again', async () => {
    const me = await coach();
    const sub = push.subscribe();
    const first = await subscribe(me.token, sub.json);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.device.deviceLabel).toBe('Chrome 142 (Apple Macintosh) on macOS 10.15.7');
    const again = await subscribe(me.token, { ...sub.json, expirationTime: null });
    expect(again.status).toBe(201);
    const mine = await devices(me.token);
    expect(mine.status).toBe(200);
    expect(mine.body.devices.map((d) => d.endpoint)).toEqual([sub.json.endpoint]);
    // An uncompressed P-256 point, base64url: what PushManager.subscribe takes as applicationServerKey.
    expect(Buffer.from(mine.body.publicKey, 'base64url')).toHaveLength(65);
  });

  it('hands the device over when another account subscribes the same browser', async () => {
    const [a, b] = [await coach(), await coach()];
    const sub = push.subscribe();
    expect((await subscribe(a.token, sub.json)).status).toBe(201);
    expect((await subscribe(b.token, sub.json)).status).toBe(201);
    expect((await devices(a.token)).body.devices).toEqual([]);
    expect((await devices(b.token)).body.devices).toHaveLength(1);
  });

  it('refuses a subscription that is not one, naming the field', async () => {
    const me = await coach();
    const sub = push.subscribe().json;
    const plainHttp = await subscribe(me.token, { ...sub, endpoint: sub.endpoint.replace('https:', 'http:') });
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.body.details?.map((d) => d.field)).toEqual(['endpoint']);
    const badKey = await subscribe(me.token, { ...sub, keys: { ...sub.keys, p256dh: 'short' } });
    expect(badKey.status).toBe(400);
    expect(badKey.body.details?.map((d) => d.field)).toEqual(['keys.p256dh']);
  });

  it('refuses an endpoint that is no push service, so the server never connects to internal addresses', async () => {
    const me = await coach();
    const { keys } = push.subscribe().json;
    for (const endpoint of [
      'https://127.0.0.1:9555/probe',
      'https://10.0.0.7/push',
      'https://169.254.169.254/latest/meta-data',
      'https://intranet.example.com/push',
      'https://fcm.googleapis.com.attacker.example/fcm/send/1',
      'https://fcm.googleapis.com@127.0.0.1/fcm/send/1',
    ]) {
      const res = await subscribe(me.token, { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.details?.map((d) => d.field), endpoint).toEqual(['endpoint']);
    }
    // The browsers' own services are accepted as they are.
    const chrome = await subscribe(me.token, { endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`, keys });
    expect(chrome.status).toBe(201);
    const firefox = await subscribe(me.token, { endpoint: `https://updates.push.services.mozilla.com/wpush/v2/${crypto.randomUUID()}`, keys });
    expect(firefox.status).toBe(201);
  });

  it('never connects to a stored endpoint that is not accepted, and forgets it', async () => {
    const me = await coach();
    const sub = push.subscribe();
    // Stored before the host check: the same fake service, named by its address instead of "localhost".
    const byAddress = sub.json.endpoint.replace('//localhost:', '//127.0.0.1:');
    await e.db`insert into push_subscriptions (user_id, endpoint, p256dh, auth, device_label) values (${me.id}, ${byAddress}, ${sub.json.keys.p256dh}, ${sub.json.keys.auth}, 'old row')`;
    const res = await sendTest(me.token, 'push');
    expect(res.body.deliveryResults.push).toBe(false);
    expect(push.to(sub.id)).toEqual([]);
    expect((await devices(me.token)).body.devices).toEqual([]);
  });

  it('removes a device of the caller only', async () => {
    const [me, other] = [await coach(), await coach()];
    const { body } = await subscribe(me.token, push.subscribe().json);
    expect((await e.request('DELETE', `/push/subscriptions/${body.device.id}`, { token: other.token })).status).toBe(404);
    expect((await e.request('DELETE', `/push/subscriptions/${body.device.id}`, { token: me.token })).status).toBe(200);
    expect((await e.request('DELETE', `/push/subscriptions/${body.device.id}`, { token: me.token })).status).toBe(404);
    expect((await devices(me.token)).body.devices).toEqual([]);
  });
});

describe('push delivery', () => {
  it('sends a new notification to every device, encrypted (aes128gcm) and signed with the VAPID key, with the title and the screen to open', async () => {
    const me = await coach();
    const [phone, laptop] = [push.subscribe(), push.subscribe()];
    await subscribe(me.token, phone.json);
    await subscribe(me.token, laptop.json);
    const res = await sendTest(me.token, 'push');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deliveryResults.push).toBe(true);
    const publicKey = (await devices(me.token)).body.publicKey;
    for (const device of [phone, laptop]) {
      const got = push.to(device.id);
      expect(got).toHaveLength(1);
      expect(got[0]!.payload).toMatchObject({ title: 'Test notification', body: TEST_NOTIFICATION_TEXT, url: '/settings?tab=notifications' });
      expect(got[0]!.headers['content-encoding']).toBe('aes128gcm');
      expect(got[0]!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
      expect(Number(got[0]!.headers.ttl)).toBeGreaterThan(0);
    }
    const [row] = await e.db<{ id: string }[]>`select id from notifications where user_id = ${me.id}`;
    expect(push.to(phone.id)[0]!.payload.id).toBe(row!.id);
    expect((await devices(me.token)).body.devices.every((d) => d.lastSuccessAt !== null)).toBe(true);
  });

  it('sends nothing when the push switch is off', async () => {
    const me = await coach();
    const sub = push.subscribe();
    await subscribe(me.token, sub.json);
    const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    prefs.push.enabled = false;
    expect((await e.request('PUT', '/users/notifications', { token: me.token, body: { notificationPreferences: prefs } })).status).toBe(200);
    const res = await sendTest(me.token);
    expect(res.body.deliveryResults.push).toBe(false);
    expect(push.to(sub.id)).toEqual([]);
  });

  it('forgets a device the push service says is gone (410) and keeps the others', async () => {
    const me = await coach();
    const [gone, alive] = [push.subscribe(), push.subscribe()];
    await subscribe(me.token, gone.json);
    await subscribe(me.token, alive.json);
    push.answer(gone.id, 410);
    const res = await sendTest(me.token, 'push');
    expect(res.body.deliveryResults.push).toBe(true);
    expect((await devices(me.token)).body.devices.map((d) => d.endpoint)).toEqual([alive.json.endpoint]);
    expect(push.to(alive.id)).toHaveLength(1);
  });

  it('reports push as not delivered when the only device is gone (404), and forgets it', async () => {
    const me = await coach();
    const sub = push.subscribe();
    await subscribe(me.token, sub.json);
    push.answer(sub.id, 404);
    const res = await sendTest(me.token, 'push');
    expect(res.body.deliveryResults.push).toBe(false);
    expect((await devices(me.token)).body.devices).toEqual([]);
  });
});

describe('push for what the product notifies', () => {
  const text = (from: string, body: string) => postClientReply({ appUrl: e.stack.baseUrl, authToken: FAKE_TWILIO_ACCOUNT.authToken, from, body, to: FAKE_TWILIO_ACCOUNT.from });

  it('pushes a client’s text (checkin_response) while push “Client messages” is on, and only to the bell when it is off', async () => {
    const me = await coach();
    const sub = push.subscribe();
    await subscribe(me.token, sub.json);
    const c = await createClient(e.request, me.token, { firstName: 'Pushy' });
    // A number we texted: its texts are routed to this coach (a number we never texted reaches nobody).
    const sent = await e.request('POST', '/checkins/ai/initiate', { token: me.token, body: { clientId: c.id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await text(c.phone, 'Can we move Thursday?')).status).toBe(200);
    const [got] = await eventually(async () => push.to(sub.id), (l) => l.length > 0, 15_000, 'the push');
    expect(got!.payload).toMatchObject({ title: 'Client reply', url: '/dashboard' });
    expect(got!.payload.body).toContain('Can we move Thursday?');

    const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    prefs.push.clientMessages = false;
    expect((await e.request('PUT', '/users/notifications', { token: me.token, body: { notificationPreferences: prefs } })).status).toBe(200);
    expect((await text(c.phone, 'Or Friday?')).status).toBe(200);
    await eventually(() => list(me.token), (r) => r.body.notifications.some((n) => n.message.includes('Or Friday?')), 15_000, 'the bell entry');
    expect(push.to(sub.id)).toHaveLength(1);
  });
});

describe('the bell', () => {
  it('lists what was sent newest first with titles and links, pages with a cursor, and leaves out what was held back', async () => {
    const me = await coach();
    await e.db`insert into notifications (user_id, type, message, created_at, delivered_at) values
      (${me.id}, 'checkin_response', 'Ada replied', now() - interval '3 minutes', now() - interval '3 minutes'),
      (${me.id}, 'goal_completed', 'Ada reached the goal', now() - interval '2 minutes', now() - interval '2 minutes')`;
    // Held until quiet hours end (not delivered yet), and dropped with notifications switched off.
    await e.db`insert into notifications (user_id, type, message, created_at, deliver_at, held_reason) values
      (${me.id}, 'system', 'Held in quiet hours', now() - interval '1 minute', now() + interval '8 hours', 'quiet_hours')`;
    await e.db`insert into notifications (user_id, type, message, created_at, suppressed_reason) values
      (${me.id}, 'system', 'Dropped: notifications off', now() - interval '1 minute', 'disabled')`;
    const first = await list(me.token, '?limit=1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.unreadCount).toBe(2);
    expect(first.body.notifications).toMatchObject([{ type: 'goal_completed', title: 'Goal reached', message: 'Ada reached the goal', link: '/dashboard', readAt: null }]);
    const second = await list(me.token, `?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.notifications.map((n) => n.message)).toEqual(['Ada replied']);
    expect(second.body.nextCursor).toBeNull();
    const bad = await list(me.token, '?cursor=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.details?.map((d) => d.field)).toEqual(['cursor']);
  });

  it('marks one read, then all, and never another account’s', async () => {
    const [me, other] = [await coach(), await coach()];
    await sendTest(me.token, 'inApp');
    await sendTest(me.token, 'inApp');
    const before = await list(me.token);
    expect(before.body.unreadCount).toBe(2);
    const id = before.body.notifications[0]!.id;
    expect((await e.request('POST', `/notifications/${id}/read`, { token: other.token })).status).toBe(404);
    const one = await e.request<{ unreadCount: number }>('POST', `/notifications/${id}/read`, { token: me.token });
    expect(one.status).toBe(200);
    expect(one.body.unreadCount).toBe(1);
    expect((await list(me.token)).body.notifications.find((n) => n.id === id)!.readAt).not.toBeNull();
    const all = await e.request<{ unreadCount: number }>('POST', '/notifications/read-all', { token: me.token });
    expect(all.body.unreadCount).toBe(0);
    expect((await list(me.token)).body.notifications.every((n) => n.readAt !== null)).toBe(true);
  });
});
