import { sql as drizzleSql } from 'drizzle-orm';
import type { Db as BossDb, PgBoss } from 'pg-boss';
import pLimit, { type LimitFunction } from 'p-limit';
import type postgres from 'postgres';
import { config } from '../../config';
import { getDb, getSql, type Database, type Transaction } from '../../db/client';
import { getQueue } from '../../jobs/queue';
import { log } from '../../log';
import { groupBy } from '@/lib/group-by';

/** Queue names of the check-in engine (pg-boss). */
export const ENGINE_QUEUES = {
  tick: 'checkin-tick',
  /**
   * Send jobs, each carrying the check-ins due at one instant, up to CHECKIN_SEND_BATCH of them
   * (decision 0114). Named anew when a job stopped being one check-in: jobs an earlier version left
   * in `checkin-send` are not worked, and the scheduler pass queues their rows again.
   */
  send: 'checkin-send-batch',
  reply: 'checkin-reply',
  /** Coach notifications about inbound texts, sent after the webhook answered (e-mail, SMS). */
  coachNotice: 'coach-notice',
  /** Texts Cadence itself sends a client in answer to an inbound text (the "which coach?" question). */
  clientText: 'client-text',
} as const;

/** Timing rules of the engine (decisions 0035–0037). */
export const ENGINE_TIMING = {
  /** Rows and send jobs are made this far ahead, so a send starts on the minute. */
  lookaheadMs: 10 * 60_000,
  /** A slot less late than this is still sent (after downtime); an older one is recorded as missed. */
  catchUpMs: 60 * 60_000,
  /** Slots missed while no scheduler ran are recorded this far back at most. */
  maxMissedLookbackMs: 7 * 24 * 60 * 60_000,
  /** Future scheduled rows are checked against the current schedules this far ahead. */
  reconcileHorizonMs: 8 * 24 * 60 * 60_000,
  /** A job may start this early (clock skew between instances); earlier, it leaves the row alone. */
  earlyToleranceMs: 5_000,
} as const;

export const noResponseWindowMs = () => config().NO_RESPONSE_WINDOW_HOURS * 60 * 60_000;
/** A worker's claim on a row lapses after this; another may then take it over (CHECKIN_CLAIM_LEASE_SECONDS). */
export const claimLeaseMs = () => config().CHECKIN_CLAIM_LEASE_SECONDS * 1000;
/**
 * A message's hand-over starts no later than this after its claim (decision 0107). Its call then
 * ends, even at Twilio's timeout, before the claim lapses, with a tenth of the lease to spare for a
 * stalled process. The instance that takes over a lapsed row and looks its text up at Twilio
 * therefore never misses a text that is still on its way, and never sends it a second time.
 */
export const handOverDeadlineMs = () => claimLeaseMs() * 0.9 - config().TWILIO_TIMEOUT_SECONDS * 1000;
/** A due row still unsent this long after its job was queued gets a new job (CHECKIN_REQUEUE_SECONDS). */
export const requeueAfterMs = () => config().CHECKIN_REQUEUE_SECONDS * 1000;

/** The engine's database: Drizzle for queries, the driver for transactions that also queue jobs. */
export interface EngineDb {
  db: Database;
  sql: postgres.Sql;
}

export function defaultEngineDb(): EngineDb {
  return { db: getDb(), sql: getSql() };
}

export interface SendJob {
  checkInId: string;
  startAfter: Date;
}

/** What a pg-boss send job carries: check-ins due at the same instant, or those of one to try again. */
export interface SendBatchJob {
  checkInIds: string[];
  /** Which attempt of these check-ins the job is; 1 when absent. */
  attempt?: number;
}

/** The longest wait before a retry: each comes before the scheduler would queue the row again for a lost job. */
export const sendRetryDelayMaxSeconds = () => Math.max(1, Math.floor(config().CHECKIN_REQUEUE_SECONDS * 0.75));

/**
 * The wait before the next attempt of sends that failed for a passing reason, as pg-boss backs off
 * its own retries: CHECKIN_RETRY_DELAY_SECONDS doubling with each attempt, between one and two
 * times that (jitter, so a provider's outage does not end in one burst), at most the maximum.
 */
export function sendRetryDelaySeconds(failedAttempt: number, random = Math.random()): number {
  const doubled = config().CHECKIN_RETRY_DELAY_SECONDS * 2 ** (failedAttempt - 1);
  return Math.min(sendRetryDelayMaxSeconds(), doubled * (1 + random));
}

/**
 * The pg-boss jobs for these sends: one per instant and per CHECKIN_SEND_BATCH check-ins, so the
 * queue's fetch, completion and job rows are paid per batch instead of per check-in.
 */
