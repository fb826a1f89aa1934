import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { MESSAGES, RESET_LINK_LIFETIME_MS, VERIFY_LINK_LIFETIME_MS } from '@/lib/constants';
import type { LoginInput, RegisterInput } from '@/lib/schemas/auth';
import { config } from '../config';
import { getDb, type Executor } from '../db/client';
import { sessions, userTokens, users, type User } from '../db/schema';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords';
import { randomToken, sha256 } from '../auth/random';
import { accessTokenTtlSeconds } from '../auth/tokens';
import { AppError, conflict } from '../http/errors';
import { describeDevice, type RequestInfo } from '../http/request-info';
import { log } from '../log';
import { sendEmail } from '../providers/email';
import { passwordResetEmail, verificationEmail } from './auth-emails';
import { assertStrongPassword } from './password-policy';
import { hitRateLimit, hitRateLimits, RATE_LIMITS, refundRateLimitHits, type RateLimitHit, type RateLimitRule } from './rate-limit';
import { recordSecurityEvent } from './security-log';
import { completeChallenge, issueChallenge } from './two-factor';
import { createSession, openSignInSession, revokeAllSessions, revokeSession, rotateRefreshToken, sessionIdForRefreshToken, type IssuedTokens } from './sessions';
import { findActiveUserByEmail, toPublicUser, usernameFromEmail, type PublicUser } from './users';

type TokenKind = (typeof userTokens.$inferSelect)['kind'];

export async function issueUserToken(db: Executor, userId: string, kind: TokenKind, lifetimeMs: number, payload?: Record<string, string>): Promise<string> {
  // A new link replaces any earlier unused one of the same kind.
  await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
  const token = randomToken();
  await db.insert(userTokens).values({ userId, kind, tokenHash: sha256(token), payload, expiresAt: new Date(Date.now() + lifetimeMs) });
  return token;
}

/** Marks a one-time token used in the same statement that checks it, so it can only ever be spent once. */
async function consumeUserToken(db: Executor, token: string, kinds: TokenKind[]) {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.tokenHash, sha256(token)), inArray(userTokens.kind, kinds), isNull(userTokens.usedAt), gt(userTokens.expiresAt, sql`now()`)))
    .returning({ userId: userTokens.userId, kind: userTokens.kind, payload: userTokens.payload });
  return row ?? null;
}

/** The account a still-valid reset link belongs to, read without spending the link. */
async function findResetLinkOwner(token: string): Promise<Pick<User, 'email' | 'firstName' | 'lastName' | 'username'> | null> {
  const [row] = await getDb()
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(eq(userTokens.tokenHash, sha256(token)), eq(userTokens.kind, 'reset_password'), isNull(userTokens.usedAt), gt(userTokens.expiresAt, sql`now()`), isNull(users.deletedAt)));
  return row ?? null;
}

const invalidResetLink = () => new AppError(400, 'INVALID_TOKEN', 'This password reset link is invalid or has expired. Please request a new one.');

async function sendVerificationEmail(user: Pick<User, 'id' | 'email' | 'firstName'>, token: string): Promise<void> {
  const link = `${config().appUrl}/verify-email/${token}`;
  await sendEmail({ to: user.email, ...verificationEmail(user.firstName, link) }, user.id);
}

/** Creates the coach account and e-mails its verification link; answers the new user. */
export async function register(input: RegisterInput, info: RequestInfo): Promise<PublicUser> {
  await hitRateLimit(RATE_LIMITS.registerIp, info.ip);
  await assertStrongPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);
  const db = getDb();
  const { user, token } = await db.transaction(async (tx) => {
    if (await findActiveUserByEmail(input.email, tx)) throw conflict('An account with this email already exists', 'email');
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        username: usernameFromEmail(input.email),
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        passwordHash,
        role: 'coach',
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict('An account with this email already exists', 'email');
    const verifyToken = await issueUserToken(tx, created.id, 'verify_email', VERIFY_LINK_LIFETIME_MS);
    await recordSecurityEvent({ userId: created.id, type: 'register', details: 'Account created', ip: info.ip, userAgent: info.userAgent }, tx);
    return { user: created, token: verifyToken };
  });
  await sendVerificationEmail(user, token).catch((error: unknown) => log.error({ err: error, userId: user.id }, 'verification email failed'));
  return toPublicUser(user);
}

export interface LoginResult extends IssuedTokens {
  user: PublicUser;
}

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.loginFailed);

const isAdminRole = (role: User['role']) => role === 'admin' || role === 'super_admin';

/**
 * The account's sign-in limits, the same whichever door is used (decision 0068):
 * admin accounts have the stricter pair; an unknown address is treated as a coach's.
 */
