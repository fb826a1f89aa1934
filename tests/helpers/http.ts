import fs from 'node:fs';
import path from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import { assertMatchesContract } from './contract-check';

export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

let ipCounter = 0;
/** A distinct client address per test, so per-IP rate limits of one test never touch another. */
export function uniqueIp(): string {
  ipCounter += 1;
  const n = (process.pid * 1000 + ipCounter) % 16_000_000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A North American test number (+1 555 …) no other test is likely to use; random, not read from the clock. */
export function uniquePhone(): string {
  return `+1555${String(randomInt(10_000_000)).padStart(7, '0')}`;
}

export function uniqueEmail(prefix = 'coach'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  /** A multipart body; fetch sets the content type with its boundary. */
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
  ip?: string;
}

export function client(baseUrl: string) {
  return async function request<T = Record<string, unknown>>(method: string, url: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? uniqueIp(), ...options.headers };
    if ((options.body !== undefined || options.rawBody !== undefined) && !headers['content-type']) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(`${baseUrl}/api${url}`, {
      method,
      headers,
      body: options.form ?? options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      redirect: 'manual',
    });
    const text = await res.text();
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = { raw: text };
    }
    assertMatchesContract(method, `/api${url}`, res.status, res.headers.get('content-type'), body);
    return { status: res.status, body: body as T, headers: res.headers };
  };
}

export interface OutboxEmail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html?: string;
  /** A check-in e-mail's reply address (decision 0081). */
  replyTo?: string;
  headers?: Record<string, string>;
  createdAt: string;
  id: string;
}

export function readEmails(outboxDir: string): OutboxEmail[] {
  const file = path.join(outboxDir, 'email.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEmail);
}

export interface OutboxSms {
  to: string;
  from: string;
  text: string;
  createdAt: string;
  id: string;
}

export function readSms(outboxDir: string): OutboxSms[] {
  const file = path.join(outboxDir, 'sms.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxSms);
}

/** The code of the newest phone-verification text sent to a number (E.164). */
export function latestPhoneCode(outboxDir: string, to: string): string | null {
  const sms = readSms(outboxDir)
    .filter((m) => m.to === to && m.text.includes('verification code'))
    .at(-1);
  return sms?.text.match(/\b(\d{6})\b/)?.[1] ?? null;
}

/** The token of the newest link of a kind (`verify-email` or `reset-password`) sent to an address. */
export function latestLinkToken(outboxDir: string, to: string, kind: 'verify-email' | 'reset-password'): string | null {
  const mail = readEmails(outboxDir)
    .filter((m) => m.to === to && m.text.includes(`/${kind}/`))
    .at(-1);
  return mail?.text.match(new RegExp(`/${kind}/([A-Za-z0-9_-]+)`))?.[1] ?? null;
}
