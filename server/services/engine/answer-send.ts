import { FALLBACK_REASONS, whatsappTemplateVariables } from '@/lib/channels';
import type { Executor } from '../../db/client';
import type { CheckIn, Client, User } from '../../db/schema';
import { sendEmail } from '../../providers/email';
import type { EmailMessage } from '../../providers/email/types';
import { senderNumberFor, sendSms, sendWhatsapp, whatsappTemplateSid } from '../../providers/sms';
import { whatsappSessionOpen } from './channels';
import { coachName } from './context';

/**
 * A message answering the client on its check-in's channel: the follow-up, or the AI's answer to a
 * further message (decision 0094). By e-mail in the check-in's thread, or by text / WhatsApp from
 * the number the check-in went from (the client's replies come to it, and STOP covers it).
 * WhatsApp allows free-form messages only within 24 hours of the client's last message there; an
 * answer that comes later (the coach approved it late, the client answered on the reply page) goes
 * as the approved template, or, with none configured, is not sent and the reason says why.
 */

export type AnswerRoute =
  | { channel: 'email'; to: string }
  | { channel: 'sms'; to: string; from: string }
  | { channel: 'whatsapp'; to: string; from: string; templateSid: string | null }
  /** Nothing to send it by; `reason` is shown to the coach (null: the check-in's channel has no address, as ever). */
  | { channel: null; reason: string | null };

export const WHATSAPP_ANSWER_NOT_SENT = `The answer was not sent on WhatsApp: ${FALLBACK_REASONS.noTemplate}`;

export async function answerRoute(db: Executor, row: Pick<CheckIn, 'channel' | 'fromNumber'>, client: Client, now: Date): Promise<AnswerRoute> {
  if (row.channel === 'email') return client.email ? { channel: 'email', to: client.email } : { channel: null, reason: null };
  if (!client.phone || client.smsOptedOut || (row.channel !== 'sms' && row.channel !== 'whatsapp')) return { channel: null, reason: null };
  if (row.channel === 'sms' || !row.fromNumber) return { channel: 'sms', to: client.phone, from: row.fromNumber ?? senderNumberFor(client.phone) };
  if (await whatsappSessionOpen(db, client.phone, row.fromNumber, now)) return { channel: 'whatsapp', to: client.phone, from: row.fromNumber, templateSid: null };
  const templateSid = whatsappTemplateSid();
  return templateSid ? { channel: 'whatsapp', to: client.phone, from: row.fromNumber, templateSid } : { channel: null, reason: WHATSAPP_ANSWER_NOT_SENT };
}

/** Sends `text` by the route; `email` builds the mail (its thread headers are the caller's). */
export async function sendAnswer(route: Exclude<AnswerRoute, { channel: null }>, text: string, client: Client, coach: User, email: () => EmailMessage): Promise<{ id: string }> {
  if (route.channel === 'email') return sendEmail(email(), coach.id);
  if (route.channel === 'sms') return sendSms({ to: route.to, from: route.from, text, tracked: true }, coach.id);
  const template = route.templateSid ? { contentSid: route.templateSid, variables: whatsappTemplateVariables(client.firstName, coachName(coach), text) } : undefined;
  return sendWhatsapp({ to: route.to, from: route.from, text, template, tracked: true }, coach.id);
}
