import { and, eq, ne, sql } from 'drizzle-orm';
import { SETTINGS_TOASTS, SETTINGS_VALIDATION, VERIFY_LINK_LIFETIME_MS } from '@/lib/constants';
import type { AppearancePreferences, NotificationPreferences } from '@/lib/preferences';
import type { ProfileUpdate } from '@/lib/schemas/account';
import { config } from '../config';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import type { AuthUser } from '../auth/guards';
import { hashPassword } from '../auth/passwords';
import { AppError, badRequest, conflict } from '../http/errors';
import type { RequestInfo } from '../http/request-info';
import { log } from '../log';
import { sendEmail } from '../providers/email';
import { issueUserToken } from './auth';
import { assertStrongPassword } from './password-policy';
import { emailChangeEmail } from './auth-emails';
import { endSubscriptionsForDeletedAccount } from './billing/subscriptions';
import { deleteDataExportsOf } from './data-export';
import { confirmPassword } from './password-check';
import { recordSecurityEvent } from './security-log';
import { countOtherSessions } from './sessions';
import { findActiveUserByEmail, toPublicUser, type PublicUser } from './users';

/**
 * Saves the profile and survey. A new e-mail address is not taken at once: it needs the current
 * password, and the change happens when the link sent to the new address is opened. The message
 * tells the user which of the two happened.
 */
export async function updateProfile(user: AuthUser, input: ProfileUpdate, info: RequestInfo): Promise<{ message: string; pendingEmail: string | null; user: PublicUser }> {
  const { email, currentPassword: password, coachingSurvey, ...fields } = input;
  const emailChanging = email !== undefined && email !== user.email.toLowerCase();
  if (emailChanging) {
    await confirmPassword(user.id, password, { field: 'currentPassword', action: 'change the e-mail address', missingMessage: SETTINGS_VALIDATION.passwordForEmailChange }, info);
    if (await findActiveUserByEmail(email)) throw conflict('An account with this email already exists', 'email');
  }
  // A new or removed number is unproven: no notification SMS reaches it until it is verified again.
  const phoneChanging = fields.phone !== undefined && fields.phone !== user.phone;
  const [updated] = await getDb()
    .update(users)
    .set({
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      ...(coachingSurvey ? { coachingSurvey } : {}),
      ...(phoneChanging ? { verifiedPhone: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id))
    .returning();
  let message: string = SETTINGS_TOASTS.profileUpdated;
  if (emailChanging) {
    const token = await issueUserToken(getDb(), user.id, 'change_email', VERIFY_LINK_LIFETIME_MS, { email });
    const link = `${config().appUrl}/verify-email/${token}`;
    await sendEmail({ to: email, ...emailChangeEmail(updated!.firstName, link) }, user.id).catch((error: unknown) =>
      log.error({ err: error, userId: user.id }, 'email change mail failed'),
    );
    await recordSecurityEvent({ userId: user.id, type: 'email_change_requested', details: `Change of e-mail to ${email} requested`, ip: info.ip, userAgent: info.userAgent });
    message = `Profile updated. We sent a link to ${email}; your e-mail address changes when you open it.`;
  } else {
    await recordSecurityEvent({ userId: user.id, type: 'profile_updated', details: 'Profile updated', ip: info.ip, userAgent: info.userAgent });
  }
  return { message, pendingEmail: emailChanging ? email : null, user: toPublicUser(updated!) };
}

/** Answers how many other devices are still signed in, so the screen can offer to sign them out. */
export async function changePassword(user: AuthUser, currentPassword: string, newPassword: string, info: RequestInfo): Promise<{ otherSessions: number }> {
  await confirmPassword(user.id, currentPassword, { field: 'currentPassword', action: 'change the password', missingMessage: SETTINGS_VALIDATION.currentPasswordRequired }, info);
  if (currentPassword === newPassword) {
    throw badRequest('Choose a password different from the current one', [{ field: 'newPassword', message: 'Choose a password different from the current one' }]);
  }
  await assertStrongPassword(newPassword, user, 'newPassword');
  await getDb().update(users).set({ passwordHash: await hashPassword(newPassword), updatedAt: sql`now()` }).where(eq(users.id, user.id));
  await recordSecurityEvent({ userId: user.id, type: 'password_changed', details: 'Password changed', ip: info.ip, userAgent: info.userAgent });
  return { otherSessions: await countOtherSessions(user.id, user.sessionId) };
}

export async function updateTimezone(user: AuthUser, timezone: string, info: RequestInfo): Promise<PublicUser> {
  const [updated] = await getDb().update(users).set({ timezone, updatedAt: sql`now()` }).where(eq(users.id, user.id)).returning();
  await recordSecurityEvent({ userId: user.id, type: 'timezone_updated', details: `Timezone set to ${timezone}`, ip: info.ip, userAgent: info.userAgent });
  return toPublicUser(updated!);
}

export async function updateNotificationPreferences(user: AuthUser, notificationPreferences: NotificationPreferences): Promise<NotificationPreferences> {
  const [updated] = await getDb().update(users).set({ notificationPreferences, updatedAt: sql`now()` }).where(eq(users.id, user.id)).returning();
  return updated!.notificationPreferences ?? notificationPreferences;
}

export async function updateAppearancePreferences(user: AuthUser, appearancePreferences: AppearancePreferences): Promise<AppearancePreferences> {
  const [updated] = await getDb().update(users).set({ appearancePreferences, updatedAt: sql`now()` }).where(eq(users.id, user.id)).returning();
  return updated!.appearancePreferences ?? appearancePreferences;
}

/**
 * Deletes the account and, through the foreign keys, every client, goal, check-in, session and
 * token it owns, in one transaction. One anonymous audit row remains.
 */
export async function deleteAccount(user: AuthUser, password: string, info: RequestInfo): Promise<void> {
  await confirmPassword(user.id, password, { field: 'password', action: 'delete the account', missingMessage: SETTINGS_VALIDATION.deletePassword }, info);
  if (user.role !== 'coach') {
    const [otherAdmin] = await getDb()
      .select({ id: users.id })
      .from(users)
      .where(and(ne(users.id, user.id), sql`${users.role} in ('admin', 'super_admin')`))
      .limit(1);
    if (!otherAdmin) throw new AppError(409, 'CONFLICT', 'The last administrator cannot delete their account');
  }
  // The payments provider stops charging before the account's rows go.
  await endSubscriptionsForDeletedAccount(user.id);
  const removeExportFiles = await getDb().transaction(async (tx) => {
    const removeFiles = await deleteDataExportsOf(user.id, tx);
    await tx.delete(users).where(eq(users.id, user.id));
    await recordSecurityEvent({ userId: null, type: 'account_deleted', details: `Account ${user.id} deleted by its owner`, ip: info.ip, userAgent: info.userAgent }, tx);
    return removeFiles;
  });
  removeExportFiles();
}
