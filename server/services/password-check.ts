import { SETTINGS_VALIDATION } from '@/lib/constants';
import { verifyPassword } from '../auth/passwords';
import { AppError, badRequest } from '../http/errors';
import type { RequestInfo } from '../http/request-info';
import { hitRateLimit, RATE_LIMITS, refundRateLimitHits } from './rate-limit';
import { recordSecurityEvent } from './security-log';
import { findActiveUserById } from './users';

interface PasswordCheck {
  /** The form field the password was typed in: `currentPassword` or `password`. */
  field: 'currentPassword' | 'password';
  /** What the signed-in user is trying to do, for the security log. */
  action: string;
  missingMessage: string;
}

/**
 * A signed-in session re-proving the account password before a sensitive change. Wrong answers are
 * logged and limited, so a stolen session cannot guess the password.
 */
export async function confirmPassword(userId: string, password: string | undefined, check: PasswordCheck, info: RequestInfo): Promise<void> {
  const user = await findActiveUserById(userId);
  if (!user) throw new AppError(404, 'NOT_FOUND', 'Account not found');
  if (!password) throw badRequest(check.missingMessage, [{ field: check.field, message: check.missingMessage }]);
  // Counted before the check and given back when right, so parallel guesses cannot outrun the limit.
  const attempt = await hitRateLimit(RATE_LIMITS.passwordCheckUser, userId);
  if (await verifyPassword(user.passwordHash, password)) {
    await refundRateLimitHits([attempt]);
    return;
  }
  await recordSecurityEvent({ userId, type: 'password_check_failed', details: `Wrong password when trying to ${check.action}`, success: false, ip: info.ip, userAgent: info.userAgent });
  const message = check.field === 'currentPassword' ? SETTINGS_VALIDATION.currentPasswordIncorrect : SETTINGS_VALIDATION.passwordIncorrect;
  throw badRequest(message, [{ field: check.field, message }]);
}
