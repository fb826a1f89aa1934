import twilio from 'twilio';
import { config } from '../../config';

export const TWILIO_WEBHOOK_PATH = '/api/webhooks/twilio';
/** Where Twilio posts what became of a message we sent (the `statusCallback` of each send; decision 0085). */
export const TWILIO_STATUS_PATH = '/api/webhooks/twilio/status';

/** The address Twilio signs: the public URL it was configured with (APP_URL + path + query). */
export function twilioWebhookUrl(search = '', path = TWILIO_WEBHOOK_PATH): string {
  return `${config().appUrl.replace(/\/$/, '')}${path}${search}`;
}

/**
 * Checks X-Twilio-Signature whenever TWILIO_AUTH_TOKEN is set (HMAC-SHA1 of the URL and the sorted
 * form fields). Without a token (the outbox setup) every request is accepted.
 */
export function verifyTwilioSignature(signature: string | null, params: Record<string, string>, search = '', path = TWILIO_WEBHOOK_PATH): boolean {
  const token = config().TWILIO_AUTH_TOKEN;
  if (!token) return true;
  if (!signature) return false;
  return twilio.validateRequest(token, signature, twilioWebhookUrl(search, path), params);
}

/** An empty TwiML answer: the reply, if any, is sent later through the API. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
