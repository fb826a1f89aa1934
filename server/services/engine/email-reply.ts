import EmailReplyParser from 'email-reply-parser';
import { INBOUND_EMAIL_MAX_CHARS } from '@/lib/email';

/**
 * What the client wrote in an e-mailed reply, without the quoted check-in ("On … wrote:", "> …",
 * Outlook's "From: … Sent: …") and without the signature ("-- ", "Sent from my iPhone"): only that
 * reaches the analysis and the coach. The stripping is email-reply-parser's (a maintained port of
 * GitHub's parser, decision 0081); an HTML-only mail is read as text first, its quoted block dropped.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Plain text of an HTML-only mail: quoted blocks and Gmail's quote container dropped, lines kept. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '')
    .replace(/<blockquote[\s\S]*<\/blockquote>/gi, '')
    .replace(/<div[^>]*class="[^"]*gmail_quote[\s\S]*$/i, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6])>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#39|[a-z]+);/gi, (whole, name: string) => ENTITIES[name.toLowerCase()] ?? whole)
    .replace(/\n{3,}/g, '\n\n');
}

/** The client's own words from a received mail's text (or HTML) body, trimmed and capped; '' when nothing is left. */
export function replyText(body: { text: string | null; html: string | null }): string {
  const raw = body.text?.trim() ? body.text : body.html ? htmlToText(body.html) : '';
  const own = new EmailReplyParser().parseReply(raw.replace(/\r\n/g, '\n'));
  return own.trim().slice(0, INBOUND_EMAIL_MAX_CHARS);
}
