/**
 * Plays the provider's delivery callback for a message the outbox holds, through the same webhook
 * the provider calls (decision 0085):
 *
 *   npm run delivery-status -- <message id> delivered|failed|bounced|complained
 *
 * The id is the outbox line's `id` (the message's provider id). A text gets Twilio's status callback
 * at APP_URL (default http://localhost:$PORT, PORT 3000) + /api/webhooks/twilio/status, signed with
 * TWILIO_AUTH_TOKEN when it is set (failed: `failed` 30003; bounced: `undelivered` 30005). An e-mail
 * gets Resend's event at /api/webhooks/resend (email.delivered, email.failed, email.bounced as a hard
 * bounce, email.complained), signed as Resend signs (Svix) when RESEND_WEBHOOK_SECRET is set.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import twilio from 'twilio';
import { TWILIO_STATUS_PATH } from '../server/providers/sms/webhook';
import { postResendEvent } from './client-reply';

export const SIMULATED_OUTCOMES = ['delivered', 'failed', 'bounced', 'complained'] as const;
export type SimulatedOutcome = (typeof SIMULATED_OUTCOMES)[number];

const TWILIO_OUTCOME: Record<SimulatedOutcome, { MessageStatus: string; ErrorCode?: string }> = {
  delivered: { MessageStatus: 'delivered' },
  failed: { MessageStatus: 'failed', ErrorCode: '30003' },
  bounced: { MessageStatus: 'undelivered', ErrorCode: '30005' },
  // A text cannot be reported as spam by its recipient the way an e-mail can; the carrier filters it.
  complained: { MessageStatus: 'undelivered', ErrorCode: '30007' },
};

const RESEND_OUTCOME: Record<SimulatedOutcome, { type: string; bounce?: { type: string; subType: string; message: string } }> = {
  delivered: { type: 'email.delivered' },
  failed: { type: 'email.failed' },
  bounced: { type: 'email.bounced', bounce: { type: 'Permanent', subType: 'General', message: "The recipient's mail server rejected the address" } },
  complained: { type: 'email.complained' },
};

export interface DeliveryCallback {
  channel: 'sms' | 'email';
  messageId: string;
  outcome: SimulatedOutcome;
  /** The address the message went to (a phone number, `whatsapp:+1…`, or an e-mail address). */
  to: string;
  appUrl?: string;
  /** Twilio's auth token / Resend's webhook secret; from the environment when not given. */
  authToken?: string;
  secret?: string;
}

/** Posts Twilio's status callback for one text, signed as Twilio signs it; answers the HTTP status and body. */
export async function postTwilioStatus(params: Record<string, string>, options: { appUrl?: string; authToken?: string } = {}): Promise<{ status: number; body: string }> {
  const url = `${(options.appUrl ?? defaultAppUrl()).replace(/\/$/, '')}${TWILIO_STATUS_PATH}`;
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const token = options.authToken ?? process.env.TWILIO_AUTH_TOKEN;
  if (token) headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature(token, url, params);
  const res = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(params).toString() });
  return { status: res.status, body: await res.text() };
}

/** Posts the callback the provider would send for this outcome. */
export async function postDeliveryCallback(cb: DeliveryCallback): Promise<{ status: number; body: string }> {
  if (cb.channel === 'sms') {
    const { MessageStatus, ErrorCode } = TWILIO_OUTCOME[cb.outcome];
    const params: Record<string, string> = { MessageSid: cb.messageId, SmsSid: cb.messageId, MessageStatus, SmsStatus: MessageStatus, To: cb.to, ...(ErrorCode ? { ErrorCode } : {}) };
    return postTwilioStatus(params, { appUrl: cb.appUrl, authToken: cb.authToken });
  }
  const { type, bounce } = RESEND_OUTCOME[cb.outcome];
  const at = new Date().toISOString();
  const payload = JSON.stringify({ type, created_at: at, data: { email_id: cb.messageId, created_at: at, to: [cb.to], ...(bounce ? { bounce } : {}) } });
  return postResendEvent(payload, { appUrl: cb.appUrl, secret: cb.secret });
}

const defaultAppUrl = () => process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const defaultOutboxDir = () => process.env.OUTBOX_DIR ?? path.join(process.env.DATA_DIR ?? '.data', 'outbox');

/** The outbox message with this id: which channel it went by and to whom; null when the outbox has none. */
export async function outboxMessage(outboxDir: string, id: string): Promise<{ channel: 'sms' | 'email'; to: string } | null> {
  for (const channel of ['sms', 'email'] as const) {
    const content = await fs.readFile(path.join(outboxDir, `${channel}.jsonl`), 'utf8').catch(() => '');
    for (const line of content.split('\n')) {
      if (!line.trim()) continue;
      const m = JSON.parse(line) as { id?: string; to?: string };
      if (m.id === id && m.to) return { channel, to: m.to };
    }
  }
  return null;
}

async function main(): Promise<void> {
  const [messageId, outcome] = process.argv.slice(2);
  if (!messageId || !SIMULATED_OUTCOMES.includes(outcome as SimulatedOutcome)) {
    console.error(`Usage: npm run delivery-status -- <outbox message id> ${SIMULATED_OUTCOMES.join('|')}`);
    process.exit(2);
  }
  const found = await outboxMessage(defaultOutboxDir(), messageId);
  if (!found) throw new Error(`No message ${messageId} in ${defaultOutboxDir()}/sms.jsonl or email.jsonl`);
  const result = await postDeliveryCallback({ ...found, messageId, outcome: outcome as SimulatedOutcome });
  const ok = result.status >= 200 && result.status < 300;
  (ok ? process.stdout : process.stderr).write(`${ok ? 'Posted' : 'Refused'} (${result.status}) ${found.channel} ${messageId} ${outcome}: ${result.body}\n`);
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
