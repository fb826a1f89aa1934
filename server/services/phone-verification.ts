import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PHONE_VERIFICATION, PHONE_VERIFICATION_MESSAGES as M, phoneVerificationSms } from '@/lib/constants';
import { getDb } from '../db/client';
import { phoneVerifications, users, type User } from '../db/schema';
import { signingKey } from '../auth/secret';
import { AppError, badRequest } from '../http/errors';
import type { RequestInfo } from '../http/request-info';
import { log } from '../log';
import { sendSms } from '../providers/sms';
import { hitRateLimit, RATE_LIMITS } from './rate-limit';
import { recordSecurityEvent } from './security-log';
import { findActiveUserById, isPhoneVerified } from './users';

/**
 * The stored form of a code: an HMAC under the server secret, bound to the account and the number.
 * A plain hash of six digits would be reversed by trying all million; without the secret it is not.
 */
function codeDigest(userId: string, phone: string, code: string): string {
  return createHmac('sha256', signingKey()).update(`phone-verification:${userId}:${phone}:${code}`).digest('hex');
}

function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const codeError = (message: string) => badRequest(message, [{ field: 'code', message }]);

async function currentUser(userId: string): Promise<User> {
  const user = await findActiveUserById(userId);
  if (!user) throw new AppError(404, 'NOT_FOUND', 'Account not found');
  return user;
}

/** Texts a new code to the profile's phone; it replaces any earlier code. The SMS goes after the write. */
export async function sendPhoneCode(userId: string, info: RequestInfo, now: Date): Promise<{ phone: string; expiresAt: Date }> {
  const user = await currentUser(userId);
  const phone = user.phone;
  if (!phone) throw badRequest(M.noPhone, [{ field: 'phone', message: M.noPhone }]);
  if (isPhoneVerified(user)) throw badRequest(M.alreadyVerified, [{ field: 'phone', message: M.alreadyVerified }]);
  await hitRateLimit(RATE_LIMITS.phoneCodeUser, user.id);
  // Per number as well: several accounts naming one victim's number cannot flood it with codes.
  await hitRateLimit(RATE_LIMITS.phoneCodeNumber, phone);
  const code = String(randomInt(0, 10 ** PHONE_VERIFICATION.codeLength)).padStart(PHONE_VERIFICATION.codeLength, '0');
  const expiresAt = new Date(now.getTime() + PHONE_VERIFICATION.lifetimeMs);
  const row = { userId: user.id, phone, codeHash: codeDigest(user.id, phone, code), attempts: 0, expiresAt, createdAt: now };
  await getDb().insert(phoneVerifications).values(row).onConflictDoUpdate({ target: phoneVerifications.userId, set: row });
  await recordSecurityEvent({ userId: user.id, type: 'phone_verification_sent', details: `Verification code texted to ${phone}`, ip: info.ip, userAgent: info.userAgent });
  try {
    await sendSms({ to: phone, text: phoneVerificationSms(code) }, user.id);
  } catch (error) {
    log.warn({ err: error, userId: user.id }, 'phone verification SMS failed');
    throw new AppError(502, 'SMS_FAILED', M.sendFailed);
  }
  return { phone, expiresAt };
}

type ConfirmOutcome = { ok: true; phone: string } | { ok: false; message: string };

/**
 * Checks a code against the pending one. A wrong code counts an attempt, committed even though the
 * request fails, so the outcome is returned from the transaction and thrown after it.
 */
export async function confirmPhoneCode(userId: string, code: string, info: RequestInfo, now: Date): Promise<{ phone: string }> {
  await hitRateLimit(RATE_LIMITS.phoneConfirmUser, userId);
  const outcome = await getDb().transaction(async (tx): Promise<ConfirmOutcome> => {
    const [user] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).for('update');
    const [pending] = await tx.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId)).for('update');
    if (!user || !pending) return { ok: false, message: M.noPendingCode };
    const discard = () => tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
    if (pending.phone !== user.phone) {
      await discard();
      return { ok: false, message: M.phoneChanged };
    }
    if (pending.expiresAt.getTime() <= now.getTime()) {
      await discard();
      return { ok: false, message: M.codeExpired };
    }
    if (!sameDigest(pending.codeHash, codeDigest(userId, pending.phone, code))) {
      const attempts = pending.attempts + 1;
      if (attempts >= PHONE_VERIFICATION.maxAttempts) {
        await discard();
        return { ok: false, message: M.tooManyAttempts };
      }
      await tx.update(phoneVerifications).set({ attempts }).where(eq(phoneVerifications.userId, userId));
      return { ok: false, message: M.codeWrong };
    }
    await discard();
    await tx
      .update(users)
      .set({ verifiedPhone: pending.phone, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.phone, pending.phone)));
    await recordSecurityEvent({ userId, type: 'phone_verified', details: `Phone number ${pending.phone} verified`, ip: info.ip, userAgent: info.userAgent }, tx);
    return { ok: true, phone: pending.phone };
  });
  if (!outcome.ok) throw codeError(outcome.message);
  return { phone: outcome.phone };
}
