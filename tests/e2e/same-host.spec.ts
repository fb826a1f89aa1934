import type { Page } from '@playwright/test';
import { uniqueIp } from '../helpers/http';
import { expect, fillLogin, shot, test, type TestUser, verifiedCoach } from './fixtures';

// Issue 14: the product opened at 127.0.0.1 while APP_URL (the stack's base URL) says localhost.
let account: TestUser;

test.beforeAll(async () => {
  account = await verifiedCoach(uniqueIp());
});

/** The same app at the loopback address instead of the name in APP_URL. */
const at127 = (path: string) => {
  const base = new URL(test.info().project.use.baseURL!);
  base.hostname = '127.0.0.1';
  return new URL(path, base).toString();
};

async function signInAt127(page: Page) {
  await page.goto(at127('/login'));
  await fillLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
}

test('live updates connect and the billing portal returns to 127.0.0.1', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /CORS|Access-Control/i.test(message.text())) refused.push(message.text());
  });
  await signInAt127(page);
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 });

  await page.goto(at127('/settings?tab=billing'));
  await page.getByRole('button', { name: 'Manage Payment Methods & Billing' }).click();
  await page.waitForURL(/127\.0\.0\.1:\d+\/billing\/portal\?return=/);
  await expect(page.getByRole('heading', { name: 'Payment methods & billing' })).toBeVisible();
  // A full page load: the socket connects again from this page too.
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'same-host-portal-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'same-host-portal-390');
  await page.getByRole('link', { name: 'Return to Cadence' }).click();
  await page.waitForURL(/127\.0\.0\.1:\d+\/settings\?tab=billing$/);
  await expect(page.getByRole('heading', { name: 'Current plan' })).toBeVisible();
  expect(refused).toEqual([]);
});

test('a hostile return address on the portal page leads back into the site', async ({ page }) => {
  await signInAt127(page);
  await page.goto(at127('/billing/portal?return=/x/..//evil.example/phish'));
  const back = page.getByRole('link', { name: 'Return to Cadence' });
  await expect(back).toHaveAttribute('href', '/settings?tab=billing');
});
