import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { smsConsents, smsOptOuts } from '../../db/schema';
import { senderNumberFor } from '../../providers/sms';

/**
 * Consent and opt-out per (client number, our number): what the send step and client edits ask
 * before a text goes out (docs/operations.md, "SMS routing, consent and shared numbers").
 */

/** Whether this client number replied STOP to the number we would text it from. */
export async function numberOptedOut(db: Executor, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.phone, phone), eq(smsOptOuts.ourNumber, senderNumberFor(phone))))
    .limit(1);
  return row !== undefined;
}

/** Of these texts, the ones whose coach has texted that client number from that number of ours before. */
export async function consentedTriples(db: Executor, items: { phone: string; coachId: string; ourNumber: string }[]): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const rows = await db
    .select({ phone: smsConsents.clientPhone, coachId: smsConsents.coachId, ourNumber: smsConsents.ourNumber })
    .from(smsConsents)
    .where(
      and(
        inArray(smsConsents.coachId, [...new Set(items.map((i) => i.coachId))]),
        or(...items.map((i) => and(eq(smsConsents.clientPhone, i.phone), eq(smsConsents.ourNumber, i.ourNumber)))),
      ),
    );
  return new Set(rows.map((r) => consentKey(r)));
}
export const consentKey = (i: { phone: string; coachId: string; ourNumber: string }) => `${i.phone} ${i.ourNumber} ${i.coachId}`;

/** Records that these texts went out (the first of each triple carried the consent notice). */
export async function recordConsents(db: Executor, items: { phone: string; coachId: string; ourNumber: string; checkInId: string }[], at: Date): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(smsConsents)
    .values(items.map((i) => ({ clientPhone: i.phone, coachId: i.coachId, ourNumber: i.ourNumber, checkInId: i.checkInId, sentAt: at })))
    .onConflictDoNothing();
}

/** The coaches who have texted this client number from this number of ours. */
export function coachesTextingFrom(phone: string, ourNumber: string) {
  return sql`(select ${smsConsents.coachId} from ${smsConsents} where ${smsConsents.clientPhone} = ${phone} and ${smsConsents.ourNumber} = ${ourNumber})`;
}
