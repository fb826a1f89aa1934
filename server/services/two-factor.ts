import { SETTINGS_VALIDATION } from '@/lib/constants';
import { eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { jwtVerify, SignJWT } from 'jose';
import { getDb } from '../db/client';
import { users, type User } from '../db/schema';
import { sha256 } from '../auth/random';
import { signingKey } from '../auth/secret';
import { matchingStep, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, openSecret, otpauthUrl, sealSecret } from '../auth/totp';
import { AppError, badRequest } from '../http/errors';
import type { RequestInfo } from '../http/request-info';
import { confirmPassword } from './password-check';
import { hitRateLimit, refundRateLimitHits } from './rate-limit';
import { recordSecurityEvent } from './security-log';
import { findActiveUserById } from './users';

const CHALLENGE_PURPOSE = 'two_factor_login';
const CHALLENGE_TTL = '5m';
export const TWO_FACTOR_ATTEMPTS = { name: '2fa:account', limit: 5, windowSeconds: 15 * 60 };

const wrongCode = () => badRequest('That code is not valid. Check your authenticator app and try again.', [{ field: 'code', message: 'Invalid code' }]);

/** Starts enrolment: a new secret is kept (sealed) but only switched on once a code confirms it. */
export async function beginSetup(user: Pick<User, 'id' | 'email' | 'twoFactorEnabled'>) {
  if (user.twoFactorEnabled) throw new AppError(409, 'CONFLICT', 'Two-factor authentication is already on');
  const secret = newTotpSecret();
  await getDb().update(users).set({ twoFactorSecret: sealSecret(secret) }).where(eq(users.id, user.id));
  const url = otpauthUrl(secret, user.email);
  return { secret, otpauthUrl: url, qrCodeDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
}

/**
 * Accepts a TOTP code once per time step, or spends a recovery code. Each write only lands while
 * the factor state is still the one `user` was read with, so of two requests racing with two
 * valid codes only one wins.
 */
async function acceptCode(user: User, code: string): Promise<boolean> {
  if (!user.twoFactorSecret) return false;
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(openSecret(user.twoFactorSecret), code);
    if (step === null || (user.twoFactorLastStep !== null && step <= user.twoFactorLastStep)) return false;
    const [updated] = await getDb()
      .update(users)
      .set({ twoFactorLastStep: step })
      .where(sql`${users.id} = ${user.id} and ${users.twoFactorLastStep} is not distinct from ${user.twoFactorLastStep}`)
      .returning({ id: users.id });
    return Boolean(updated);
  }
  const hashed = sha256(normaliseRecoveryCode(code));
  if (!user.twoFactorRecoveryCodes.includes(hashed)) return false;
  const [updated] = await getDb()
    .update(users)
    .set({ twoFactorRecoveryCodes: sql`array_remove(${users.twoFactorRecoveryCodes}, ${hashed})` })
    .where(sql`${users.id} = ${user.id} and ${hashed} = any(${users.twoFactorRecoveryCodes}) and ${users.twoFactorLastStep} is not distinct from ${user.twoFactorLastStep}
               and cardinality(${users.twoFactorRecoveryCodes}) = ${user.twoFactorRecoveryCodes.length}`)
    .returning({ id: users.id });
  return Boolean(updated);
}

/**
 * What any accepted code changes: the last TOTP step or the number of recovery codes left. A
 * sign-in ticket carries it, so once a code was accepted every ticket issued before is spent.
 */
function factorState(user: Pick<User, 'twoFactorLastStep' | 'twoFactorRecoveryCodes'>): string {
  return `${user.twoFactorLastStep ?? '-'}.${user.twoFactorRecoveryCodes.length}`;
}

/** Switches the factor on; answers the recovery codes, which exist in clear only in this answer. */
export async function confirmSetup(userId: string, code: string, info: RequestInfo): Promise<string[]> {
  const user = await findActiveUserById(userId);
  if (!user?.twoFactorSecret) throw badRequest('Start the two-factor set-up first');
  if (user.twoFactorEnabled) throw new AppError(409, 'CONFLICT', 'Two-factor authentication is already on');
  if (!/^\d{6}$/.test(code) || !(await acceptCode(user, code))) throw wrongCode();
  const recoveryCodes = newRecoveryCodes();
  await getDb()
    .update(users)
    .set({ twoFactorEnabled: true, twoFactorRecoveryCodes: recoveryCodes.map((c) => sha256(normaliseRecoveryCode(c))) })
    .where(eq(users.id, userId));
  await recordSecurityEvent({ userId, type: 'two_factor_enabled', details: 'Two-factor authentication turned on', ip: info.ip, userAgent: info.userAgent });
  return recoveryCodes;
}

export async function disable(userId: string, password: string, info: RequestInfo): Promise<void> {
  await confirmPassword(userId, password, { field: 'password', action: 'turn off two-factor authentication', missingMessage: SETTINGS_VALIDATION.disable2faPassword }, info);
  await getDb()
    .update(users)
    .set({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorRecoveryCodes: [], twoFactorLastStep: null })
    .where(eq(users.id, userId));
  await recordSecurityEvent({ userId, type: 'two_factor_disabled', details: 'Two-factor authentication turned off', ip: info.ip, userAgent: info.userAgent });
}

/** After the password was right: a short-lived, single-use ticket the second step exchanges for a session. */
export async function issueChallenge(user: Pick<User, 'id' | 'twoFactorLastStep' | 'twoFactorRecoveryCodes'>): Promise<string> {
  return new SignJWT({ purpose: CHALLENGE_PURPOSE, state: factorState(user) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(CHALLENGE_TTL)
    .sign(signingKey());
}

const expiredTicket = () => new AppError(401, 'INVALID_TOKEN', 'Your sign-in attempt has expired. Please sign in again.');

/** Checks the ticket and the code; answers the user the second step signs in. */
export async function completeChallenge(ticket: string, code: string, info: RequestInfo): Promise<User> {
  let userId: string;
  let state: unknown;
  try {
    const { payload } = await jwtVerify(ticket, signingKey(), { algorithms: ['HS256'] });
    if (payload.purpose !== CHALLENGE_PURPOSE || typeof payload.sub !== 'string') throw new Error('wrong purpose');
    userId = payload.sub;
    state = payload.state;
  } catch {
    throw expiredTicket();
  }
  // Counted before the check and given back when right: parallel guesses cannot all pass a check
  // that a failure recorded afterwards would only close once they are done.
  const attempt = await hitRateLimit(TWO_FACTOR_ATTEMPTS, userId);
  const user = await findActiveUserById(userId);
  if (!user?.twoFactorEnabled || state !== factorState(user)) throw expiredTicket();
  if (!(await acceptCode(user, code))) {
    await recordSecurityEvent({ userId, type: 'login_failed', details: 'Wrong two-factor code', success: false, ip: info.ip, userAgent: info.userAgent });
    throw wrongCode();
  }
  await refundRateLimitHits([attempt]);
  return user;
}
