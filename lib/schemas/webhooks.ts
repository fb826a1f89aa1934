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
