/**
 * Answers a check-in as the client, through the same webhook the provider calls:
 *
 *   npm run client-reply -- +15550100001 "Walked 5 km today, feeling great"
 *   npm run client-reply -- client@example.com "Walked 5 km today, feeling great"
 *   npm run client-reply -- whatsapp:+15550100001 "Walked 5 km today, feeling great"
 *
 * A phone number (or `whatsapp:` and a number, a WhatsApp message to our WhatsApp sender): posts to APP_URL (default http://localhost:$PORT, PORT 3000) + /api/webhooks/twilio,
 * signed with TWILIO_AUTH_TOKEN when it is set, exactly as Twilio would sign it.
 *
 * An e-mail address: replies, as a mail app would, to the latest check-in e-mail the outbox holds for
 * that address (its Reply-To, quoting it); the mail is stored where the outbox's receiving API serves
 * it, and Resend's `email.received` event is posted to /api/webhooks/resend, signed as Resend signs
 * (Svix) when RESEND_WEBHOOK_SECRET is set.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import twilio from 'twilio';
import { isWhatsappAddress, whatsappAddress } from '../lib/channels';
import { DEFAULT_SMS_FROM_NUMBER, DEFAULT_WHATSAPP_FROM } from '../lib/sms';
import { appendReceivedEmail } from '../server/providers/email/outbox';
import { RESEND_SIGNATURE_HEADERS, RESEND_WEBHOOK_PATH } from '../server/providers/email/webhook';

export interface ClientReply {
  from: string;
  body: string;
  /** The app's public address; the signature covers it. */
  appUrl?: string;
  authToken?: string;
  to?: string;
}

export function webhookUrl(appUrl: string): string {
  return `${appUrl.replace(/\/$/, '')}/api/webhooks/twilio`;
}

/** Posts one inbound SMS to the webhook; answers the HTTP status and body. */
export async function postClientReply(reply: ClientReply): Promise<{ status: number; body: string; messageSid: string }> {
  const appUrl = reply.appUrl ?? defaultAppUrl();
  const url = webhookUrl(appUrl);
  const messageSid = `SM${randomBytes(16).toString('hex')}`;
  const params: Record<string, string> = {
    From: reply.from,
    To: reply.to ?? (isWhatsappAddress(reply.from) ? whatsappAddress(process.env.TWILIO_WHATSAPP_FROM ?? DEFAULT_WHATSAPP_FROM) : (process.env.TWILIO_FROM_NUMBER ?? DEFAULT_SMS_FROM_NUMBER)),
    Body: reply.body,
    MessageSid: messageSid,
    NumMedia: '0',
  };
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const token = reply.authToken ?? process.env.TWILIO_AUTH_TOKEN;
  if (token) headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature(token, url, params);
  const res = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(params).toString() });
  return { status: res.status, body: await res.text(), messageSid };
}

const defaultAppUrl = () => process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const defaultOutboxDir = () => process.env.OUTBOX_DIR ?? path.join(process.env.DATA_DIR ?? '.data', 'outbox');

/** The check-in e-mail a reply answers, as the outbox recorded it. */
interface SentEmail {
  to: string;
  subject: string;
  text: string;
  replyTo: string;
  messageId: string | null;
  createdAt: string;
}

/** The latest e-mail with a reply address the outbox holds for this client address, or null. */
export async function latestCheckInEmail(outboxDir: string, to: string): Promise<SentEmail | null> {
  let content: string;
  try {
    content = await fs.readFile(path.join(outboxDir, 'email.jsonl'), 'utf8');
  } catch {
    return null;
  }
  const lines = content.split('\n').filter((l) => l.trim());
  for (const line of lines.reverse()) {
    const mail = JSON.parse(line) as { to?: string; subject?: string; text?: string; replyTo?: string; headers?: Record<string, string>; createdAt?: string };
    if (mail.to?.toLowerCase() !== to.toLowerCase() || !mail.replyTo) continue;
    return { to: mail.to, subject: mail.subject ?? '', text: mail.text ?? '', replyTo: mail.replyTo, messageId: mail.headers?.['Message-ID'] ?? null, createdAt: mail.createdAt ?? '' };
  }
  return null;
}

