import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import { checkIns, clients, schedulerState } from '../../db/schema';
import { log } from '../../log';
import { emitToUser } from '../../realtime';
import { publishCheckIn } from './check-in-events';
import { markNoResponse } from './conversation';
import { ENGINE_TIMING as T, claimLeaseMs, requeueAfterMs, resolve, type EngineDb, type EngineOptions, type SendJob } from './runtime';
import { INTERRUPTED_REASON } from './send';
import { parseDedupeKey, slotGoneReason, slotsBetween, slotsOn, type ScheduleSources, type SlotIntent } from '@/lib/schedule-slots';
import { ineligibility, loadSources } from './sources';
import { groupBy } from '@/lib/group-by';

/**
 * The scheduler pass (the pg-boss minute cron, and at start). Idempotent, and safe to run on any
 * number of instances at once: rows are inserted with ON CONFLICT DO NOTHING on the dedupe key,
 * queued with an UPDATE that only one pass wins, and sent by a job that claims its row.
 *
 *  1. plan: every slot of every eligible client's schedules up to 10 minutes ahead becomes a
 *     `scheduled` row; slots the scheduler never saw because no instance ran (downtime) become
 *     `scheduled` when less than an hour late and `missed` when older.
 *  2. reconcile: upcoming rows whose slot is gone (schedule changed, client held, archived or
 *     opted out) are cancelled; rows whose instant moved (the client's zone changed) are moved.
 *  3. queue: due and soon-due rows get a send job with startAfter = their instant, in the same
 *     transaction that marks them queued; a due row left without a live job is queued again (an
 *     SMS whose hand-over never settled too: its job asks the provider before sending again).
 *  4. sweep: rows more than an hour late become missed, interrupted deliveries that cannot be
 *     looked up failed, sent rows past the reply window no_response, and replies whose job was
 *     lost are queued again.
 */

const STATE_KEY = 'checkin-dispatch';
/** Drizzle's postgres.js client leaves timestamps to Drizzle, so raw statements pass ISO strings. */
const iso = (d: Date) => d.toISOString();
const INSERT_BATCH = 5000;
const QUEUE_BATCH = 2000;

export interface DispatchStats {
  planned: number;
  missed: number;
  cancelled: number;
  moved: number;
  queued: number;
  lateMissed: number;
  interrupted: number;
  noResponse: number;
  repliesRequeued: number;
}

/** A planned row as the insert's JSON carries it (snake_case, the columns of check_ins). */
interface NewRow {
  coach_id: string;
  client_id: string;
  goal_id: string | null;
  is_global_check_in: boolean;
  status: 'scheduled' | 'missed';
  dedupe_key: string;
  scheduled_for: string;
  failure_reason: string | null;
}

function rowFor(intent: SlotIntent, status: 'scheduled' | 'missed'): NewRow {
  return {
    coach_id: intent.coachId,
    client_id: intent.clientId,
    goal_id: intent.goalId,
    is_global_check_in: intent.goalId === null,
    status,
    dedupe_key: intent.key,
    scheduled_for: iso(intent.at),
    failure_reason: status === 'missed' ? 'Not sent: no scheduler was running at the time' : null,
  };
}

/**
 * Inserts planned rows, a slot already planned (by an earlier pass or another instance) left as it
 * is. The rows travel as one JSON parameter: at 100,000 slots in a minute, building a multi-row
 * VALUES list cost the app more than the insert cost Postgres.
 */
async function insertPlanned(edb: EngineDb, rows: NewRow[]): Promise<{ status: string; coach_id: string }[]> {
  return edb.sql<{ status: string; coach_id: string }[]>`
    insert into check_ins (coach_id, client_id, goal_id, is_global_check_in, status, dedupe_key, scheduled_for, source, failure_reason)
    select coach_id, client_id, goal_id, is_global_check_in, status, dedupe_key, scheduled_for, 'schedule', failure_reason
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(coach_id uuid, client_id uuid, goal_id uuid, is_global_check_in boolean, status check_in_status, dedupe_key text, scheduled_for timestamptz, failure_reason text)
    on conflict (client_id, dedupe_key) do nothing
    returning status, coach_id`;
}

/**
 * Cancels upcoming schedule rows whose slot no longer exists and moves rows whose instant changed.
 * `sources` are the eligible clients' schedules (a client missing from it gets nothing).
 */
