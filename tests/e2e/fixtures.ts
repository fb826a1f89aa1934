/**
 * The one place for browser-test helpers: where the stack is, the per-test client address, test
 * accounts and the outbox, signing in, talking to the API as a coach, and test data. The admin
 * screens' larger dataset is a seed of its own (./admin-dataset.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import postgres from 'postgres';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { client, latestLinkToken, readEmails, uniqueEmail, uniqueIp, uniquePhone, type HttpResult, type OutboxEmail } from '../helpers/http';

export { expect };

// ---------------------------------------------------------------------------------------------
// The stack and the test

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

/** A connection to the test stack's database, for data no screen or endpoint puts in place. */
export function db() {
  return postgres(stack().databaseUrl, { max: 1, onnotice: () => {} });
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

/**
 * Where screenshots for a human to look at go: `E2E_SHOTS=test-results/screenshots npm run test:e2e`.
 * Unset, as in CI, the tests take none (Playwright still keeps one of every failure).
 */
export const REVIEW_SHOTS_DIR = process.env.E2E_SHOTS || undefined;

/** A screenshot for review at `<E2E_SHOTS>/<file>`, when asked for; a page can be shot whole. */
export async function reviewShot(target: Page | Locator, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!REVIEW_SHOTS_DIR) return;
  const to = path.join(REVIEW_SHOTS_DIR, file);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  if ('goto' in target) await target.screenshot({ path: to, fullPage: options.fullPage, animations: 'disabled' });
  else await target.screenshot({ path: to, animations: 'disabled' });
}

/**
 * The theme and width pairs of the screen tests: each theme and each width once, and all four pairs
 * when review screenshots are asked for (E2E_SHOTS).
 */
export const SCREEN_VARIANTS: readonly { theme: 'light' | 'dark'; width: number }[] = REVIEW_SHOTS_DIR
  ? [
      { theme: 'light', width: 1280 },
      { theme: 'light', width: 390 },
      { theme: 'dark', width: 1280 },
      { theme: 'dark', width: 390 },
    ]
  : [
      { theme: 'light', width: 1280 },
      { theme: 'dark', width: 390 },
    ];

/** A full-page screenshot of the screen as it is now, for review (reviewShot). */
export async function shot(page: Page, name: string): Promise<void> {
  await reviewShot(page, `${name}.png`, { fullPage: true });
}

/** A sonner toast showing the text. */
export const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

// ---------------------------------------------------------------------------------------------
// Accounts and the outbox

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

type LinkKind = 'verify-email' | 'reset-password';

const emailsWithLink = (to: string, kind: LinkKind) => readEmails(stack().outboxDir).filter((m) => m.to === to && m.text.includes(`/${kind}/`));

/** Waits until more than `after` e-mails with a link of the kind reached `to`; answers the newest one's token. */
export async function waitForLinkToken(to: string, kind: LinkKind, after = 0): Promise<string> {
  let token: string | null = null;
  await expect
    .poll(
      () => {
        token = emailsWithLink(to, kind).length > after ? latestLinkToken(stack().outboxDir, to, kind) : null;
        return token;
      },
      { message: `a ${kind} e-mail to ${to}`, timeout: 10_000 },
    )
    .not.toBeNull();
  return token!;
}

export function countEmails(to: string, kind: LinkKind): number {
  return emailsWithLink(to, kind).length;
}

/** The newest e-mail to `to` that matches, waiting for it to arrive. */
export async function waitForEmail(to: string, match: (m: OutboxEmail) => boolean = () => true): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(
      () => {
        found = readEmails(stack().outboxDir)
          .filter((m) => m.to.toLowerCase() === to.toLowerCase() && match(m))
          .at(-1);
        return found;
      },
      { message: `an e-mail to ${to}`, timeout: 15_000 },
    )
    .toBeDefined();
  return found!;
}

/** The absolute link to `/route/<token>` in an e-mail's text. */
export function linkIn(text: string, route: string): string {
  const link = text.match(new RegExp(`https?://\\S+/${route}/[A-Za-z0-9_-]+`))?.[0];
  if (!link) throw new Error(`no /${route}/ link in: ${text}`);
  return link;
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

// ---------------------------------------------------------------------------------------------
// Signing in

/** Fills and submits the /login form that is on screen (the caller checks what follows). */
export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the /login screen and waits for the Client Dashboard. */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeVisible();
}

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A sign-in over the API from "another device": its own address and user agent, so it shows as a separate session. */
export function loginFromPhone(email: string, password: string): Promise<HttpResult<{ accessToken: string; refreshToken: string }>> {
  return client(stack().baseUrl)('POST', '/users/login', { headers: { 'user-agent': IPHONE_UA }, body: { email, password } });
}

// ---------------------------------------------------------------------------------------------
// The API as a coach

/**
 * Talks to the API as the coach. Access tokens live a few seconds in the browser-test stack, so a
 * call answered 401 is retried once with a refreshed token.
 */
export class CoachApi {
  private constructor(
    private readonly ip: string,
    private access: string,
    private refreshToken: string,
    readonly userId: string,
  ) {}

