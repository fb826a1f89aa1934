import { getDb } from '../db/client';
import { apiUsage } from '../db/schema';
import { log } from '../log';

export interface MeterContext {
  service: 'openai' | 'twilio' | 'resend' | 'stripe' | 'email' | 'sms' | 'ai' | 'payments';
  operation: string;
  userId?: string | null;
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
    const responseMs = Math.round(performance.now() - started);
    await getDb()
      .insert(apiUsage)
      .values({ service: ctx.service, operation: ctx.operation, userId: ctx.userId ?? null, status, responseMs, costUsd: cost, errorMessage })
      .catch((e: unknown) => log.error({ err: e }, 'failed to record api usage'));
  }
}
