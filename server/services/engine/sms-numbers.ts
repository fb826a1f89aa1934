import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { columnList } from '../../db/column-list';
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
  // The triples as three array parameters: a send batch's 400 `or` branches cost more to build and plan than to run.
  const rows = await db
    .select({ phone: smsConsents.clientPhone, coachId: smsConsents.coachId, ourNumber: smsConsents.ourNumber })
    .from(smsConsents)
    .where(
      sql`(${smsConsents.clientPhone}, ${smsConsents.ourNumber}, ${smsConsents.coachId}) in (select * from unnest(${sql.param(items.map((i) => i.phone))}::text[], ${sql.param(items.map((i) => i.ourNumber))}::text[], ${sql.param(items.map((i) => i.coachId))}::uuid[]))`,
    );
  return new Set(rows.map((r) => consentKey(r)));
}
export const consentKey = (i: { phone: string; coachId: string; ourNumber: string }) => `${i.phone} ${i.ourNumber} ${i.coachId}`;

/** Records that these texts went out (the first of each triple carried the consent notice). */
export async function recordConsents(db: Executor, items: { phone: string; coachId: string; ourNumber: string; checkInId: string }[], at: Date): Promise<void> {
  if (items.length === 0) return;
  // Columns as arrays, one parameter each (a batch's VALUES list was five parameters a row).
  const column = <K extends keyof (typeof items)[number]>(key: K) => sql.param(items.map((i) => i[key]));
  await db.execute(sql`
    insert into ${smsConsents} (${columnList(smsConsents.clientPhone, smsConsents.coachId, smsConsents.ourNumber, smsConsents.checkInId, smsConsents.sentAt)})
    select phone, coach_id, our_number, check_in_id, ${at.toISOString()}::timestamptz
    from unnest(${column('phone')}::text[], ${column('coachId')}::uuid[], ${column('ourNumber')}::text[], ${column('checkInId')}::uuid[]) as x(phone, coach_id, our_number, check_in_id)
    on conflict do nothing`);
}

/** The coaches who have texted this client number from this number of ours. */
export function coachesTextingFrom(phone: string, ourNumber: string) {
  return sql`(select ${smsConsents.coachId} from ${smsConsents} where ${smsConsents.clientPhone} = ${phone} and ${smsConsents.ourNumber} = ${ourNumber})`;
}
