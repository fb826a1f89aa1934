import { PgBoss, type JobWithMetadata } from 'pg-boss';
import { sql } from 'drizzle-orm';
import { config } from '../config';
import { getDb } from '../db/client';
import { log } from '../log';
import { ANNOUNCEMENTS_QUEUE, runAnnouncementJob } from '../services/announcements';
import { renewDueSubscriptions } from '../services/billing/renewals';
import { processReply } from '../services/engine/conversation';
import { dispatch } from '../services/engine/dispatcher';
import { deliverClientText, deliverCoachNotice } from '../services/engine/inbound';
import type { ClientTextJob, CoachNoticeJob } from '../services/engine/inbound-effects';
import { bossQueue, ENGINE_QUEUES, queueSendRetry, sendRetryDelayMaxSeconds, type EngineQueue, type SendBatchJob } from '../services/engine/runtime';
import { sendCheckIns, type SendAttempt } from '../services/engine/send';
import { DATA_EXPORT_QUEUE, removeExpiredExports, runDataExport } from '../services/data-export';
import { sendGoalDeadlineNudges, sendSessionReminders } from '../services/nudges';
import { purgeExpiredRateLimits } from '../services/rate-limit';
import { runScheduledEmails } from '../services/scheduled-emails';
import { deliverDueNotifications } from '../services/notifications';
import { NOTIFICATION_DELIVERY_CRON } from '@/lib/notification-content';
import { setQueue } from './queue';

const MAINTENANCE_QUEUE = 'maintenance';
/** Local-provider subscriptions whose period ended are renewed or ended (Stripe renews by itself). */
const BILLING_RENEWALS_QUEUE = 'billing-renewals';
/** Weekly digests and daily reminders whose local 08:00 (or next allowed time) has come (decision 0089). */
const SCHEDULED_EMAILS_QUEUE = 'scheduled-emails';
/** Held coach notifications (quiet hours, bundles, the daily cap) whose instant came (decision 0090). */
const NOTIFICATION_DELIVERY_QUEUE = 'notification-delivery';
/** Session reminders 15 minutes ahead and "goal due in 3 days" (decision 0091); each send is once-only in coach_nudges. */
const COACH_NUDGES_QUEUE = 'coach-nudges';

/** Removes spent rate-limit windows, used one-time links, long-ended sessions, delivered held texts and old nudge keys. */
async function maintenance(): Promise<void> {
  await purgeExpiredRateLimits();
  const db = getDb();
  await db.execute(sql`delete from user_tokens where expires_at < now() - interval '7 days'`);
  await db.execute(sql`delete from sessions where expires_at < now() - interval '7 days' or revoked_at < now() - interval '30 days'`);
  // Held texts are kept a month after they reached the chosen coach (the check-in keeps the reply).
  await db.execute(sql`delete from sms_pending_inbound where delivered_at < now() - interval '30 days'`);
  await removeExpiredExports();
  // A nudge's key only matters until its check-in, target date or streak is past.
  await db.execute(sql`delete from coach_nudges where created_at < now() - interval '90 days'`);
}

export interface Workers {
  stop(): Promise<void>;
}

/** Runs each job of a batch on its own; a failing job is retried by pg-boss without failing the others. */
function perJob<T>(handle: (data: T) => Promise<unknown>) {
  return async (jobs: { id: string; data: T }[]) =>
    Promise.all(
      jobs.map(async (job) => {
        try {
          await handle(job.data);
          return { id: job.id, status: 'completed' as const };
        } catch (error) {
          log.error({ err: error, jobId: job.id }, 'check-in job failed');
          return { id: job.id, status: 'failed' as const, output: { message: error instanceof Error ? error.message : String(error) } };
        }
      }),
    );
}

/**
 * The send worker: each job is one batch of sends (sendCheckIns), the check-ins due at one
 * instant. The check-ins whose provider failed for a passing reason go into a new job for their
 * next attempt, after a backoff (queueSendRetry); on their last attempt they are failed instead.
 * A job that throws (the database went away) is retried whole by pg-boss: what went out is not
 * claimed again.
 */
