import * as contract from '@/lib/contract/checkins';
import { RESEND_WEBHOOK_MAX_BYTES } from '@/lib/email';
import { resendEventSchema } from '@/lib/schemas/webhooks';
import { assertStorableInput, payloadTooLarge, readLimitedBytes } from '@/server/http/body';
import { AppError, unauthorized } from '@/server/http/errors';
import { route } from '@/server/http/route';
import { verifyResendWebhook } from '@/server/providers/email/webhook';
import { handleResendEvent } from '@/server/services/engine/inbound-email';

/** Resend's events: the raw bytes, read with a cap, so the signature is checked over exactly what was sent. */
export const POST = route(contract.resendInbound, async ({ req }) => {
  const raw = (await readLimitedBytes(req, RESEND_WEBHOOK_MAX_BYTES, () => payloadTooLarge(RESEND_WEBHOOK_MAX_BYTES))).toString('utf8');
  const verified = verifyResendWebhook(raw, req.headers);
  if ('error' in verified) {
    if (verified.error === 'invalid_signature') throw unauthorized('Invalid Resend webhook signature', 'INVALID_SIGNATURE');
    throw new AppError(400, 'INVALID_JSON', 'Request body is not valid JSON');
  }
  const parsed = resendEventSchema.safeParse(verified.event);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || '_', message: issue.message }));
    throw new AppError(400, 'VALIDATION_ERROR', details[0]?.message ?? 'Invalid request', { details });
  }
  assertStorableInput(parsed.data, '_');
  return { received: true as const, action: await handleResendEvent(parsed.data) };
});
