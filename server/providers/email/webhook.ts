import { Resend } from 'resend';
import { config } from '../../config';

export const RESEND_WEBHOOK_PATH = '/api/webhooks/resend';

/** The Svix headers Resend signs its webhooks with. */
export const RESEND_SIGNATURE_HEADERS = { id: 'svix-id', timestamp: 'svix-timestamp', signature: 'svix-signature' } as const;

/**
 * A Resend webhook body, checked with the SDK (`webhooks.verify`: Svix's HMAC over id, timestamp and
 * the raw body, with a timestamp tolerance against replays) whenever RESEND_WEBHOOK_SECRET is set.
 * Answers the parsed event, `invalid_signature`, or `invalid_json`. Without a secret (the outbox
 * setup) every well-formed body is accepted, as the Twilio webhook does without its token.
 */
export function verifyResendWebhook(payload: string, headers: Headers): { event: unknown } | { error: 'invalid_signature' | 'invalid_json' } {
  const { RESEND_WEBHOOK_SECRET: secret, RESEND_API_KEY: apiKey } = config();
  if (secret) {
    const signed = { id: headers.get(RESEND_SIGNATURE_HEADERS.id), timestamp: headers.get(RESEND_SIGNATURE_HEADERS.timestamp), signature: headers.get(RESEND_SIGNATURE_HEADERS.signature) };
    if (!signed.id || !signed.timestamp || !signed.signature) return { error: 'invalid_signature' };
    try {
      // Verifying is local: the SDK's constructor only insists on some key, which no call here uses.
      return { event: new Resend(apiKey ?? 'webhook-verification-only').webhooks.verify({ payload, headers: { id: signed.id, timestamp: signed.timestamp, signature: signed.signature }, webhookSecret: secret }) };
    } catch {
      return { error: 'invalid_signature' };
    }
  }
  try {
    return { event: JSON.parse(payload) as unknown };
  } catch {
    return { error: 'invalid_json' };
  }
}