  static async login(user: TestUser, ip: string): Promise<CoachApi> {
    const res = await client(stack().baseUrl)<{ accessToken: string; refreshToken: string; user: { id: string } }>('POST', '/users/login', {
      ip,
      body: { email: user.email, password: user.password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new CoachApi(ip, res.body.accessToken, res.body.refreshToken, res.body.user.id);
  }

  async call<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<HttpResult<T>> {
    const request = client(stack().baseUrl);
    let res = await request<T>(method, url, { ip: this.ip, token: this.access, body });
    if (res.status === 401) {
      const refreshed = await request<{ accessToken: string; newRefreshToken: string }>('POST', '/users/refresh-token', { ip: this.ip, body: { refreshToken: this.refreshToken } });
      expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
      this.access = refreshed.body.accessToken;
      this.refreshToken = refreshed.body.newRefreshToken;
      res = await request<T>(method, url, { ip: this.ip, token: this.access, body });
    }
    return res;
  }

  async createClient(fields: Record<string, unknown>): Promise<ClientRow> {
    const res = await this.call<{ client: ClientRow }>('POST', '/coach/clients', fields);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.client;
  }

  async getClient(id: string): Promise<ClientRow> {
    const res = await this.call<{ client: ClientRow }>('GET', `/clients/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.client;
  }
}

export interface ClientRow {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  timezone: string;
  profilePic: string | null;
  checkInsHeld: boolean;
  archived: boolean;
  goals: { id: string; title: string }[];
}

export interface Coach extends TestUser {
  id: string;
  api: CoachApi;
}

/** A verified coach with an API session of their own. */
/** A signed-in user's theme is the saved preference, which wins over the browser's copy. */
/** Saves the user's theme; "system" follows the browser's colour scheme, which a test can emulate. */
export async function saveTheme(api: CoachApi, theme: 'light' | 'dark' | 'system'): Promise<void> {
  const res = await api.call('PUT', '/users/appearance', { appearancePreferences: { theme, colorScheme: 'gold', fontSize: 'medium', compactView: false } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

export async function newCoach(ip: string): Promise<Coach> {
  const user = await verifiedCoach(ip);
  const api = await CoachApi.login(user, ip);
  return { ...user, id: api.userId, api };
}

// ---------------------------------------------------------------------------------------------
// Workspace data and screens

/** A client with the name of a client, for tests that need one to exist. */
export async function newClient(api: CoachApi, fields: Record<string, unknown> = {}): Promise<ClientRow & { name: string }> {
  const row = await api.createClient({
    firstName: 'Robin',
    lastName: 'Goalsetter',
    email: uniqueEmail('client'),
    // One coach's clients never share a number (decision 0111).
    phone: uniquePhone(),
    timezone: 'America/Chicago',
    ...fields,
  });
  return { ...row, name: `${row.firstName} ${row.lastName}` };
}

/** Opens a client's detail from the dashboard list: the client's name, then the tab. */
export async function openClientTab(page: Page, name: string, tab: 'Insights' | 'Goals'): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('button').getByText(name, { exact: true }).first().click();
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

/**
 * An open dialog found by its heading. The Modal primitive labels every dialog with the same
 * element id, so with several modals on a page the accessible name cannot be trusted.
 */
export function dialogTitled(page: Page, title: string) {
  return page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

export interface CheckInSeed {
  status: 'scheduled' | 'sent' | 'responded' | 'completed' | 'no_response';
  /** Hours from now (negative in the past), or an exact instant (a test that asserts the printed time must not depend on the clock). */
  at: number | Date;
  aiMessage?: string;
  clientResponse?: string;
  aiResponse?: string;
  coachSummary?: string;
  insights?: string[];
  motivation?: 'low' | 'medium' | 'high';
  engagementAssessment?: 'great' | 'okay' | 'bad';
  executiveSummary?: string;
}

/**
 * Check-ins in given states, put straight into the database (the engine would take hours to produce
 * them). Hours are counted from `now`, read once, so all rows of a call sit on one reading of the clock.
 */
export async function insertCheckIns(coachId: string, clientId: string, goalId: string | null, rows: CheckInSeed[], now = new Date()): Promise<void> {
  const sql = db();
  try {
    for (const row of rows) {
      const at = row.at instanceof Date ? row.at : new Date(now.getTime() + row.at * 3_600_000);
      const sent = row.status === 'scheduled' ? null : at;
      const responded = row.status === 'responded' || row.status === 'completed' ? new Date(at.getTime() + 30 * 60_000) : null;
      await sql`
        insert into check_ins (coach_id, client_id, goal_id, status, scheduled_for, sent_at, responded_at, ai_message, client_response, ai_response,
          coach_summary, insights, motivation, engagement_assessment, executive_summary, created_at)
        values (${coachId}, ${clientId}, ${goalId}, ${row.status}, ${at}, ${sent}, ${responded}, ${row.aiMessage ?? null}, ${row.clientResponse ?? null},
          ${row.aiResponse ?? null}, ${row.coachSummary ?? null}, ${row.insights ? sql.json(row.insights) : null}, ${row.motivation ?? null},
          ${row.engagementAssessment ?? null}, ${row.executiveSummary ?? null}, ${row.status === 'scheduled' ? now : at})`;
    }
  } finally {
    await sql.end();
  }
}

/** A small solid-colour PNG, built here so its checksums are right and the browser can draw it. */
export function solidPng(size = 16, rgb: [number, number, number] = [184, 118, 10]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
