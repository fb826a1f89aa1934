import { config } from '../../config';
import { metered, type UsageBatch } from '../metering';
import { EMAIL_COST_USD } from '../pricing';
import { outboxEmailProvider } from './outbox';
import { resendEmailProvider } from './resend';
import type { EmailMessage, EmailProvider, ReceivedEmail } from './types';

/** Price per e-mail used for cost metering (server/providers/pricing.ts). */
export { EMAIL_COST_USD };

let provider: EmailProvider | undefined;

export function emailProvider(): EmailProvider {
  if (!provider) {
    const cfg = config();
    provider = cfg.RESEND_API_KEY ? resendEmailProvider(cfg.RESEND_API_KEY) : outboxEmailProvider(cfg.outboxDir);
  }
  return provider;
}

export async function sendEmail(message: EmailMessage, userId?: string | null, usage?: UsageBatch): Promise<{ id: string }> {
  const p = emailProvider();
  return metered({ service: p.name === 'resend' ? 'resend' : 'email', operation: 'send', userId, batch: usage }, () => p.send({ ...message, from: config().EMAIL_FROM }), () =>
    p.name === 'resend' ? EMAIL_COST_USD : 0,
  );
}

/** A received e-mail's content (the `email.received` webhook carries only its metadata); null when the provider has none by that id. */
export async function getReceivedEmail(id: string): Promise<ReceivedEmail | null> {
  return emailProvider().getReceived(id);
}