async function reconcile(edb: EngineDb, now: Date, sources: Map<string, ScheduleSources>, clientId?: string): Promise<{ cancelled: number; moved: number }> {
  const { db } = edb;
  const catchUpFrom = new Date(now.getTime() - T.catchUpMs);
  let moved = 0;
  let cancelledCount = 0;
  const upcoming = await db
    .select({ id: checkIns.id, clientId: checkIns.clientId, dedupeKey: checkIns.dedupeKey, scheduledFor: checkIns.scheduledFor })
    .from(checkIns)
    .where(
      and(
        eq(checkIns.status, 'scheduled'),
        eq(checkIns.source, 'schedule'),
        isNotNull(checkIns.dedupeKey),
        isNull(checkIns.claimedAt),
        isNull(checkIns.deliveryStartedAt),
        gt(checkIns.scheduledFor, catchUpFrom),
        lte(checkIns.scheduledFor, new Date(now.getTime() + T.reconcileHorizonMs)),
        clientId ? eq(checkIns.clientId, clientId) : undefined,
      ),
    );
  const missingClients = [...new Set(upcoming.map((r) => r.clientId).filter((id) => !sources.has(id)))];
  const reasons = new Map<string, string>();
  if (missingClients.length) {
    for (const c of await db.select().from(clients).where(anyOf(clients.id, missingClients))) reasons.set(c.id, ineligibility(c) ?? 'The client gets no check-ins now');
  }
  const cancel: { id: string; reason: string }[] = [];
  for (const row of upcoming) {
    const src = sources.get(row.clientId);
    const slot = parseDedupeKey(row.dedupeKey!);
    if (!slot) continue;
    let reason: string | undefined;
    if (!src) reason = reasons.get(row.clientId) ?? 'The client no longer exists';
    else {
      const intent = slotsOn(src, slot.date).find((i) => i.key === row.dedupeKey);
      if (!intent) reason = slotGoneReason(src, slot.date, row.dedupeKey!);
      else if (row.scheduledFor && Math.abs(intent.at.getTime() - row.scheduledFor.getTime()) > 60_000) {
        const updated = await db
          .update(checkIns)
          .set({ scheduledFor: intent.at, enqueuedAt: null, updatedAt: now })
          .where(and(eq(checkIns.id, row.id), eq(checkIns.status, 'scheduled'), isNull(checkIns.claimedAt)))
          .returning({ id: checkIns.id });
        moved += updated.length;
      }
    }
    if (reason) cancel.push({ id: row.id, reason });
  }
  for (const [reason, rows] of groupBy(cancel, (c) => c.reason)) {
    const cancelled = await db
      .update(checkIns)
      .set({ status: 'cancelled', failureReason: reason, updatedAt: now })
      .where(and(anyOf(checkIns.id, rows.map((c) => c.id)), eq(checkIns.status, 'scheduled'), isNull(checkIns.claimedAt)))
      .returning();
    cancelledCount += cancelled.length;
    for (const row of cancelled) await publishCheckIn(row);
  }
  return { cancelled: cancelledCount, moved };
}

/** Brings one client's upcoming check-ins in line with its schedules at once (after an edit). */
export async function reconcileClient(clientId: string, options: EngineOptions = {}): Promise<{ cancelled: number; moved: number }> {
  const { now, edb } = resolve(options);
  return reconcile(edb, now, await loadSources(edb.db, [clientId]), clientId);
}

