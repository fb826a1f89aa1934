import { DEFAULT_SMS_FROM_NUMBER, DEFAULT_WHATSAPP_FROM } from '@/lib/sms';
import { whatsappAddress } from '@/lib/channels';
import { config } from '../../config';
import { metered, type UsageBatch } from '../metering';
import { SMS_SEGMENT_COST_USD, smsCost } from '../pricing';
import { outboxSmsProvider } from './outbox';
import { twilioSmsProvider } from './twilio';
import type { SentSms, SmsMessage, SmsProvider, WhatsappTemplate } from './types';
import { TWILIO_STATUS_PATH, twilioWebhookUrl } from './webhook';

/** Price per SMS segment used for cost metering (server/providers/pricing.ts). */
export { SMS_SEGMENT_COST_USD };

let provider: SmsProvider | undefined;

export function smsProvider(): SmsProvider {
  if (!provider) {
    const cfg = config();
    provider =
      cfg.TWILIO_ACCOUNT_SID && cfg.TWILIO_AUTH_TOKEN && cfg.TWILIO_FROM_NUMBER
        ? twilioSmsProvider(cfg.TWILIO_ACCOUNT_SID, cfg.TWILIO_AUTH_TOKEN, { baseUrl: cfg.TWILIO_BASE_URL, timeoutSeconds: cfg.TWILIO_TIMEOUT_SECONDS })
        : outboxSmsProvider(cfg.outboxDir);
  }
  return provider;
}

export function smsFromNumber(): string {
  return config().TWILIO_FROM_NUMBER ?? DEFAULT_SMS_FROM_NUMBER;
}

/**
 * Which of our numbers texts this client number. Today every coach sends from the one configured
 * number; a pool of numbers plugs in here (each client number kept on one number of the pool), and
 * inbound routing, consent and STOP already work per (client number, our number).
 */
export function senderNumberFor(_clientPhone: string): string {
  return smsFromNumber();
}

/**
 * Our WhatsApp sender (`whatsapp:+1…`): TWILIO_WHATSAPP_FROM, the sandbox number in local mode,
 * null when Twilio is on without one (WhatsApp is then not available and the fallback is used).
 */
export function whatsappFrom(): string | null {
  const cfg = config();
  if (cfg.TWILIO_WHATSAPP_FROM) return whatsappAddress(cfg.TWILIO_WHATSAPP_FROM);
  return smsProvider().name === 'outbox' ? DEFAULT_WHATSAPP_FROM : null;
}

/** The approved template for check-ins outside the 24-hour window (a Content SID), if configured. */
export function whatsappTemplateSid(): string | null {
  return config().TWILIO_WHATSAPP_TEMPLATE_SID ?? null;
}

/**
 * Sends a WhatsApp message to a client number from our WhatsApp sender; a template when given
 * (outside the session window). `tracked` as for a text: WhatsApp statuses come to the same callback.
 */
export async function sendWhatsapp(message: SmsMessage & { from: string; template?: WhatsappTemplate; tracked?: boolean }, userId?: string | null, usage?: UsageBatch): Promise<SentSms> {
  const p = smsProvider();
  return metered(
    { service: p.name === 'twilio' ? 'twilio' : 'sms', operation: 'messages.create', userId, batch: usage },
    () =>
      p.send({
        to: whatsappAddress(message.to),
        from: whatsappAddress(message.from),
        text: message.text,
        template: message.template,
        ...(message.tracked ? { statusCallback: twilioWebhookUrl('', TWILIO_STATUS_PATH) } : {}),
      }),
    (r) => (p.name === 'twilio' ? smsCost(r.segments) : 0),
  );
}

/**
 * Sends a text from `from` (one of our numbers; the configured one when not given). A `tracked`
 * text (one to a client) asks Twilio for status callbacks, so its delivery shows in the history
 * (decision 0085); the platform's own texts to coaches do not.
 */
export async function sendSms(message: SmsMessage & { from?: string; tracked?: boolean }, userId?: string | null, usage?: UsageBatch): Promise<SentSms> {
  const p = smsProvider();
  return metered(
    { service: p.name === 'twilio' ? 'twilio' : 'sms', operation: 'messages.create', userId, batch: usage },
    () => p.send({ to: message.to, text: message.text, from: message.from ?? smsFromNumber(), ...(message.tracked ? { statusCallback: twilioWebhookUrl('', TWILIO_STATUS_PATH) } : {}) }),
    (r) => (p.name === 'twilio' ? smsCost(r.segments) : 0),
  );
}

/** Whether the provider already has this text to this number since `since` (see SmsProvider.findSent). */
export async function findSentSms(message: SmsMessage, userId?: string | null, since = new Date(0)): Promise<SentSms | null> {
  const p = smsProvider();
  return metered({ service: p.name === 'twilio' ? 'twilio' : 'sms', operation: 'messages.list', userId }, () => p.findSent(message, since));
}
