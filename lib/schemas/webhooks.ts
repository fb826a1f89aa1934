import { z } from 'zod';

/** An inbound SMS as Twilio posts it (form-encoded); only the fields Cadence reads. */
export const twilioInboundSchema = z.object({
  From: z.string({ error: 'From is required' }).trim().min(1, 'From is required').max(32),
  // Our number the text was sent to: with From, it names the one conversation a reply belongs to.
  To: z.string({ error: 'To is required' }).trim().min(1, 'To is required').max(32),
  Body: z.string().max(5000).default(''),
  MessageSid: z.string().trim().max(64).optional(),
});

export type TwilioInbound = z.infer<typeof twilioInboundSchema>;

/** A Twilio status callback (form-encoded) for a message we sent, SMS or WhatsApp alike; only the fields Cadence reads. */
export const twilioStatusSchema = z.object({
  MessageSid: z.string({ error: 'MessageSid is required' }).trim().min(1, 'MessageSid is required').max(64),
  MessageStatus: z.string({ error: 'MessageStatus is required' }).trim().min(1, 'MessageStatus is required').max(32),
  ErrorCode: z.string().trim().max(16).optional(),
  // The recipient: `+1…` for SMS, `whatsapp:+1…` for WhatsApp.
  To: z.string().trim().max(64).optional(),
});

/** The answer to a status callback: what it did (updated a message, nothing new, or no message of ours). */
export const deliveryStatusReceivedSchema = z
  .object({ received: z.literal(true), action: z.enum(['updated', 'unchanged', 'unknown', 'ignored']) })
  .meta({ id: 'DeliveryStatusReceived' });

const address = z.string().trim().min(1).max(320);

/**
 * A Resend webhook event (JSON). Only `email.received` is acted on; its `data` has the received
 * mail's metadata (the body is fetched through the receiving API by `email_id`). Other event types
 * are acknowledged and ignored.
 */
export const resendEventSchema = z.object({
  type: z.string({ error: 'type is required' }).min(1, 'type is required').max(64),
  created_at: z.string().max(64).optional(),
  data: z
    .object({
      email_id: z.string().trim().max(128).optional(),
      message_id: z.string().trim().max(998).optional(),
      from: z.string().max(998).optional(),
      to: z.array(address).max(100).optional(),
      cc: z.array(address).max(100).optional(),
      received_for: z.array(address).max(100).optional(),
      subject: z.string().max(998).optional(),
      /** email.bounced: Resend's bounce; `type` Permanent (a hard bounce) or Transient. */
      bounce: z.object({ type: z.string().max(64).optional(), subType: z.string().max(64).optional(), message: z.string().max(2000).optional() }).optional(),
    })
    .default({}),
});

export type ResendEvent = z.infer<typeof resendEventSchema>;

/** The answer to a Resend webhook: received, and what Cadence made of it. */
export const resendWebhookReceivedSchema = z
  .object({
    received: z.literal(true),
    /**
     * reply (a check-in answered), duplicate, unmatched (no conversation named, or kept outside a check-in),
     * updated / unchanged / unknown (a delivery event: recorded, nothing new, or no e-mail of ours) or ignored (another event type).
     */
    action: z.enum(['reply', 'duplicate', 'unmatched', 'updated', 'unchanged', 'unknown', 'ignored']),
  })
  .meta({ id: 'ResendWebhookReceived' });
