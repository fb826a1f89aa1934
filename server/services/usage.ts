import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { getPlan } from '@/lib/plans';
import { getDb } from '../db/client';
import { apiUsage, clients, users } from '../db/schema';

/** The services whose calls count as AI interactions against the plan quota. */
export const AI_SERVICES = ['openai', 'ai'] as const;

/** Quotas reset on the first of each month, UTC. */
export function startOfUsageMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function aiInteractionsThisMonth(userId: string, now = new Date()): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(apiUsage)
    .where(and(eq(apiUsage.userId, userId), inArray(apiUsage.service, [...AI_SERVICES]), gte(apiUsage.createdAt, startOfUsageMonth(now))));
  return row?.n ?? 0;
}

export async function clientCount(userId: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(clients).where(eq(clients.coachId, userId));
  return row?.n ?? 0;
}

/** Billing info's usageMetrics and usageQuota (product §1.3); null quota = unlimited. */
export async function usageFor(userId: string, now = new Date()) {
  const [user] = await getDb().select({ planId: users.planId }).from(users).where(eq(users.id, userId));
  const plan = getPlan(user?.planId ?? 'free');
  const [clientsCreated, aiInteractionsUsed] = await Promise.all([clientCount(userId), aiInteractionsThisMonth(userId, now)]);
  return {
    usageMetrics: { clientsCreated, aiInteractionsUsed },
    usageQuota: { maxClients: plan.maxClients, maxAIInteractions: plan.maxAIInteractions },
  };
}

/** Whether one more AI interaction fits the coach's plan this month. */
export async function hasAiQuota(userId: string, planId: string, now = new Date()): Promise<boolean> {
  const quota = getPlan(planId).maxAIInteractions;
  return quota === null || (await aiInteractionsThisMonth(userId, now)) < quota;
}
