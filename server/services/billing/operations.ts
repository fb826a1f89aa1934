import { and, eq, lte, sql } from 'drizzle-orm';
import { BILLING_MESSAGES, BILLING_OPERATION_LEASE_MS } from '@/lib/constants';
import { getDb } from '../../db/client';
import { billingOperations } from '../../db/schema';
import { AppError } from '../../http/errors';
import { log } from '../../log';

export type BillingOperationKind = 'payment_method' | 'plan_change' | 'cancel' | 'resume' | 'renewal' | 'refund';

export interface BillingOperation {
  id: string;
  /** Sent with the provider's requests (Stripe Idempotency-Key): a retried request never acts twice. */
  idempotencyKey: string;
}

export const billingChangeInProgress = () => new AppError(409, 'BILLING_CHANGE_IN_PROGRESS', BILLING_MESSAGES.changeInProgress);

/**
 * Records the intent of a billing change and makes it the user's only one in flight, with no
 * transaction or lock held afterwards: the provider may take its time without holding a database
 * connection. Throws 409 while another change of the user is pending; a pending change whose lease
 * ran out (its process died mid-call) is marked failed and replaced. The lease is measured on the
 * database's clock, shared by every instance; it is a timeout of the machinery, not a business
 * time, so it does not follow the `now` a service is given.
 */
export async function beginBillingOperation(userId: string, kind: BillingOperationKind, intent: { planId?: string; discountCode?: string | null } = {}): Promise<BillingOperation> {
  const db = getDb();
  await db
    .update(billingOperations)
    .set({ status: 'failed', error: 'abandoned: its lease ran out before it finished', finishedAt: sql`now()` })
    .where(and(eq(billingOperations.userId, userId), eq(billingOperations.status, 'pending'), lte(billingOperations.leaseExpiresAt, sql`now()`)));
  const [row] = await db
    .insert(billingOperations)
    .values({
      userId,
      kind,
      planId: intent.planId ?? null,
      discountCode: intent.discountCode ?? null,
      startedAt: sql`now()`,
      leaseExpiresAt: sql`now() + make_interval(secs => ${BILLING_OPERATION_LEASE_MS / 1000})`,
    })
    // The partial unique index allows one pending operation per user.
    .onConflictDoNothing()
    .returning({ id: billingOperations.id });
  if (!row) throw billingChangeInProgress();
  return { id: row.id, idempotencyKey: `cadence-billing-${row.id}` };
}

export async function finishBillingOperation(id: string, outcome: { error?: unknown }): Promise<void> {
  const error = outcome.error === undefined ? null : outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
  await getDb()
    .update(billingOperations)
    .set({ status: error === null ? 'succeeded' : 'failed', error, finishedAt: sql`now()` })
    // One whose lease ran out was marked failed and taken over: a late finisher leaves it so.
    .where(and(eq(billingOperations.id, id), eq(billingOperations.status, 'pending')))
    .catch((e: unknown) => log.error({ err: e, operationId: id }, 'settling a billing operation failed; its lease frees the user'));
}

/** Runs `fn` as the user's one billing change in flight; its outcome is recorded either way. */
export async function withBillingOperation<T>(
  userId: string,
  kind: BillingOperationKind,
  fn: (operation: BillingOperation) => Promise<T>,
  intent: { planId?: string; discountCode?: string | null } = {},
): Promise<T> {
  const operation = await beginBillingOperation(userId, kind, intent);
  try {
    const result = await fn(operation);
    await finishBillingOperation(operation.id, {});
    return result;
  } catch (error) {
    await finishBillingOperation(operation.id, { error });
    throw error;
  }
}