export function sendBatchJobs(jobs: SendJob[], batchSize: number): { data: SendBatchJob; startAfter: Date }[] {
  const out: { data: SendBatchJob; startAfter: Date }[] = [];
  for (const group of groupBy(jobs, (j) => String(j.startAfter.getTime())).values()) {
    for (let i = 0; i < group.length; i += batchSize) {
      out.push({ data: { checkInIds: group.slice(i, i + batchSize).map((j) => j.checkInId) }, startAfter: group[0]!.startAfter });
    }
  }
  return out;
}

let providerLimit: LimitFunction | undefined;

/**
 * The provider calls of every check-in batch of this instance share CHECKIN_SEND_CONCURRENCY slots,
 * however large the batches: OpenAI and Twilio limit concurrent requests per account, while the
 * batch size only sets how many rows one set of statements handles.
 */
export function providerCall<T>(call: () => Promise<T>): Promise<T> {
  providerLimit ??= pLimit(config().CHECKIN_SEND_CONCURRENCY);
  return providerLimit(call);
}

/** Where the engine puts its follow-up work; pg-boss in the app, a recorder in tests. */
export interface EngineQueue {
  /** Queues send jobs; with `tx` inside that transaction, so rows and jobs commit together. */
  sendJobs(jobs: SendJob[], tx?: postgres.TransactionSql): Promise<void>;
  replyJob(checkInId: string): Promise<void>;
}

/** pg-boss running its SQL on the caller's open transaction. */
function onTransaction(tx: postgres.TransactionSql) {
  return {
    executeSql: async (text: string, values?: unknown[]) => ({ rows: await tx.unsafe(text, (values ?? []) as postgres.ParameterOrJSON<never>[]) }),
  };
}

/**
 * pg-boss running its SQL on an open Drizzle transaction: jobs queued this way commit, or roll
 * back, with the rows they are about. pg-boss numbers its parameters $1…; each becomes a bound
 * Drizzle parameter.
 */
export function onDrizzleTransaction(tx: Transaction): BossDb {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const parts = text.split(/\$(\d+)/);
      const query = drizzleSql.join(parts.map((part, i) => (i % 2 === 1 ? drizzleSql`${values[Number(part) - 1]}` : drizzleSql.raw(part))));
      return { rows: [...(await tx.execute(query))] };
    },
  };
}

export function bossQueue(boss: PgBoss): EngineQueue {
  return {
    async sendJobs(jobs, tx) {
      if (jobs.length === 0) return;
      await boss.insert(ENGINE_QUEUES.send, sendBatchJobs(jobs, config().CHECKIN_SEND_BATCH), tx ? { db: onTransaction(tx) } : undefined);
    },
    async replyJob(checkInId) {
      await boss.send(ENGINE_QUEUES.reply, { checkInId });
    },
  };
}

/**
 * Queues the next attempt of the check-ins of a send job that failed for a passing reason, and only
 * those: the job's other check-ins went out, or were given back to the scheduler pass, which queues
 * them afresh as first attempts.
 */
export async function queueSendRetry(boss: PgBoss, checkInIds: string[], failedAttempt: number, now = new Date()): Promise<void> {
  const startAfter = new Date(now.getTime() + sendRetryDelaySeconds(failedAttempt) * 1000);
  await boss.insert(ENGINE_QUEUES.send, [{ data: { checkInIds, attempt: failedAttempt + 1 } satisfies SendBatchJob, startAfter }]);
}

type Handlers = { processReply: (checkInId: string) => Promise<unknown> };
const inline: Partial<Handlers> = {};

/** Lets the conversation module run a reply at once where no queue runs (JOBS_DISABLED, scripts). */
export function setInlineHandlers(handlers: Handlers): void {
  Object.assign(inline, handlers);
}

/**
 * Without a queue (an instance with JOBS_DISABLED, a script) a reply is processed at once in the
 * background; sends are left to the instances that run the scheduler, whose pass finds every row
 * that is due.
 */
const noQueue: EngineQueue = {
  sendJobs: async () => {},
  replyJob: async (checkInId) => {
    void inline.processReply?.(checkInId).catch((error: unknown) => log.error({ err: error, checkInId }, 'inline reply processing failed'));
  },
};

export function engineQueue(): EngineQueue {
  const boss = getQueue();
  return boss ? bossQueue(boss) : noQueue;
}

/** What every engine entry point accepts: an injectable clock, database and queue (tests, benchmarks). */
export interface EngineOptions {
  now?: Date;
  db?: EngineDb;
  queue?: EngineQueue;
}

export function resolve(options: EngineOptions = {}) {
  return { now: options.now ?? new Date(), edb: options.db ?? defaultEngineDb(), queue: options.queue ?? engineQueue() };
}
