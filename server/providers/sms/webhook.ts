import twilio from 'twilio';
import { config } from '../../config';

export const TWILIO_WEBHOOK_PATH = '/api/webhooks/twilio';

/** The address Twilio signs: the public URL it was configured with (APP_URL + path + query). */
export function twilioWebhookUrl(search = ''): string {
  return `${config().appUrl.replace(/\/$/, '')}${TWILIO_WEBHOOK_PATH}${search}`;
}

/**
 * Checks X-Twilio-Signature whenever TWILIO_AUTH_TOKEN is set (HMAC-SHA1 of the URL and the sorted
 * form fields). Without a token (the outbox setup) every request is accepted.
 */
export function verifyTwilioSignature(signature: string | null, params: Record<string, string>, search = ''): boolean {
  const token = config().TWILIO_AUTH_TOKEN;
  if (!token) return true;
  if (!signature) return false;
  return twilio.validateRequest(token, signature, twilioWebhookUrl(search), params);
}

/** An empty TwiML answer: the reply, if any, is sent later through the API. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
