import { and, count, gte } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import { getPlan } from '@/lib/plans';
import { apiUsage, type User } from '../../db/schema';
import { log } from '../../log';
import { notifyCoach } from '../notifications';
import { AI_SERVICES, hasAiQuota, startOfUsageMonth } from '../usage';
import type { EngineDb } from './runtime';

export const QUOTA_REASON = "The plan's monthly AI interactions are used up";

export function quotaMessage(coach: Pick<User, 'planId'>, now: Date): string {
  const plan = getPlan(coach.planId);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const resume = next.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
  return `You have used all ${plan.maxAIInteractions ?? 0} AI interactions of your ${plan.name} plan this month. AI check-ins are paused until ${resume}; upgrade your plan to resume them now.`;
}

export const withinQuota = (coach: Pick<User, 'id' | 'planId'>, now: Date) => hasAiQuota(coach.id, coach.planId, now);

/**
 * How many more AI interactions each coach's plan allows this month (Infinity when unlimited), in
 * one query for all: a batch of sends takes from it, so the batch itself cannot overrun the quota.
 */
export async function aiAllowances(edb: EngineDb, coaches: Pick<User, 'id' | 'planId'>[], now: Date): Promise<Map<string, number>> {
  const limited = [...new Map(coaches.map((c) => [c.id, c])).values()].filter((c) => getPlan(c.planId).maxAIInteractions !== null);
  const out = new Map<string, number>(coaches.map((c) => [c.id, Infinity]));
  if (limited.length === 0) return out;
  const used = await edb.db
    .select({ userId: apiUsage.userId, n: count() })
    .from(apiUsage)
    .where(
      and(
        anyOf(
          apiUsage.userId,
          limited.map((c) => c.id),
        ),
        anyOf(apiUsage.service, [...AI_SERVICES]),
        gte(apiUsage.createdAt, startOfUsageMonth(now)),
      ),
    )
    .groupBy(apiUsage.userId);
  const usedBy = new Map(used.map((u) => [u.userId, u.n]));
  for (const c of limited) out.set(c.id, Math.max(0, getPlan(c.planId).maxAIInteractions! - (usedBy.get(c.id) ?? 0)));
  return out;
}

/**
 * Records that a check-in could not get its AI message for lack of quota, and notifies the coach
 * the first time it happens in a month: the row update and the "first this month?" question run
 * under one advisory lock per coach, so concurrent workers notify once between them.
 */
export async function recordQuotaStop(edb: EngineDb, checkInId: string, coach: Pick<User, 'id' | 'planId'>, now: Date, status: 'failed' | 'responded'): Promise<void> {
  const monthStart = startOfUsageMonth(now);
  const first = await edb.sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${`ai-quota:${coach.id}`}))`;
    await tx`
      update check_ins set status = ${status}, failure_reason = ${QUOTA_REASON}, claimed_at = null, updated_at = ${now.toISOString()}
      where id = ${checkInId}`;
    const [row] = await tx<{ n: number }[]>`
      select count(*)::int as n from check_ins
      where coach_id = ${coach.id} and failure_reason = ${QUOTA_REASON} and updated_at >= ${monthStart.toISOString()} and id <> ${checkInId}`;
    return (row?.n ?? 0) === 0;
  });
  if (!first) return;
  await notifyCoach(coach.id, { type: 'system', message: quotaMessage(coach, now), subject: 'AI check-ins paused: monthly quota reached', urgent: false }, now).catch((error: unknown) =>
    log.error({ err: error, coachId: coach.id }, 'quota notification failed'),
  );
}