function sendBatch(boss: PgBoss, queue: EngineQueue) {
  return async (jobs: JobWithMetadata<SendBatchJob>[]) =>
    Promise.all(
      jobs.map(async (job) => {
        const attempt: SendAttempt = { number: (job.data.attempt ?? 1) + job.retryCount, of: config().CHECKIN_SEND_RETRIES + 1 };
        const outcomes = await sendCheckIns(job.data.checkInIds, { queue, attemptOf: () => attempt });
        const retrying = [...outcomes].flatMap(([id, o]) => (o.status === 'retrying' ? [id] : []));
        if (retrying.length > 0) await queueSendRetry(boss, retrying, attempt.number);
        const sent = [...outcomes.values()].filter((o) => o.status === 'sent').length;
        return { id: job.id, status: 'completed' as const, output: { attempt: attempt.number, sent, retrying: retrying.length } };
      }),
    );
}

/** The AI check-in engine: a scheduler pass each minute (planning, queueing, sweeps), send and reply workers. */
async function startEngine(boss: PgBoss): Promise<() => void> {
  const cfg = config();
  const queue = bossQueue(boss);
  const pass = async () => {
    await dispatch({ queue });
  };
  await boss.createQueue(ENGINE_QUEUES.tick, { expireInSeconds: 120, retryLimit: 0 });
  const sendQueue = {
    expireInSeconds: 120,
    retryLimit: cfg.CHECKIN_SEND_RETRIES,
    retryDelay: cfg.CHECKIN_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: sendRetryDelayMaxSeconds(),
  };
  await boss.createQueue(ENGINE_QUEUES.send, sendQueue);
  // A queue made by an earlier version keeps its old settings otherwise.
  await boss.updateQueue(ENGINE_QUEUES.send, sendQueue);
  await boss.createQueue(ENGINE_QUEUES.reply, { expireInSeconds: 300, retryLimit: 3, retryDelay: 10 });
  await boss.schedule(ENGINE_QUEUES.tick, '* * * * *');
  await boss.work(ENGINE_QUEUES.tick, async () => {
    await pass();
  });
  // A send job is already a batch (up to CHECKIN_SEND_BATCH check-ins due at one instant: one claim
  // and one set of statements for all), so a send loop takes one job at a time; pg-boss fetches
  // again only after its polling interval (its burst modes need a batch of two or more, or queue
  // counts that lag by up to a minute), so a loop whose job took less waits out the rest of it.
  // CHECKIN_SEND_LOOPS loops per instance keep that wait from bounding the drain: with two, one
  // instance took at least 250 jobs ÷ 2 × 0.5 s for 100,000 check-ins (decision 0116). The provider
  // calls of all loops share the instance's CHECKIN_SEND_CONCURRENCY slots (providerCall). Replies
  // and notices are single jobs, two loops of several each.
  const concurrency = cfg.CHECKIN_SEND_CONCURRENCY;
  const batch = { batchSize: Math.max(1, Math.ceil(concurrency / 2)), localConcurrency: 2, perJobResults: true, burstWhenBatchFull: true, pollingIntervalSeconds: 0.5 } as const;
  await boss.work(ENGINE_QUEUES.send, { ...batch, batchSize: 1, localConcurrency: cfg.CHECKIN_SEND_LOOPS, includeMetadata: true } as const, sendBatch(boss, queue));
  await boss.work<{ checkInId: string }>(ENGINE_QUEUES.reply, batch, perJob((d) => processReply(d.checkInId, { queue })));
  // What an inbound text leads to, off the webhook's request: a slow e-mail or SMS provider delays
  // the coach's notification, never Twilio's answer (which it would otherwise retry).
  await boss.work<CoachNoticeJob>(ENGINE_QUEUES.coachNotice, batch, perJob(deliverCoachNotice));
  await boss.work<ClientTextJob>(ENGINE_QUEUES.clientText, batch, perJob(deliverClientText));
  // A pass at start catches up at once after downtime instead of at the next minute.
  void pass().catch((error: unknown) => log.error({ err: error }, 'check-in dispatch failed'));
  if (!cfg.SCHEDULER_TICK_SECONDS) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pass()
      .catch((error: unknown) => log.error({ err: error }, 'check-in dispatch failed'))
      .finally(() => {
        running = false;
      });
  }, cfg.SCHEDULER_TICK_SECONDS * 1000);
  return () => clearInterval(timer);
}

