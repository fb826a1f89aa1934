import { getDb, getSql } from '../db/client';
import { apiUsage } from '../db/schema';
import { log } from '../log';

type UsageRow = typeof apiUsage.$inferInsert;

/**
 * Usage rows of many calls written in one statement: the check-in send batch makes two calls per
 * check-in, and one insert per call was a large share of its database work. A crash before
 * `flush` loses the rows of that batch's calls (the quota counts them a little short).
 */
export class UsageBatch {
  private rows: UsageRow[] = [];

  add(row: UsageRow): void {
    this.rows.push(row);
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    // One JSON parameter for the whole batch: building a 200-row VALUES list cost more than the insert.
    const json = JSON.stringify(
      rows.map((r) => ({
        user_id: r.userId ?? null,
        service: r.service,
        operation: r.operation,
        status: r.status,
        response_ms: r.responseMs,
        cost_usd: r.costUsd ?? 0,
        error_message: r.errorMessage ?? null,
      })),
    );
    await getSql()`
      insert into api_usage (user_id, service, operation, status, response_ms, cost_usd, error_message)
      select user_id, service, operation, status, response_ms, cost_usd, error_message
      from jsonb_to_recordset(${json}::jsonb)
        as x(user_id uuid, service text, operation text, status text, response_ms integer, cost_usd numeric, error_message text)`.catch((e: unknown) =>
      log.error({ err: e }, 'failed to record api usage'),
    );
  }
}

export interface MeterContext {
  service: 'openai' | 'twilio' | 'resend' | 'stripe' | 'email' | 'sms' | 'ai' | 'payments';
  operation: string;
  userId?: string | null;
  /** Collect the row here instead of writing it at once. */
  batch?: UsageBatch;
}

/** Runs an outside call and records its service, status, time, cost and error in api_usage. */
export async function metered<T>(ctx: MeterContext, call: () => Promise<T>, costOf: (result: T) => number = () => 0): Promise<T> {
  const started = performance.now();
  let status = 'success';
  let errorMessage: string | null = null;
  let cost = 0;
  try {
    const result = await call();
    cost = costOf(result);
    return result;
  } catch (error) {
    status = 'error';
    errorMessage = error instanceof Error ? error.message : String(error);
    throw error;
  } finally {
    const row: UsageRow = { service: ctx.service, operation: ctx.operation, userId: ctx.userId ?? null, status, responseMs: Math.round(performance.now() - started), costUsd: cost, errorMessage };
    if (ctx.batch) ctx.batch.add(row);
    else {
      await getDb()
        .insert(apiUsage)
        .values(row)
        .catch((e: unknown) => log.error({ err: e }, 'failed to record api usage'));
    }
  }
}