export async function dispatch(options: EngineOptions = {}): Promise<DispatchStats> {
  const { now, edb, queue } = resolve(options);
  const { db } = edb;
  const stats: DispatchStats = { planned: 0, missed: 0, cancelled: 0, moved: 0, queued: 0, lateMissed: 0, interrupted: 0, noResponse: 0, repliesRequeued: 0 };
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

  // 1. plan
  const [state] = await db.select().from(schedulerState).where(eq(schedulerState.name, STATE_KEY));
  const lastRun = state?.coveredUntil;
  const catchUpFrom = at(-T.catchUpMs);
  const scheduleFrom = lastRun && lastRun > catchUpFrom ? lastRun : catchUpFrom;
  const missedFrom = lastRun && lastRun < catchUpFrom ? new Date(Math.max(lastRun.getTime(), now.getTime() - T.maxMissedLookbackMs)) : null;
  const horizon = at(T.lookaheadMs);
  const sources = await loadSources(db);
  const rows: NewRow[] = [];
  for (const src of sources.values()) {
    for (const intent of slotsBetween(src, missedFrom ?? scheduleFrom, horizon)) {
      if (intent.at > scheduleFrom) rows.push(rowFor(intent, 'scheduled'));
      else if (missedFrom && intent.at <= catchUpFrom) rows.push(rowFor(intent, 'missed'));
    }
  }
  const createdFor = new Set<string>();
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    for (const r of await insertPlanned(edb, rows.slice(i, i + INSERT_BATCH))) {
      if (r.status === 'missed') stats.missed++;
      else stats.planned++;
      createdFor.add(r.coach_id);
    }
  }
  for (const coachId of createdFor) emitToUser(coachId, 'checkInCreated', { scheduled: true });

  // 2. reconcile upcoming rows with the schedules as they are now
  const reconciled = await reconcile(edb, now, sources);
  stats.cancelled = reconciled.cancelled;
  stats.moved = reconciled.moved;

  // 3. queue send jobs, marking the rows in the same transaction
  const requeueBefore = at(-requeueAfterMs());
  const lapsed = at(-claimLeaseMs());
  for (;;) {
    const batch = await edb.sql.begin(async (tx) => {
      const taken = await tx<{ id: string; scheduled_for: string }[]>`
        update check_ins set enqueued_at = ${iso(now)}
        where id in (
          select id from check_ins
          where status = 'scheduled' and (delivery_started_at is null or channel = 'sms')
            and scheduled_for > ${iso(catchUpFrom)} and scheduled_for <= ${iso(horizon)}
            and (enqueued_at is null or (enqueued_at < ${iso(requeueBefore)} and scheduled_for < ${iso(requeueBefore)}))
            and (claimed_at is null or claimed_at < ${iso(lapsed)})
          order by scheduled_for
          limit ${QUEUE_BATCH}
          for update skip locked)
        returning id, scheduled_for`;
      const jobs: SendJob[] = taken.map((r) => ({ checkInId: r.id, startAfter: new Date(r.scheduled_for) }));
      await queue.sendJobs(jobs, tx);
      return jobs.length;
    });
    stats.queued += batch;
    if (batch < QUEUE_BATCH) break;
  }

  // 4. sweep
  const late = await db
    .update(checkIns)
    .set({ status: 'missed', failureReason: 'Not sent within an hour of its time', claimedAt: null, updatedAt: now })
    .where(
      and(
        eq(checkIns.status, 'scheduled'),
        lte(checkIns.scheduledFor, catchUpFrom),
        isNull(checkIns.deliveryStartedAt),
        or(isNull(checkIns.claimedAt), lt(checkIns.claimedAt, lapsed)),
      ),
    )
    .returning({ id: checkIns.id });
  stats.lateMissed = late.length;
  // An SMS hand-over that never settled is looked up at the provider by a new send job (above)
  // within the hour; an e-mail one cannot be, nor an SMS one any later.
  const interrupted = await db
    .update(checkIns)
    .set({ status: 'failed', failureReason: INTERRUPTED_REASON, claimedAt: null, updatedAt: now })
    .where(
      and(
        eq(checkIns.status, 'scheduled'),
        isNotNull(checkIns.deliveryStartedAt),
        or(isNull(checkIns.claimedAt), lt(checkIns.claimedAt, lapsed)),
        or(sql`${checkIns.channel} is distinct from 'sms'`, lte(checkIns.scheduledFor, catchUpFrom)),
      ),
    )
    .returning({ id: checkIns.id });
  stats.interrupted = interrupted.length;
  stats.noResponse = await markNoResponse({}, { now, db: edb });
  const lostReplies = await db
    .update(checkIns)
    .set({ enqueuedAt: now })
    .where(
      and(
        eq(checkIns.status, 'responded'),
        isNull(checkIns.failureReason),
        or(isNull(checkIns.enqueuedAt), lt(checkIns.enqueuedAt, requeueBefore)),
        or(isNull(checkIns.claimedAt), lt(checkIns.claimedAt, lapsed)),
      ),
    )
    .returning({ id: checkIns.id });
  for (const r of lostReplies) await queue.replyJob(r.id);
  stats.repliesRequeued = lostReplies.length;

  await db
    .insert(schedulerState)
    .values({ name: STATE_KEY, coveredUntil: now })
    .onConflictDoUpdate({ target: schedulerState.name, set: { coveredUntil: sql`greatest(${schedulerState.coveredUntil}, excluded.covered_until)`, updatedAt: sql`now()` } });

  if (Object.values(stats).some((n) => n > 0)) log.info({ ...stats, clients: sources.size }, 'check-in dispatch');
  return stats;
}