/** Starts pg-boss on the app's database; later issues add their queues here. */
export async function startWorkers(databaseUrl: string): Promise<Workers> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss' });
  let stopping = false;
  boss.on('error', (error) => {
    // Once stopping, the database closing the queue's last connections (57P01) is expected.
    if (stopping && (error as { code?: string }).code === '57P01') return;
    log.error({ err: error }, 'job queue error');
  });
  await boss.start();
  await boss.createQueue(MAINTENANCE_QUEUE);
  await boss.schedule(MAINTENANCE_QUEUE, '17 * * * *');
  await boss.work(MAINTENANCE_QUEUE, async () => {
    await maintenance();
  });
  await boss.createQueue(DATA_EXPORT_QUEUE);
  await boss.work<{ exportId: string }>(DATA_EXPORT_QUEUE, async (jobs) => {
    for (const job of jobs) await runDataExport(job.data);
  });
  await boss.createQueue(BILLING_RENEWALS_QUEUE);
  await boss.schedule(BILLING_RENEWALS_QUEUE, '*/10 * * * *');
  await boss.work(BILLING_RENEWALS_QUEUE, async () => {
    await renewDueSubscriptions();
  });
  // Every minute: a deferred send goes out at the minute its quiet hours end. Each period is claimed
  // in scheduled_emails, so an overlapping tick or another instance never sends it twice.
  await boss.createQueue(SCHEDULED_EMAILS_QUEUE, { expireInSeconds: 600, retryLimit: 0 });
  await boss.schedule(SCHEDULED_EMAILS_QUEUE, '* * * * *');
  await boss.work(SCHEDULED_EMAILS_QUEUE, async () => {
    await runScheduledEmails();
  });
  await boss.createQueue(NOTIFICATION_DELIVERY_QUEUE, { expireInSeconds: 120, retryLimit: 0 });
  await boss.schedule(NOTIFICATION_DELIVERY_QUEUE, NOTIFICATION_DELIVERY_CRON);
  await boss.work(NOTIFICATION_DELIVERY_QUEUE, async () => {
    await deliverDueNotifications();
  });
  // Announcements (decision 0092): each job sends one batch and queues the next.
  await boss.createQueue(ANNOUNCEMENTS_QUEUE, { retryLimit: 2, retryDelay: 30 });
  await boss.work<{ announcementId: string }>(ANNOUNCEMENTS_QUEUE, perJob(runAnnouncementJob));
  await boss.createQueue(COACH_NUDGES_QUEUE, { expireInSeconds: 50, retryLimit: 0 });
  await boss.schedule(COACH_NUDGES_QUEUE, '* * * * *');
  await boss.work(COACH_NUDGES_QUEUE, async () => {
    await sendSessionReminders();
    await sendGoalDeadlineNudges();
  });
  // The webhook queues into these as soon as the queue is published: they exist before it is.
  await boss.createQueue(ENGINE_QUEUES.coachNotice, { expireInSeconds: 120, retryLimit: 3, retryDelay: 10 });
  // One attempt: a text whose hand-over failed may still have gone out; an unanswered question is
  // asked again at a later text (WHICH_COACH_REPEAT_AFTER_MS).
  await boss.createQueue(ENGINE_QUEUES.clientText, { expireInSeconds: 120, retryLimit: 0 });
  setQueue(boss);
  const stopEngine = await startEngine(boss);
  return {
    // Graceful: in-flight jobs finish before the connections close.
    stop: async () => {
      stopping = true;
      stopEngine();
      setQueue(undefined);
      await boss.stop({ graceful: true, timeout: 20_000 });
    },
  };
}
