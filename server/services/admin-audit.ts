/**
 * The audit trail of administrator actions: rows of the security log with type admin_action
 * (and admin_login), written by every admin service in the same transaction as the change.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Executor } from '../db/client';
import { queryRows } from '../db/query-rows';
import { securityLog } from '../db/schema';
import type { RequestInfo } from '../http/request-info';
import { recordSecurityEvent } from './security-log';

export interface AdminActor {
  id: string;
  email: string;
}

export async function recordAdminAction(actor: AdminActor, details: string, info: RequestInfo | null, db: Executor = getDb()): Promise<void> {
  await recordSecurityEvent({ userId: actor.id, type: 'admin_action', details, ip: info?.ip, userAgent: info?.userAgent }, db);
}

/**
 * Security-log rows cascade with their account; before an admin account is deleted its audit rows
 * are detached and signed with its address, so the trail of what it did survives it.
 */
export async function detachAuditTrail(admin: AdminActor, db: Executor): Promise<void> {
  await db
    .update(securityLog)
    .set({ userId: null, details: sql`${securityLog.details} || ${` (by ${admin.email}, account since deleted)`}` })
    .where(and(eq(securityLog.userId, admin.id), sql`${securityLog.type} in ('admin_action', 'admin_login')`));
}

const auditRow = z.object({
  id: z.string(),
  created_at: z.string(),
  type: z.string(),
  details: z.string(),
  success: z.boolean(),
  ip: z.string().nullable(),
  user_id: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  total: z.number(),
});

/** GET /admin/audit-log: newest first, with the acting admin. */
export async function listAuditLog(page: number, limit: number) {
  const found = await queryRows(
    auditRow,
    sql`
      select l.id, l.created_at, l.type, l.details, l.success, l.ip, l.user_id, u.username, u.email,
             count(*) over ()::int as total
      from security_log l
      left join users u on u.id = l.user_id
      where l.type in ('admin_action', 'admin_login')
      order by l.created_at desc, l.id
      limit ${limit} offset ${(page - 1) * limit}`,
  );
  const total = found[0]?.total ?? 0;
  return {
    entries: found.map((r) => ({
      id: r.id,
      timestamp: new Date(r.created_at).toISOString(),
      type: r.type,
      details: r.details,
      success: r.success,
      ip: r.ip,
      admin: r.user_id ? { id: r.user_id, username: r.username, email: r.email } : null,
    })),
    pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
  };
}
