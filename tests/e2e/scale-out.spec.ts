import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, newCoach, shot, signIn, stack, test } from './fixtures';
import { startApp, type App } from '../helpers/stack';
import { uniqueEmail } from '../helpers/http';

/**
 * Issue 9, scale-out: a browser connected to a second instance (B) on the test stack's database
 * sees a change made through the first (A) arrive live, through the Socket.IO Postgres adapter.
 */

let base: string;
let b: App;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-e2e-b-'));
  fs.chmodSync(base, 0o755);
  b = await startApp({ databaseUrl: stack().databaseUrl, dataDir: path.join(base, 'data'), outboxDir: stack().outboxDir, env: { LOG_LEVEL: 'error' } });
});

test.afterAll(async () => {
  await b?.stop();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

const clientRow = (page: Page, name: RegExp) => page.getByRole('list', { name: 'Clients', exact: true }).getByRole('button', { name });
const detail = (page: Page) => page.locator('section[aria-labelledby="client-detail-name"]');

test('a browser on instance B sees a client edited through instance A arrive live', async ({ browser, clientIp }) => {
  expect(b.baseUrl).not.toBe(stack().baseUrl);
  const coach = await newCoach(clientIp);
  const fields = { firstName: 'Lee', lastName: 'Park', email: uniqueEmail('client'), phone: '+15555550110' };
  const created = await coach.api.createClient(fields);

  const onB = await browser.newContext({ baseURL: b.baseUrl, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  try {
    const page = await onB.newPage();
    const socketUrls: string[] = [];
    page.on('request', (req) => void (req.url().includes('/socket.io/') && socketUrls.push(req.url())));
    page.on('websocket', (ws) => void (ws.url().includes('/socket.io/') && socketUrls.push(ws.url())));
    await signIn(page, coach);
    await expect(page).toHaveURL(new RegExp(`^${b.baseUrl}/dashboard$`));
    await clientRow(page, /Lee Park/).click();
    await expect(detail(page).getByRole('heading', { name: 'Lee Park' })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    // The browser's realtime connection is to B's Socket.IO port, not A's.
    expect(socketUrls.length).toBeGreaterThan(0);
    for (const url of socketUrls) expect(new URL(url).port).toBe(String(b.socketPort));
    let reloads = 0;
    page.on('load', () => (reloads += 1));

    // coach.api talks to the test stack: instance A.
    const edited = await coach.api.call('PUT', `/clients/${created.id}`, { ...fields, firstName: 'Leigh' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    await expect(clientRow(page, /Leigh Park/)).toBeVisible({ timeout: 15_000 });
    await expect(detail(page).getByRole('heading', { name: 'Leigh Park' })).toBeVisible();
    expect(reloads).toBe(0);
    await shot(page, 'scale-out-live-update-on-b');
  } finally {
    await onB.close();
  }
});
