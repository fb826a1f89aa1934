import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Written by tests/helpers/serve.ts when the e2e stack starts. */
export function stackInfo(): { baseUrl: string; outboxDir: string } {
  return JSON.parse(fs.readFileSync(path.resolve('test-results/stack.json'), 'utf8')) as { baseUrl: string; outboxDir: string };
}

export interface OutboxMessage {
  to: string;
  from: string;
  subject?: string;
  text: string;
  createdAt: string;
  id: string;
}

export function readOutbox(channel: 'email' | 'sms' = 'email'): OutboxMessage[] {
  const file = path.join(stackInfo().outboxDir, `${channel}.jsonl`);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/** The newest e-mail to `to` that matches, waiting for it to arrive. */
export async function waitForEmail(to: string, match: (m: OutboxMessage) => boolean = () => true, timeoutMs = 15_000): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox('email')
      .filter((m) => m.to.toLowerCase() === to.toLowerCase() && match(m))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const linkIn = (text: string, route: string): string => {
  const link = text.match(new RegExp(`https?://\\S+/${route}/[A-Za-z0-9_-]+`))?.[0];
  if (!link) throw new Error(`no /${route}/ link in: ${text}`);
  return link;
};

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
}

let counter = 0;

/** Registers through the API and opens the verification link from the outbox. */
export async function registerVerified(baseURL: string, overrides: Partial<TestAccount> = {}): Promise<TestAccount> {
  counter += 1;
  const account: TestAccount = {
    email: `coach-${Date.now().toString(36)}-${counter}@example.com`,
    password: 'Str0ng!pass-e2e',
    firstName: 'Jo',
    lastName: 'Coach',
    phone: '+15551234567',
    ...overrides,
  };
  const res = await fetch(`${baseURL}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const mail = await waitForEmail(account.email, (m) => /verify-email\//.test(m.text));
  const token = linkIn(mail.text, 'verify-email').split('/').pop()!;
  const verified = await fetch(`${baseURL}/api/users/verify/${token}`);
  expect(verified.ok, await verified.clone().text()).toBe(true);
  return account;
}

/** Signs in through the /login screen and waits for the dashboard. */
export async function signIn(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

export const screenshotPath = (name: string) => path.resolve('test-results/screenshots', `${name}.png`);
