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
  | 'admin_action';

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
