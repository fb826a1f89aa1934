import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { client, latestLinkToken, readEmails, uniqueEmail, uniqueIp } from '../helpers/http';

export { expect };

export interface E2EStack {
  baseUrl: string;
  outboxDir: string;
  databaseUrl: string;
}

let cached: E2EStack | null = null;

/** What tests/helpers/serve.ts wrote once the stack was up. */
export function stack(): E2EStack {
  cached ??= JSON.parse(fs.readFileSync(path.resolve('test-results/stack.json'), 'utf8')) as E2EStack;
  return cached;
}

const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/** A full-page screenshot of the screen as it is now, kept for a human to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

export const PASSWORD = 'Coach!Passw0rd-42';

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function newUser(): TestUser {
  return { email: uniqueEmail('e2e'), password: PASSWORD, firstName: 'Casey', lastName: 'Morgan' };
}

/** Waits until an e-mail with a link of the kind reaches the outbox and returns its token. */
export async function waitForLinkToken(to: string, kind: 'verify-email' | 'reset-password', after = 0): Promise<string> {
  let token: string | null = null;
  await expect
    .poll(
      () => {
        const mails = readEmails(stack().outboxDir).filter((m) => m.to === to && m.text.includes(`/${kind}/`));
        token = mails.length > after ? latestLinkToken(stack().outboxDir, to, kind) : null;
        return token;
      },
      { message: `a ${kind} e-mail to ${to}`, timeout: 10_000 },
    )
    .not.toBeNull();
  return token!;
}

export function countEmails(to: string, kind: 'verify-email' | 'reset-password'): number {
  return readEmails(stack().outboxDir).filter((m) => m.to === to && m.text.includes(`/${kind}/`)).length;
}

/** Registers over the API (for tests whose subject is not the register screen). */
export async function registerByApi(user: TestUser, ip: string): Promise<void> {
  const res = await client(stack().baseUrl)('POST', '/users/register', {
    ip,
    body: { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: '+15555550123', password: user.password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** Registers and verifies over the API: a coach ready to sign in. */
export async function verifiedCoach(ip: string): Promise<TestUser> {
  const user = newUser();
  await registerByApi(user, ip);
  const token = await waitForLinkToken(user.email, 'verify-email');
  const res = await client(stack().baseUrl)('GET', `/users/verify/${token}`, { ip });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return user;
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Every test gets its own client address (the server trusts X-Forwarded-For in the test stack), so
 * the per-IP rate limits of one test never touch another.
 */
export const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, provide) => {
    await provide(uniqueIp());
  },
  page: async ({ page, clientIp }, provide) => {
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': clientIp });
    await provide(page);
  },
});
