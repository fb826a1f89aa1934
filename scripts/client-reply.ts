/**
 * Answers a check-in as the client, through the same webhook Twilio calls:
 *
 *   npm run client-reply -- +15550100001 "Walked 5 km today, feeling great"
 *
 * Posts to APP_URL (default http://localhost:$PORT, PORT 3000) + /api/webhooks/twilio, signed with
 * TWILIO_AUTH_TOKEN when it is set, exactly as Twilio would sign it.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import twilio from 'twilio';

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
  const appUrl = reply.appUrl ?? process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  const url = webhookUrl(appUrl);
  const messageSid = `SM${randomBytes(16).toString('hex')}`;
  const params: Record<string, string> = {
    From: reply.from,
    To: reply.to ?? process.env.TWILIO_FROM_NUMBER ?? '+15005550006',
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

async function main(): Promise<void> {
  const [from, ...words] = process.argv.slice(2);
  const body = words.join(' ');
  if (!from || !body) {
    console.error('Usage: npm run client-reply -- <client phone, e.g. +15550100001> "<reply text>"');
    process.exit(2);
  }
  const result = await postClientReply({ from, body });
  const ok = result.status >= 200 && result.status < 300;
  (ok ? process.stdout : process.stderr).write(`${ok ? 'Delivered' : 'Refused'} (${result.status}) ${result.messageSid}: ${result.body}\n`);
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
