import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { uniqueIp } from '../../helpers/http';

/** Where the running stack is: written by tests/helpers/serve.ts for the Playwright run. */
export interface StackInfo {
  baseUrl: string;
  outboxDir: string;
}

export function readStack(file = 'test-results/stack.json'): StackInfo {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as StackInfo;
}

export interface Account {
  email: string;
  /** The client address this test's browser and calls present (X-Forwarded-For; the stack trusts it), so per-IP limits stay per test. */
  ip: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** A fresh account per test: the suite never depends on another test's data. */
export function newAccount(label: string): Account {
  return {
    email: `${label}-${randomUUID().slice(0, 8)}@e2e.cadence`,
    ip: uniqueIp(),
    password: 'Coach!Pass2024',
    firstName: 'Casey',
    lastName: 'Rivers',
    phone: '+12025550143',
  };
}

interface OutboxMessage {
  to: string;
  subject?: string;
  text: string;
}

function readOutbox(outboxDir: string): OutboxMessage[] {
  const file = path.join(outboxDir, 'email.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/** Waits for the newest e-mail to `to` whose text matches `pattern`; answers the first capture group. */
export async function linkFromOutbox(outboxDir: string, to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const match = readOutbox(outboxDir)
      .filter((m) => m.to === to)
      .map((m) => pattern.exec(m.text)?.[1])
      .filter((v): v is string => Boolean(v))
      .at(-1);
    if (match) return match;
    if (Date.now() > until) throw new Error(`no e-mail to ${to} matching ${pattern} in ${outboxDir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Registers through the API and opens the verification link from the outbox. */
export async function registerVerified(stack: StackInfo, account: Account): Promise<void> {
  const res = await fetch(`${stack.baseUrl}/api/users/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': account.ip },
    body: JSON.stringify({ email: account.email, password: account.password, phone: account.phone, firstName: account.firstName, lastName: account.lastName }),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const token = await linkFromOutbox(stack.outboxDir, account.email, /\/verify-email\/([\w-]+)/);
  const verified = await fetch(`${stack.baseUrl}/api/users/verify/${token}`, { headers: { 'X-Forwarded-For': account.ip } });
  if (!verified.ok) throw new Error(`verification failed: ${verified.status} ${await verified.text()}`);
}

export interface ApiLogin {
  status: number;
  body: { accessToken?: string; refreshToken?: string; error?: string; message?: string; twoFactorToken?: string };
}

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A sign-in from "another device": its own address and user agent, so it shows as a separate session. */
export async function apiLogin(stack: StackInfo, email: string, password: string, device: { userAgent?: string; ip?: string } = {}): Promise<ApiLogin> {
  const res = await fetch(`${stack.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': device.userAgent ?? IPHONE_UA, 'X-Forwarded-For': device.ip ?? uniqueIp() },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as ApiLogin['body'] };
}

/** GET /api/users/profile with a bearer token: 200 while its session lives, 401 once it is signed out. */
export async function profileStatus(stack: StackInfo, accessToken: string): Promise<number> {
  const res = await fetch(`${stack.baseUrl}/api/users/profile`, { headers: { Authorization: `Bearer ${accessToken}` } });
  return res.status;
}

/** Every request of this page presents the account's own client address. */
export async function presentAccountIp(page: Page, account: Account): Promise<void> {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': account.ip });
}

/** Fills and submits the /login form (the caller checks what follows). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the /login screen and waits for the dashboard. */
export async function signInUI(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/dashboard/);
}

export async function openSecurityTab(page: Page): Promise<void> {
  await page.goto('/settings?tab=security');
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
