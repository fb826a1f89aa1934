import { count, desc, eq } from 'drizzle-orm';
import { getDb, type Executor } from '../db/client';
import { securityLog } from '../db/schema';

export type SecurityEventType =
  | 'register'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'email_verified'
  | 'verification_resent'
  | 'password_reset_requested'
  | 'password_reset'
  | 'password_changed'
  | 'token_refresh_reuse'
  | 'session_revoked'
  | 'sessions_revoked'
  | 'profile_updated'
  | 'email_change_requested'
  | 'data_export'
  | 'account_deleted'
  | 'admin_login'
  | 'two_factor_enabled'
  | 'password_check_failed'
  | 'two_factor_disabled'
  | 'timezone_updated'
  | 'admin_action'
  | 'plan_changed'
  | 'subscription_canceled'
  | 'payment_method_added'
  | 'payment_method_removed'
  | 'phone_verification_sent'
  | 'phone_verified';

export interface SecurityEvent {
  userId: string | null;
  type: SecurityEventType;
  details: string;
  success?: boolean;
  ip?: string | null;
  userAgent?: string | null;
}

export async function recordSecurityEvent(event: SecurityEvent, db: Executor = getDb()): Promise<void> {
  await db.insert(securityLog).values({
    userId: event.userId,
    type: event.type,
    details: event.details,
    success: event.success ?? true,
    ip: event.ip ?? null,
    userAgent: event.userAgent ?? null,
  });
}

/** The user's own security events, newest first (Settings → Security Log). */
export async function listSecurityLog(userId: string, page: number, limit: number) {
  const db = getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(securityLog)
      .where(eq(securityLog.userId, userId))
      .orderBy(desc(securityLog.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(securityLog).where(eq(securityLog.userId, userId)),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    logs: rows.map((r) => ({ id: r.id, timestamp: r.createdAt.toISOString(), type: r.type, details: r.details, success: r.success, ip: r.ip })),
    pagination: { page, limit, total: totalCount, pages: Math.max(1, Math.ceil(totalCount / limit)) },
  };
}
