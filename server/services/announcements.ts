import { and, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { ANNOUNCEMENT_KIND_LABELS, ANNOUNCEMENT_LIMITS, ANNOUNCEMENT_RATE_LIMIT, ANNOUNCEMENT_TEXTS, type AnnouncementKind } from '@/lib/announcements';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@/lib/preferences';
import type { Announcement, NewAnnouncement } from '@/lib/schemas/announcements';
import { UNSUBSCRIBE_TEXTS } from '@/lib/unsubscribe';
import { getDb, type Executor } from '../db/client';
import { announcementDeliveries, announcements, users } from '../db/schema';
import { AppError } from '../http/errors';
import type { RequestInfo } from '../http/request-info';
import { enqueue } from '../jobs/queue';
import { log } from '../log';
import { sendEmail } from '../providers/email';
import { recordAdminAction, type AdminActor } from './admin-audit';
import { notifyCoach } from './notifications';
import { hitRateLimit } from './rate-limit';
import { unsubscribeLink } from './unsubscribe';

/**
 * Product announcements (issue 18 item 7, decision 0092). An administrator confirms the number of
 * recipients and sends; a job then works through the coaches in batches. Each coach is claimed
 * with a row in announcement_deliveries (`on conflict do nothing returning`) before anything is
 * sent, in its own statement, so two workers or a retried job never send twice to one coach, and
 * no transaction is open while the provider is called. Who receives it is decided at each batch,
 * among the accounts that existed when the admin confirmed: a coach who switches it off while the
 * job runs is not sent it.
 */

export const ANNOUNCEMENTS_QUEUE = 'announcements';

const prefs = sql`coalesce(${users.notificationPreferences}, ${JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES)}::jsonb)`;
const on = (path: string) => sql`coalesce((${prefs} #>> ${path}::text[])::boolean, false)`;

/** Verified, active coaches whose settings let this kind through. */
function recipientsWhere(kind: AnnouncementKind): SQL {
  const channel = kind === 'marketing' ? and(on('{email,enabled}'), on('{email,marketingEmails}')) : and(on('{push,enabled}'), on('{push,breakingNews}'));
  return and(eq(users.role, 'coach'), eq(users.isVerified, true), isNull(users.deletedAt), on('{globalEnabled}'), channel)!;
}

export async function countRecipients(kind: AnnouncementKind, db: Executor = getDb()): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(recipientsWhere(kind));
  return row?.n ?? 0;
}

type AnnouncementRow = typeof announcements.$inferSelect;

async function withProgress(rows: AnnouncementRow[]): Promise<Announcement[]> {
  if (!rows.length) return [];
  const counts = await getDb()
    .select({
      id: announcementDeliveries.announcementId,
      sent: sql<number>`count(${announcementDeliveries.sentAt})::int`,
      failed: sql<number>`count(${announcementDeliveries.failure})::int`,
    })
    .from(announcementDeliveries)
    .where(inArray(announcementDeliveries.announcementId, rows.map((r) => r.id)))
    .groupBy(announcementDeliveries.announcementId);
  const byId = new Map(counts.map((c) => [c.id, c]));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind === 'breaking_news' ? 'breaking_news' : 'marketing',
    subject: r.subject,
    body: r.body,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy,
    confirmedRecipients: r.confirmedRecipients,
    sent: byId.get(r.id)?.sent ?? 0,
    failed: byId.get(r.id)?.failed ?? 0,
    completedAt: r.completedAt?.toISOString() ?? null,
  }));
}

export async function listAnnouncements(): Promise<Announcement[]> {
  const rows = await getDb().select().from(announcements).orderBy(desc(announcements.createdAt)).limit(ANNOUNCEMENT_LIMITS.listed);
  return withProgress(rows);
}

/**
 * POST /admin/announcements: checks the confirmed count still holds, records the announcement and
 * its audit entry together, then hands the sending to the job.
 */
