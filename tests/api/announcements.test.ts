import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ANNOUNCEMENT_TEXTS } from '@/lib/announcements';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@/lib/preferences';
import type { AnnouncementCreatedAnswer, AnnouncementRecipientsAnswer, AnnouncementsAnswer } from '@/lib/schemas/announcements';
import type { Subscription } from '@/lib/schemas/unsubscribe';
import * as schema from '../../server/db/schema';
import { client, readEmails, type OutboxEmail } from '../helpers/http';
import { TEST_JWT_SECRET } from '../helpers/stack';
import { signedInAdmin } from './admin-helpers';
import { openDb, signedInUser, type ErrorBody } from './helpers-auth';

/**
 * Issue 18 item 7 (decision 0092): announcements reach only the coaches whose switch is on, once
 * each, sent by the job; every marketing e-mail carries a one-click unsubscribe (RFC 8058) that
 * works without signing in.
 */

const baseUrl = inject('baseUrl');
const request = client(baseUrl);
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

type Coach = Awaited<ReturnType<typeof signedInUser>>;

async function coachWith(change: (p: NotificationPreferences) => void): Promise<Coach> {
  const coach = await signedInUser(request, outboxDir);
  const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  change(prefs);
  const res = await request('PUT', '/users/notifications', { token: coach.accessToken, body: { notificationPreferences: prefs } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return coach;
}

async function storedPrefs(userId: string): Promise<NotificationPreferences> {
  const [row] = await db<{ p: NotificationPreferences }[]>`select notification_preferences as p from users where id = ${userId}`;
  return row!.p;
}

/** Reviews (the count the confirmation shows), sends, and waits for the job to finish. */
async function announce(token: string, kind: 'marketing' | 'breaking_news', subject: string, body: string) {
  const count = await request<AnnouncementRecipientsAnswer>('GET', `/admin/announcements/recipients?kind=${kind}`, { token });
  expect(count.status).toBe(200);
  const sent = await request<AnnouncementCreatedAnswer & ErrorBody>('POST', '/admin/announcements', { token, body: { kind, subject, body, confirmedRecipients: count.body.recipients } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(202);
  const id = sent.body.announcement.id;
  await expect
    .poll(async () => (await request<AnnouncementsAnswer>('GET', '/admin/announcements', { token })).body.announcements.find((a) => a.id === id)?.completedAt ?? null, { timeout: 20_000 })
    .not.toBeNull();
  return id;
}

const mailsTo = (email: string, subject: string): OutboxEmail[] => readEmails(outboxDir).filter((m) => m.to === email && m.subject === subject);

function tokenOf(mail: OutboxEmail): string {
  const match = /^<(https?:\/\/[^>]+)\/api\/unsubscribe\/([A-Za-z0-9_-]+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '');
  expect(match, JSON.stringify(mail.headers)).not.toBeNull();
  return match![2]!;
}

describe('announcements', () => {
  it('e-mails marketing only to coaches with Marketing e-mails (and e-mail) on, once each, with RFC 8058 headers, and audit-logs it', async () => {
    const on = await coachWith((p) => void (p.email.marketingEmails = true));
    const off = await coachWith(() => {});
    const emailOff = await coachWith((p) => {
      p.email.marketingEmails = true;
      p.email.enabled = false;
    });
    const admin = await signedInAdmin(request, db);
    const subject = `Spring release ${on.user.id.slice(0, 8)}`;

    const stale = await request<ErrorBody>('POST', '/admin/announcements', { token: admin.token, body: { kind: 'marketing', subject, body: 'x', confirmedRecipients: 0 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(ANNOUNCEMENT_TEXTS.changedCount);
    expect(mailsTo(on.email, subject)).toEqual([]);

    await announce(admin.token, 'marketing', subject, 'Goals now have target dates.\n\nTry them today.');
    const mails = mailsTo(on.email, subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = tokenOf(mails[0]!);
    expect(mails[0]!.text).toContain(`/unsubscribe/${token}`);
    expect(mails[0]!.html).toContain('Try them today.');
    expect(mailsTo(off.email, subject)).toEqual([]);
    expect(mailsTo(emailOff.email, subject)).toEqual([]);

    const audit = await db<{ details: string }[]>`select details from security_log where user_id = ${admin.id} and type = 'admin_action'`;
    expect(audit.map((a) => a.details).join('\n')).toContain(subject);
  });

  it('pushes breaking news (and lists it in the bell) only to coaches with Breaking news on', async () => {
    const on = await coachWith((p) => void (p.push.breakingNews = true));
    const off = await coachWith(() => {});
    const admin = await signedInAdmin(request, db);
    const subject = `Outage fixed ${on.user.id.slice(0, 8)}`;
    await announce(admin.token, 'breaking_news', subject, 'Texts are flowing again.');
    const rows = await db<{ user_id: string; suppressed_reason: string | null }[]>`
      select user_id, suppressed_reason from notifications where type = 'breaking_news' and message like ${`${subject}%`}`;
    expect(rows).toEqual([{ user_id: on.user.id, suppressed_reason: null }]);
    const bell = await request<{ notifications: { type: string }[] }>('GET', '/notifications', { token: on.accessToken });
    expect(bell.body.notifications.map((n) => n.type)).toContain('breaking_news');
    expect(readEmails(outboxDir).filter((m) => m.subject === subject)).toEqual([]);
    expect(off.user.id).not.toBe(on.user.id);
  });

  it('refuses a push longer than a push shows, naming the field, and an empty subject', async () => {
    const admin = await signedInAdmin(request, db);
    const long = await request<ErrorBody>('POST', '/admin/announcements', { token: admin.token, body: { kind: 'breaking_news', subject: 'S', body: 'x'.repeat(301), confirmedRecipients: 1 } });
    expect(long.status).toBe(400);
    expect(long.body.details?.map((d) => d.field)).toEqual(['body']);
    const empty = await request<ErrorBody>('POST', '/admin/announcements', { token: admin.token, body: { kind: 'marketing', subject: '  ', body: 'x', confirmedRecipients: 1 } });
    expect(empty.status).toBe(400);
    expect(empty.body.details?.map((d) => d.field)).toEqual(['subject']);
  });

  describe('two workers at once', () => {
    const saved = { ...process.env };
    const pools: postgres.Sql[] = [];
    beforeAll(() => {
      // The service runs in this process against the stack's database and outbox, as a second instance would.
      Object.assign(process.env, { DATABASE_URL: inject('databaseUrl'), JWT_SECRET: TEST_JWT_SECRET, OUTBOX_DIR: outboxDir, APP_URL: baseUrl, LOG_LEVEL: 'silent' });
    });
    afterAll(async () => {
      process.env = saved;
      await Promise.all(pools.map((p) => p.end()));
    });

    it('send each coach the announcement once', async () => {
      const coaches = await Promise.all([1, 2, 3, 4, 5].map(() => coachWith((p) => void (p.email.marketingEmails = true))));
      const subject = `Two workers ${coaches[0]!.user.id.slice(0, 8)}`;
      // Recorded directly, so only the two workers below send it (no job is queued).
      const [a] = await db<{ id: string }[]>`insert into announcements (kind, subject, body, confirmed_recipients) values ('marketing', ${subject}, 'Hello', 5) returning id`;
      const { sendAnnouncementBatch } = await import('../../server/services/announcements');
      const worker = async () => {
        const sql = postgres(inject('databaseUrl'), { max: 2, onnotice: () => {} });
        pools.push(sql);
        const edb = drizzle(sql, { schema });
        for (;;) {
          const { more } = await sendAnnouncementBatch(a!.id, { db: edb, batchSize: 2 });
          if (!more) return;
        }
      };
      await Promise.all([worker(), worker()]);
      for (const coach of coaches) expect(mailsTo(coach.email, subject), coach.email).toHaveLength(1);
      const [done] = await db<{ completed_at: Date | null }[]>`select completed_at from announcements where id = ${a!.id}`;
      expect(done!.completed_at).not.toBeNull();
    });
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  async function marketingToken(): Promise<{ coach: Coach; token: string }> {
    const coach = await coachWith((p) => {
      p.email.marketingEmails = true;
      p.email.weeklyDigest = true;
    });
    const admin = await signedInAdmin(request, db);
    const subject = `News ${coach.user.id.slice(0, 8)}`;
    await announce(admin.token, 'marketing', subject, 'Hello');
    return { coach, token: tokenOf(mailsTo(coach.email, subject)[0]!) };
  }

  it("the mail client's POST turns only that list off and answers 200, without signing in; again changes nothing", async () => {
    const { coach, token } = await marketingToken();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await request<Subscription>('POST', `/unsubscribe/${token}`, { rawBody: 'List-Unsubscribe=One-Click', headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ list: 'marketing', subscribed: false });
    expect(res.body.email).not.toContain(coach.email.split('@')[0]);
    const prefs = await storedPrefs(coach.user.id);
    expect(prefs.email.marketingEmails).toBe(false);
    expect(prefs.email.weeklyDigest).toBe(true);
    expect(prefs.email.enabled).toBe(true);
    expect((await request('POST', `/unsubscribe/${token}`, { rawBody: 'List-Unsubscribe=One-Click', headers })).status).toBe(200);
  });

  it('a GET (a link scanner, a browser) changes nothing and leads to the confirmation page; the page can unsubscribe and resubscribe', async () => {
    const { coach, token } = await marketingToken();
    const landing = await request('GET', `/unsubscribe/${token}`);
    expect(landing.status).toBe(303);
    expect(landing.headers.get('location')).toBe(`/unsubscribe/${token}`);
    expect((await storedPrefs(coach.user.id)).email.marketingEmails).toBe(true);

    const shown = await request<Subscription>('GET', `/unsubscribe/${token}/subscription`);
    expect(shown.body).toMatchObject({ list: 'marketing', subscribed: true });
    expect((await request<Subscription>('PUT', `/unsubscribe/${token}/subscription`, { body: { subscribed: false } })).body.subscribed).toBe(false);
    expect((await storedPrefs(coach.user.id)).email.marketingEmails).toBe(false);
    expect((await request<Subscription>('PUT', `/unsubscribe/${token}/subscription`, { body: { subscribed: true } })).body.subscribed).toBe(true);
    expect((await storedPrefs(coach.user.id)).email.marketingEmails).toBe(true);
  });

  it('refuses an altered or made-up token with 404 and changes nothing', async () => {
    const { coach, token } = await marketingToken();
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [altered, 'not-a-token']) {
      expect((await request('POST', `/unsubscribe/${bad}`, { rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(404);
      expect((await request('GET', `/unsubscribe/${bad}/subscription`)).status).toBe(404);
    }
    expect((await storedPrefs(coach.user.id)).email.marketingEmails).toBe(true);
  });
});
