import { afterAll, describe, expect, inject, it } from 'vitest';
import { SETTINGS_TOASTS } from '@/lib/constants';
import { DEFAULT_APPEARANCE_PREFERENCES, DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@/lib/preferences';
import { client } from '../helpers/http';
import { openDb, signedInUser, type ErrorBody } from './helpers-auth';
import type { NotificationPreferencesResponse } from '@/lib/schemas/account';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

const clone = <T>(value: T): T => structuredClone(value);

/** Every switch moved away from its default, so a value that is not saved shows. */
function customPreferences(): NotificationPreferences {
  const prefs = clone(DEFAULT_NOTIFICATION_PREFERENCES);
  prefs.email.marketingEmails = true;
  prefs.email.weeklyDigest = false;
  prefs.sms = { enabled: true, urgentOnly: false, checkInReminders: true, goalDeadlines: true, emergencyContacts: false };
  prefs.push.breakingNews = true;
  prefs.inApp.aiInsights = false;
  prefs.schedule = { quietHours: { enabled: true, startTime: '21:30', endTime: '07:15' }, timezone: 'Europe/London', workdaysOnly: true, maxDailyNotifications: 25 };
  prefs.content = { frequency: 'daily', summary: false, detailLevel: 'detailed' };
  return prefs;
}

type NotificationsBody = NotificationPreferencesResponse & ErrorBody;

const putNotifications = (token: string, notificationPreferences: unknown) =>
  request<NotificationsBody>('PUT', '/users/notifications', { token, body: { notificationPreferences } });
const putAppearance = (token: string, appearancePreferences: unknown) =>
  request<ErrorBody & { appearancePreferences: unknown }>('PUT', '/users/appearance', { token, body: { appearancePreferences } });
const profile = async (token: string) =>
  (await request<{ user: { notificationPreferences: unknown; appearancePreferences: unknown } }>('GET', '/users/profile', { token })).body.user;

/** Sets a value deep inside a copy of the defaults; `undefined` removes the key. */
function withValue(path: string, value: unknown): Record<string, unknown> {
  const prefs = clone(DEFAULT_NOTIFICATION_PREFERENCES) as unknown as Record<string, unknown>;
  const keys = path.split('.');
  let node = prefs;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return prefs;
}

describe('PUT /users/notifications', () => {
  it('saves a full valid object, answers it and GET /users/profile returns it', async () => {
    const me = await signedInUser(request, outboxDir);
    const prefs = customPreferences();
    const res = await putNotifications(me.accessToken, prefs);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: SETTINGS_TOASTS.notificationsSaved });
    expect(res.body.notificationPreferences).toEqual(prefs);
    expect((await profile(me.accessToken)).notificationPreferences).toEqual(prefs);
  });

  it('accepts the defaults as they are', async () => {
    const me = await signedInUser(request, outboxDir);
    expect((await putNotifications(me.accessToken, customPreferences())).status).toBe(200);
    const res = await putNotifications(me.accessToken, DEFAULT_NOTIFICATION_PREFERENCES);
    expect(res.status).toBe(200);
    expect((await profile(me.accessToken)).notificationPreferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('drops keys the schema does not know instead of storing them', async () => {
    const me = await signedInUser(request, outboxDir);
    const prefs = { ...customPreferences(), injected: { a: 1 }, email: { ...customPreferences().email, extra: true } };
    const res = await putNotifications(me.accessToken, prefs);
    expect(res.status).toBe(200);
    expect(res.body.notificationPreferences).toEqual(customPreferences());
    const [row] = await db<{ prefs: Record<string, unknown> }[]>`select notification_preferences as prefs from users where id = ${me.user.id}`;
    expect(row!.prefs).toEqual(customPreferences());
  });

  it.each([
    ['a missing top-level key', 'globalEnabled', undefined],
    ['a missing group', 'inApp', undefined],
    ['a missing switch', 'email.weeklyDigest', undefined],
    ['a missing quiet-hour time', 'schedule.quietHours.endTime', undefined],
    ['a string for a boolean', 'globalEnabled', 'yes'],
    ['a number for a boolean', 'push.aiInsights', 1],
    ['a string for the daily cap', 'schedule.maxDailyNotifications', '10'],
    ['a daily cap of 0', 'schedule.maxDailyNotifications', 0],
    ['a daily cap of 51', 'schedule.maxDailyNotifications', 51],
    ['a fractional daily cap', 'schedule.maxDailyNotifications', 2.5],
    ['a start time of 25:00', 'schedule.quietHours.startTime', '25:00'],
    ['an end time of 7:00', 'schedule.quietHours.endTime', '7:00'],
    ['an unknown schedule timezone', 'schedule.timezone', 'Moon/Tranquility'],
    ['an unknown frequency', 'content.frequency', 'hourly-ish'],
    ['an unknown detail level', 'content.detailLevel', 'verbose'],
  ])('answers 400 with the field path for %s', async (_what, path, value) => {
    const me = await signedInUser(request, outboxDir);
    const res = await putNotifications(me.accessToken, withValue(path, value));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect(res.body.details?.map((d) => d.field)).toContain(`notificationPreferences.${path}`);
    expect((await profile(me.accessToken)).notificationPreferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it.each([1, 50])('accepts a daily cap of %i', async (cap) => {
    const me = await signedInUser(request, outboxDir);
    const res = await putNotifications(me.accessToken, withValue('schedule.maxDailyNotifications', cap));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.notificationPreferences.schedule.maxDailyNotifications).toBe(cap);
  });

  it('answers 400 when the body does not hold notificationPreferences', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<ErrorBody>('PUT', '/users/notifications', { token: me.accessToken, body: DEFAULT_NOTIFICATION_PREFERENCES });
    expect(res.status).toBe(400);
    expect(res.body.details?.map((d) => d.field)).toEqual(['notificationPreferences']);
  });

  it('needs an access token', async () => {
    expect((await request('PUT', '/users/notifications', { body: { notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES } })).status).toBe(401);
  });
});

describe('PUT /users/appearance', () => {
  it('saves valid preferences, answers them and GET /users/profile returns them', async () => {
    const me = await signedInUser(request, outboxDir);
    const prefs = { theme: 'dark', compactView: true, colorScheme: 'sage', fontSize: 'large' };
    const res = await putAppearance(me.accessToken, prefs);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: SETTINGS_TOASTS.appearanceSaved, appearancePreferences: prefs });
    expect((await profile(me.accessToken)).appearancePreferences).toEqual(prefs);
  });

  it.each(['light', 'dark', 'system'])('accepts the theme %s', async (theme) => {
    const me = await signedInUser(request, outboxDir);
    const res = await putAppearance(me.accessToken, { ...DEFAULT_APPEARANCE_PREFERENCES, theme });
    expect(res.status).toBe(200);
    expect((await profile(me.accessToken)).appearancePreferences).toMatchObject({ theme });
  });

  it.each([
    ['theme', { theme: 'neon' }],
    ['theme', { theme: undefined }],
    ['colorScheme', { colorScheme: 'blue' }],
    ['fontSize', { fontSize: 'huge' }],
    ['compactView', { compactView: 'true' }],
  ])('answers 400 on appearancePreferences.%s for %j', async (field, change) => {
    const me = await signedInUser(request, outboxDir);
    const res = await putAppearance(me.accessToken, { ...DEFAULT_APPEARANCE_PREFERENCES, theme: 'dark', ...change });
    expect(res.status).toBe(400);
    expect(res.body.details?.map((d) => d.field)).toEqual([`appearancePreferences.${field}`]);
    expect((await profile(me.accessToken)).appearancePreferences).toEqual(DEFAULT_APPEARANCE_PREFERENCES);
  });
});