export async function createAnnouncement(actor: AdminActor, input: NewAnnouncement, info: RequestInfo, now = new Date()): Promise<Announcement> {
  await hitRateLimit(ANNOUNCEMENT_RATE_LIMIT, actor.id, now);
  const created = await getDb().transaction(async (tx) => {
    const recipients = await countRecipients(input.kind, tx);
    if (recipients === 0) throw new AppError(409, 'NO_RECIPIENTS', ANNOUNCEMENT_TEXTS.noRecipients);
    if (recipients !== input.confirmedRecipients) {
      throw new AppError(409, 'RECIPIENTS_CHANGED', ANNOUNCEMENT_TEXTS.changedCount, { fields: { recipients } });
    }
    const [row] = await tx
      .insert(announcements)
      .values({ kind: input.kind, subject: input.subject, body: input.body, createdBy: actor.id, confirmedRecipients: recipients, createdAt: now })
      .returning();
    await recordAdminAction(actor, `Sent ${ANNOUNCEMENT_KIND_LABELS[input.kind].toLowerCase()} “${input.subject}” to ${recipients} coach${recipients === 1 ? '' : 'es'}`, info, tx);
    return row!;
  });
  await enqueue(ANNOUNCEMENTS_QUEUE, { announcementId: created.id }, runAnnouncementJob);
  const [shown] = await withProgress([created]);
  return shown!;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A marketing e-mail: the admin's words, and the unsubscribe link in the footer and the headers. */
async function sendMarketing(user: { id: string; email: string }, a: AnnouncementRow): Promise<void> {
  const unsubscribe = unsubscribeLink(user, 'marketing');
  const paragraphs = a.body.split(/\n{2,}/);
  const html = `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1c1917">
<h2 style="color:#a16207">Cadence</h2>${paragraphs.map((p) => `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(p)}</p>`).join('')}
<p style="font-size:12px;color:#6b7280;border-top:1px solid #e7e5e4;padding-top:12px">${escapeHtml(UNSUBSCRIBE_TEXTS.footer)} <a href="${escapeHtml(unsubscribe.footerUrl)}">${escapeHtml(unsubscribe.footerUrl)}</a></p></div>`;
  await sendEmail({ to: user.email, subject: a.subject, text: `${a.body}\n\n— Cadence\n\n${UNSUBSCRIBE_TEXTS.footer} ${unsubscribe.footerUrl}`, html, headers: unsubscribe.headers }, user.id);
}

async function sendOne(user: { id: string; email: string }, a: AnnouncementRow, now: Date): Promise<string | null> {
  try {
    if (a.kind === 'marketing') {
      await sendMarketing(user, a);
      return null;
    }
    const result = await notifyCoach(user.id, { type: 'breaking_news', message: `${a.subject}: ${a.body}`, subject: a.subject }, now);
    return result.suppressedReason ?? null;
  } catch (error) {
    log.warn({ err: error, userId: user.id, announcementId: a.id }, 'announcement send failed');
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * One batch: up to `batchSize` recipients not yet claimed are claimed, then sent to one by one.
 * Answers how many this call sent and whether any recipient is left.
 */
export async function sendAnnouncementBatch(
  announcementId: string,
  options: { now?: Date; batchSize?: number; db?: Executor } = {},
): Promise<{ sent: number; more: boolean }> {
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? ANNOUNCEMENT_LIMITS.batchSize;
  const [a] = await db.select().from(announcements).where(eq(announcements.id, announcementId));
  if (!a || a.completedAt || (a.kind !== 'marketing' && a.kind !== 'breaking_news')) return { sent: 0, more: false };
  const candidates = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        recipientsWhere(a.kind),
        // Only accounts that existed when the admin confirmed: the count they saw, not whoever signs up while it sends.
        lte(users.createdAt, a.createdAt),
        sql`not exists (select 1 from ${announcementDeliveries} d where d.announcement_id = ${a.id} and d.user_id = ${users.id})`,
      ),
    )
    .orderBy(users.id)
    .limit(batchSize);
  if (!candidates.length) {
    await db.update(announcements).set({ completedAt: now }).where(and(eq(announcements.id, a.id), isNull(announcements.completedAt)));
    return { sent: 0, more: false };
  }
  // Claimed before sending: another worker's claim of the same coach makes this insert skip them.
  const claimed = await db
    .insert(announcementDeliveries)
    .values(candidates.map((c) => ({ announcementId: a.id, userId: c.id, claimedAt: now })))
    .onConflictDoNothing()
    .returning({ userId: announcementDeliveries.userId });
  const mine = new Set(claimed.map((c) => c.userId));
  let sent = 0;
  for (const user of candidates.filter((c) => mine.has(c.id))) {
    const failure = await sendOne(user, a, now);
    await db
      .update(announcementDeliveries)
      .set(failure ? { failure } : { sentAt: now })
      .where(and(eq(announcementDeliveries.announcementId, a.id), eq(announcementDeliveries.userId, user.id)));
    if (!failure) sent += 1;
  }
  return { sent, more: true };
}

/** The queue's job: one batch, then the next as a job of its own, so a long list never holds one job for long. */
export async function runAnnouncementJob(data: { announcementId: string }): Promise<void> {
  const { more } = await sendAnnouncementBatch(data.announcementId);
  if (more) await enqueue(ANNOUNCEMENTS_QUEUE, data, runAnnouncementJob);
}
