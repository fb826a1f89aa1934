import * as contract from '@/lib/contract/checkins';
import { TWILIO_WEBHOOK_MAX_BYTES } from '@/lib/sms';
import { twilioInboundSchema } from '@/lib/schemas/webhooks';
import { assertStorableInput, payloadTooLarge, readLimitedBytes } from '@/server/http/body';
import { AppError, forbidden } from '@/server/http/errors';
import { route } from '@/server/http/route';
import { EMPTY_TWIML, verifyTwilioSignature } from '@/server/providers/sms/webhook';
import { receiveSms } from '@/server/services/engine/inbound';

/** Inbound SMS from Twilio (form-encoded); signature checked when TWILIO_AUTH_TOKEN is set. */
export const POST = route(contract.twilioInbound, async ({ req }) => {
  const raw = await readLimitedBytes(req, TWILIO_WEBHOOK_MAX_BYTES, () => payloadTooLarge(TWILIO_WEBHOOK_MAX_BYTES));
  const params = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  if (!verifyTwilioSignature(req.headers.get('x-twilio-signature'), params, req.nextUrl.search)) throw forbidden('Invalid Twilio signature', 'INVALID_SIGNATURE');
  assertStorableInput(params, '_');
  const parsed = twilioInboundSchema.safeParse(params);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || '_', message: issue.message }));
    throw new AppError(400, 'VALIDATION_ERROR', details[0]?.message ?? 'Invalid request', { details });
  }
  const { From, To, Body, MessageSid } = parsed.data;
  await receiveSms({ from: From, to: To, body: Body, messageSid: MessageSid });
  return new Response(EMPTY_TWIML, { status: 200, headers: { 'content-type': 'text/xml' } });
});
