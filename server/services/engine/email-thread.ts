import { checkInEmailSubject, followUpEmailSubject } from '@/lib/email';
import { PLATFORM_TEXTS, type ClientLanguage } from '@/lib/languages';
import type { CheckIn, User } from '../../db/schema';
import type { EmailMessage } from '../../providers/email/types';
import { coachName } from './context';
import { checkInMessageId, furtherAnswerMessageId, followUpMessageId, replyAddressOf, replyPageUrl } from './reply-address';

/**
 * The e-mails of one check-in conversation (decision 0081). Each carries the check-in's reply
 * address as Reply-To, so the client's answer comes back to the inbound webhook. The check-in mail
 * has a stable Message-ID; the follow-up answers the client's reply (In-Reply-To) and lists the
 * whole chain (References), so mail apps show the conversation as one thread.
 */

/** A Message-ID as headers carry it ("<id@host>"); null for anything that could not be one (no header injection). */
export function normalizedMessageId(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const bracketed = trimmed.startsWith('<') ? trimmed : `<${trimmed}>`;
  return /^<[^<>\s@]+@[^<>\s@]+>$/.test(bracketed) ? bracketed : null;
}

/** The check-in mail, in the client's language; it ends with the link to the one-tap reply page (decision 0083), not stored with the message. */
export function checkInEmail(row: Pick<CheckIn, 'id'>, coach: User, to: string, text: string, language: ClientLanguage): EmailMessage {
  return {
    to,
    subject: checkInEmailSubject(coachName(coach), language),
    text: `${text}\n\n${PLATFORM_TEXTS[language].emailLink(replyPageUrl(row.id))}`,
    replyTo: replyAddressOf(row.id),
    headers: { 'Message-ID': checkInMessageId(row.id) },
  };
}

export function followUpEmail(row: Pick<CheckIn, 'id' | 'clientReplyMessageId'>, coach: User, to: string, text: string, language: ClientLanguage): EmailMessage {
  const original = checkInMessageId(row.id);
  const reply = normalizedMessageId(row.clientReplyMessageId);
  return {
    to,
    subject: followUpEmailSubject(coachName(coach), language),
    text,
    replyTo: replyAddressOf(row.id),
    headers: { 'Message-ID': followUpMessageId(row.id), 'In-Reply-To': reply ?? original, References: reply ? `${original} ${reply}` : original },
  };
}

/**
 * The AI's answer to the client's n-th further message (decision 0094), in the same thread: it
 * answers that mail when it came by e-mail, else the follow-up.
 */
export function furtherAnswerEmail(row: Pick<CheckIn, 'id'>, coach: User, to: string, text: string, answering: { n: number; inReplyTo: string | null }, language: ClientLanguage): EmailMessage {
  const original = checkInMessageId(row.id);
  const parent = normalizedMessageId(answering.inReplyTo) ?? followUpMessageId(row.id);
  return {
    to,
    subject: followUpEmailSubject(coachName(coach), language),
    text,
    replyTo: replyAddressOf(row.id),
    headers: { 'Message-ID': furtherAnswerMessageId(row.id, answering.n), 'In-Reply-To': parent, References: `${original} ${parent}` },
  };
}
