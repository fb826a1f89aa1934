import { config } from '../../config';
import { metered, type UsageBatch } from '../metering';
import { SMS_SEGMENT_COST_USD, smsCost } from '../pricing';
import { outboxSmsProvider } from './outbox';
import { twilioSmsProvider } from './twilio';
import type { SentSms, SmsMessage, SmsProvider } from './types';

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
  return config().TWILIO_FROM_NUMBER ?? '+15005550006';
}

export async function sendSms(message: SmsMessage, userId?: string | null, usage?: UsageBatch): Promise<SentSms> {
  const p = smsProvider();
  return metered(
    { service: p.name === 'twilio' ? 'twilio' : 'sms', operation: 'messages.create', userId, batch: usage },
    () => p.send({ ...message, from: smsFromNumber() }),
    (r) => (p.name === 'twilio' ? smsCost(r.segments) : 0),
  );
}

/** Whether the provider already has this text to this number since `since` (see SmsProvider.findSent). */
export async function findSentSms(message: SmsMessage, userId?: string | null, since = new Date(0)): Promise<SentSms | null> {
  const p = smsProvider();
  return metered({ service: p.name === 'twilio' ? 'twilio' : 'sms', operation: 'messages.list', userId }, () => p.findSent(message, since));
}