function accountLimits(user: User | undefined): { perAddress: RateLimitRule; overall: RateLimitRule } {
  return user && isAdminRole(user.role)
    ? { perAddress: RATE_LIMITS.adminLoginAccountIp, overall: RATE_LIMITS.adminLoginAccount }
    : { perAddress: RATE_LIMITS.loginAccountIp, overall: RATE_LIMITS.loginAccount };
}

export async function login(input: LoginInput, info: RequestInfo, options: { adminOnly?: boolean } = {}): Promise<LoginResult> {
  // The account is looked up while the address's limits are counted: a refusal discards it unread.
  const [user] = await Promise.all([
    findActiveUserByEmail(input.email),
    hitRateLimits([{ rule: RATE_LIMITS.loginIp, subject: info.ip }, ...(options.adminOnly ? [{ rule: RATE_LIMITS.adminLoginIp, subject: info.ip }] : [])]),
  ]);
  const limits = accountLimits(user);
  // The per-address counter first: an address already throttled adds nothing to the account's
  // overall counter, so one attacker cannot use up the budget the owner's address shares.
  const hits = await hitRateLimits([
    { rule: limits.perAddress, subject: `${input.email}|${info.ip ?? 'unknown'}` },
    { rule: limits.overall, subject: input.email },
  ]);
  const failed = async (userId: string | null, details: string) => {
    await recordSecurityEvent({ userId, type: 'login_failed', details, success: false, ip: info.ip, userAgent: info.userAgent });
    return invalidCredentials();
  };
  if (!user) {
    await burnPasswordCheck(input.password);
    throw await failed(null, `Sign-in attempt for unknown address ${input.email}`);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw await failed(user.id, 'Wrong password');
  // The limits count wrong passwords: the right one gives its hits back (in the statement that
  // opens the session, when one opens), so the owner signing in or being asked for a second
  // factor never uses up their own allowance.
  const refusal = refusalAfterPassword(user, info, options);
  if (refusal) {
    await refundRateLimitHits(hits);
    throw await refusal();
  }
  return openSession(user, info, hits);
}

/** Why a right password still opens no session (the refusal, with what it records), or null. */
function refusalAfterPassword(user: User, info: RequestInfo, options: { adminOnly?: boolean }): (() => Promise<AppError>) | null {
  if (options.adminOnly && !isAdminRole(user.role)) {
    return async () => {
      await recordSecurityEvent({ userId: user.id, type: 'admin_login', details: 'Admin sign-in refused: not an admin', success: false, ip: info.ip, userAgent: info.userAgent });
      return new AppError(403, 'FORBIDDEN', 'Access denied. Admin privileges required.');
    };
  }
  if (!user.isVerified) {
    return async () => {
      await recordSecurityEvent({ userId: user.id, type: 'login_failed', details: 'E-mail not verified', success: false, ip: info.ip, userAgent: info.userAgent });
      return new AppError(401, 'EMAIL_NOT_VERIFIED', MESSAGES.emailNotVerified);
    };
  }
  if (user.twoFactorEnabled) {
    return async () =>
      new AppError(403, 'TWO_FACTOR_REQUIRED', 'Enter the code from your authenticator app to finish signing in.', {
        fields: { actionRequired: 'two_factor', twoFactorToken: await issueChallenge(user) },
      });
  }
  return null;
}

/** The second step of a two-factor sign-in. */
export async function loginWithSecondFactor(ticket: string, code: string, info: RequestInfo): Promise<LoginResult> {
  const user = await completeChallenge(ticket, code, info);
  return openSession(user, info);
}

/** An admin's sign-in is an admin login in the security log whichever door it came through. */
async function openSession(user: User, info: RequestInfo, refunds: (RateLimitHit | null)[] = []): Promise<LoginResult> {
  const device = describeDevice(info.userAgent);
  const opened = await openSignInSession(
    user,
    info,
    device,
    {
      type: isAdminRole(user.role) ? 'admin_login' : 'login',
      details: `Signed in${user.twoFactorEnabled ? ' with two-factor authentication' : ''} on ${device.device} (${device.os})`,
    },
    refunds,
  );
  if (!opened) throw invalidCredentials();
  // The account as read before the password check, with the last sign-in just written: nothing
  // else of it changes on a sign-in.
  const { lastLogin, ...tokens } = opened;
  return { ...tokens, user: toPublicUser({ ...user, lastLogin }) };
}

export async function refresh(refreshToken: string | undefined, info: RequestInfo): Promise<IssuedTokens> {
  await hitRateLimit(RATE_LIMITS.refreshIp, info.ip);
  if (!refreshToken) throw new AppError(401, 'INVALID_REFRESH_TOKEN', MESSAGES.noRefreshToken);
  return rotateRefreshToken(refreshToken, info);
}

/** The session a sign-out names: the one of the access token, else the one of the refresh token. */
export async function sessionToSignOut(refreshToken: string | undefined, accessSessionId: string | null): Promise<string | null> {
  return accessSessionId ?? (refreshToken ? await sessionIdForRefreshToken(refreshToken) : null);
}

export async function logout(sessionId: string | null, info: RequestInfo): Promise<void> {
  if (!sessionId) return;
  await revokeSession(sessionId, 'logout');
  const [row] = await getDb().select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId));
  if (row) await recordSecurityEvent({ userId: row.userId, type: 'logout', details: 'Signed out', ip: info.ip, userAgent: info.userAgent });
}

