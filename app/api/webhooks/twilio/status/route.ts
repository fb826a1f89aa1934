import * as contract from '@/lib/contract/checkins';
import { TWILIO_MESSAGE_STATUSES, twilioErrorText } from '@/lib/delivery';
import { TWILIO_WEBHOOK_MAX_BYTES } from '@/lib/sms';
import { twilioStatusSchema } from '@/lib/schemas/webhooks';
import { assertStorableInput, payloadTooLarge, readLimitedBytes } from '@/server/http/body';
import { AppError, forbidden } from '@/server/http/errors';
import { route } from '@/server/http/route';
import { TWILIO_STATUS_PATH, verifyTwilioSignature } from '@/server/providers/sms/webhook';
import { recordDelivery } from '@/server/services/engine/delivery';

/** Twilio's status callback for a text or WhatsApp message we sent; signed exactly as the inbound webhook. */
export const POST = route(contract.twilioStatus, async ({ req }) => {
  const raw = await readLimitedBytes(req, TWILIO_WEBHOOK_MAX_BYTES, () => payloadTooLarge(TWILIO_WEBHOOK_MAX_BYTES));
  const params = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  if (!verifyTwilioSignature(req.headers.get('x-twilio-signature'), params, req.nextUrl.search, TWILIO_STATUS_PATH)) throw forbidden('Invalid Twilio signature', 'INVALID_SIGNATURE');
  assertStorableInput(params, '_');
  const parsed = twilioStatusSchema.safeParse(params);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || '_', message: issue.message }));
    throw new AppError(400, 'VALIDATION_ERROR', details[0]?.message ?? 'Invalid request', { details });
  }
  const { MessageSid, MessageStatus, ErrorCode, To } = parsed.data;
  const status = TWILIO_MESSAGE_STATUSES[MessageStatus.toLowerCase()];
  // queued, accepted, sending, scheduled: nothing the coach needs to see yet.
  if (!status) return { received: true as const, action: 'ignored' as const };
  const reason = status === 'failed' ? (twilioErrorText(ErrorCode) ?? `Twilio reported it ${MessageStatus.toLowerCase()}`) : null;
  return { received: true as const, action: await recordDelivery({ messageId: MessageSid, status, reason, to: To ?? null }) };
});
