import { z } from 'zod';
import { AppError, forbidden } from '@/server/http/errors';
import { route } from '@/server/http/route';
import { EMPTY_TWIML, verifyTwilioSignature } from '@/server/providers/sms/webhook';
import { receiveSms } from '@/server/services/engine/conversation';

const inboundSchema = z.object({
  From: z.string().trim().min(1, 'From is required').max(32),
  To: z.string().trim().max(32).optional(),
  Body: z.string().max(5000).default(''),
  MessageSid: z.string().trim().max(64).optional(),
});

/** Inbound SMS from Twilio (form-encoded); signature checked when TWILIO_AUTH_TOKEN is set. */
export const POST = route({ auth: 'public' }, async ({ req }) => {
  const params = Object.fromEntries(new URLSearchParams(await req.text()));
  if (!verifyTwilioSignature(req.headers.get('x-twilio-signature'), params, req.nextUrl.search)) throw forbidden('Invalid Twilio signature', 'INVALID_SIGNATURE');
  const parsed = inboundSchema.safeParse(params);
  if (!parsed.success) throw new AppError(400, 'VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Invalid request');
  const { From, To, Body, MessageSid } = parsed.data;
  await receiveSms({ from: From, to: To, body: Body, messageSid: MessageSid });
  return new Response(EMPTY_TWIML, { status: 200, headers: { 'content-type': 'text/xml' } });
});