/** Svix's signature as Resend sends it: HMAC-SHA256 of "id.timestamp.body" under the secret's base64 key. */
export function resendSignatureHeaders(secret: string, payload: string, at = new Date()): Record<string, string> {
  const id = `msg_${randomBytes(12).toString('hex')}`;
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${payload}`).digest('base64');
  return { [RESEND_SIGNATURE_HEADERS.id]: id, [RESEND_SIGNATURE_HEADERS.timestamp]: timestamp, [RESEND_SIGNATURE_HEADERS.signature]: `v1,${signature}` };
}

/** Posts a Resend event body to the webhook, signed when a secret is given; answers the HTTP status and body. */
export async function postResendEvent(payload: string, options: { appUrl?: string; secret?: string } = {}): Promise<{ status: number; body: string }> {
  const url = `${(options.appUrl ?? defaultAppUrl()).replace(/\/$/, '')}${RESEND_WEBHOOK_PATH}`;
  const secret = options.secret ?? process.env.RESEND_WEBHOOK_SECRET;
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(secret ? resendSignatureHeaders(secret, payload) : {}) };
  const res = await fetch(url, { method: 'POST', headers, body: payload });
  return { status: res.status, body: await res.text() };
}

export interface ClientEmailReply {
  /** The client's address: the reply answers the latest check-in e-mail to it. */
  from: string;
  body: string;
  appUrl?: string;
  outboxDir?: string;
  secret?: string;
  /** Another reply address than the check-in e-mail's (a made-up or altered one). */
  to?: string;
  /** The full text of the mail instead of `body` above the quoted check-in (as a mail app writes it). */
  rawText?: string;
}

/**
 * Replies by e-mail as the client's mail app would: to the reply address, quoting the check-in.
 * Answers the HTTP result with the event's body, so a caller can deliver the very same event again.
 */
export async function postClientEmailReply(reply: ClientEmailReply): Promise<{ status: number; body: string; payload: string; messageId: string }> {
  const outboxDir = reply.outboxDir ?? defaultOutboxDir();
  const original = await latestCheckInEmail(outboxDir, reply.from);
  const to = reply.to ?? original?.replyTo;
  if (!to) throw new Error(`No e-mail with a reply address to ${reply.from} in ${outboxDir}/email.jsonl: send an e-mailed check-in first`);
  const quoted = original ? `\n\nOn ${original.createdAt}, Cadence <${to}> wrote:\n${original.text.split('\n').map((l) => `> ${l}`).join('\n')}\n` : '';
  const emailId = randomUUID();
  const messageId = `<${randomBytes(12).toString('hex')}@${reply.from.split('@')[1] ?? 'example.com'}>`;
  const subject = original ? `Re: ${original.subject}` : 'Re: Check-in';
  await appendReceivedEmail(outboxDir, { id: emailId, from: reply.from, to: [to], subject, text: reply.rawText ?? `${reply.body}${quoted}`, html: null, messageId });
  const payload = JSON.stringify({
    type: 'email.received',
    created_at: new Date().toISOString(),
    data: { email_id: emailId, created_at: new Date().toISOString(), from: reply.from, to: [to], bcc: [], cc: [], received_for: [to], message_id: messageId, subject, attachments: [] },
  });
  return { ...(await postResendEvent(payload, { appUrl: reply.appUrl, secret: reply.secret })), payload, messageId };
}

async function main(): Promise<void> {
  const [from, ...words] = process.argv.slice(2);
  const body = words.join(' ');
  if (!from || !body) {
    console.error('Usage: npm run client-reply -- <client phone, e.g. +15550100001, whatsapp:+15550100001, or e-mail address> "<reply text>"');
    process.exit(2);
  }
  const result = from.includes('@') ? await postClientEmailReply({ from, body }) : await postClientReply({ from, body });
  const ok = result.status >= 200 && result.status < 300;
  const id = 'messageSid' in result ? result.messageSid : result.messageId;
  (ok ? process.stdout : process.stderr).write(`${ok ? 'Delivered' : 'Refused'} (${result.status}) ${id}: ${result.body}\n`);
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