const invalidVerification = () => new AppError(400, 'INVALID_TOKEN', MESSAGES.verificationInvalidToken);

/**
 * Verifies the address: a new account's, or the new one of an e-mail change. The answer carries a
 * short-lived access token (product §1.3) for API clients that continue at once; its session ends
 * with that token, so it never clutters Active Sessions.
 */
export async function verifyEmail(token: string, info: RequestInfo): Promise<{ accessToken: string; user: PublicUser }> {
  const db = getDb();
  return db.transaction(async (tx) => {
    const spent = await consumeUserToken(tx, token, ['verify_email', 'change_email']);
    if (!spent) throw invalidVerification();
    const { userId } = spent;
    const newEmail = spent.kind === 'change_email' ? spent.payload?.email : undefined;
    if (newEmail && (await findActiveUserByEmail(newEmail, tx))) throw conflict('An account with this email already exists', 'email');
    const [user] = await tx
      .update(users)
      .set({ isVerified: true, ...(newEmail ? { email: newEmail } : {}), updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning();
    if (!user) throw invalidVerification();
    const session = await createSession(user, info, { lifetimeMs: accessTokenTtlSeconds() * 1000, purpose: 'email_link' }, tx);
    await recordSecurityEvent({ userId, type: 'email_verified', details: newEmail ? `E-mail address changed to ${newEmail}` : 'E-mail address verified', ip: info.ip, userAgent: info.userAgent }, tx);
    return { accessToken: session.accessToken, user: toPublicUser(user) };
  });
}

/** Behaves the same whether or not the address exists or is verified, so its caller reveals nothing. */
export async function resendVerification(email: string, info: RequestInfo): Promise<void> {
  await hitRateLimits([
    { rule: RATE_LIMITS.resendIp, subject: info.ip },
    { rule: RATE_LIMITS.resendAccountIp, subject: `${email}|${info.ip ?? 'unknown'}` },
    { rule: RATE_LIMITS.resendAccount, subject: email },
  ]);
  const user = await findActiveUserByEmail(email);
  if (user && !user.isVerified) {
    const token = await issueUserToken(getDb(), user.id, 'verify_email', VERIFY_LINK_LIFETIME_MS);
    await recordSecurityEvent({ userId: user.id, type: 'verification_resent', details: 'Verification e-mail sent again', ip: info.ip, userAgent: info.userAgent });
    await sendVerificationEmail(user, token).catch((error: unknown) => log.error({ err: error, userId: user.id }, 'verification email failed'));
  }
}

/** Behaves the same whether or not the address exists, so its caller reveals nothing. */
export async function forgotPassword(email: string, info: RequestInfo): Promise<void> {
  await hitRateLimits([
    { rule: RATE_LIMITS.forgotIp, subject: info.ip },
    { rule: RATE_LIMITS.forgotAccountIp, subject: `${email}|${info.ip ?? 'unknown'}` },
    { rule: RATE_LIMITS.forgotAccount, subject: email },
  ]);
  const user = await findActiveUserByEmail(email);
  if (user) {
    const token = await issueUserToken(getDb(), user.id, 'reset_password', RESET_LINK_LIFETIME_MS);
    await recordSecurityEvent({ userId: user.id, type: 'password_reset_requested', details: 'Password reset link sent', ip: info.ip, userAgent: info.userAgent });
    const link = `${config().appUrl}/reset-password/${token}`;
    await sendEmail({ to: user.email, ...passwordResetEmail(user.firstName, link) }, user.id).catch((error: unknown) =>
      log.error({ err: error, userId: user.id }, 'reset email failed'),
    );
  }
}

/** Sets the new password, proves the address, and signs every device out. */
export async function resetPassword(token: string, password: string, info: RequestInfo): Promise<void> {
  await hitRateLimit(RATE_LIMITS.resetIp, info.ip);
  const db = getDb();
  const owner = await findResetLinkOwner(token);
  if (!owner) throw invalidResetLink();
  await assertStrongPassword(password, owner);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const userId = (await consumeUserToken(tx, token, ['reset_password']))?.userId;
    if (!userId) throw invalidResetLink();
    await tx.update(users).set({ passwordHash, isVerified: true, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await revokeAllSessions(userId, 'password_reset', tx);
    await recordSecurityEvent({ userId, type: 'password_reset', details: 'Password reset by e-mail link; all sessions signed out', ip: info.ip, userAgent: info.userAgent }, tx);
  });
}
