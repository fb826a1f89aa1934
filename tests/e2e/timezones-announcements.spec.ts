import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@/lib/preferences';
import { client } from '../helpers/http';
import { TEST_ADMIN } from '../helpers/stack';
import { db, expect, insertCheckIns, linkIn, newClient, newCoach, openClientTab, reviewShot, signIn, stack, test, waitForEmail } from './fixtures';

/**
 * Issue 18 items 7 and 8 (decision 0092): times show in the profile's timezone whatever the
 * browser's zone, labelled where they would mislead; an admin sends an announcement after a
 * confirmation with the recipient count; its e-mail's unsubscribe page works without signing in.
 */

const SHOTS = 'news';

async function snap(page: Page, name: string, dark: boolean) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await reviewShot(page, path.join(SHOTS, `${name}-${dark ? 'dark' : 'light'}-${width}.png`));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('times in the profile timezone', () => {
  // The browser is in Los Angeles; the profile says Tokyo.
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('the security log and the check-in history show Tokyo times, labelled, not the browser’s', async ({ page, clientIp }) => {
    test.setTimeout(90_000);
    const coach = await newCoach(clientIp);
    expect((await coach.api.call('PUT', '/users/timezone', { timezone: 'Asia/Tokyo' })).status).toBe(200);
    // 05:06:07 UTC: 2:06 PM on Mar 4 in Tokyo, 9:06 PM on Mar 3 in Los Angeles.
    const at = new Date('2026-03-04T05:06:07Z');
    const sql = db();
    try {
      await sql`insert into security_log (user_id, type, details, success, ip, created_at) values (${coach.id}, 'profile_updated', 'Zone check', true, '127.0.0.1', ${at})`;
    } finally {
      await sql.end();
    }
    const person = await newClient(coach.api);
    await insertCheckIns(coach.id, person.id, null, [{ status: 'sent', at, aiMessage: 'How did the week go?' }]);

    await signIn(page, coach);
    await page.goto('/settings?tab=security');
    await page.getByRole('button', { name: 'View Security Log' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Zone check' });
    await expect(row).toContainText('Mar 4, 2026, 2:06:07 PM (Tokyo)');
    await expect(row).not.toContainText('9:06');

    await openClientTab(page, person.name, 'Insights');
    const history = page.getByRole('region', { name: /Check-in History/i });
    await expect(history).toContainText('Times in Tokyo time');
    await expect(history.locator('time').first()).toHaveText('Wed, Mar 4, 2:06 PM (Tokyo)');
  });
});

test('an admin reviews the recipient count, sends a marketing e-mail, and its unsubscribe page works without signing in', async ({ page, clientIp }) => {
  test.setTimeout(120_000);
  const coach = await newCoach(clientIp);
  const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  prefs.email.marketingEmails = true;
  expect((await coach.api.call('PUT', '/users/notifications', { notificationPreferences: prefs })).status).toBe(200);
  const request = client(stack().baseUrl);
  // The stack's access tokens live seconds: a fresh admin session for each call made beside the browser.
  const adminToken = async () => {
    const login = await request<{ accessToken: string }>('POST', '/admin/login', { ip: clientIp, body: TEST_ADMIN });
    expect(login.status).toBe(200);
    return login.body.accessToken;
  };
  const adminTheme = async (theme: 'light' | 'dark') => {
    const body = { appearancePreferences: { theme, colorScheme: 'gold', fontSize: 'medium', compactView: false } };
    expect((await request('PUT', '/users/appearance', { ip: clientIp, token: await adminToken(), body })).status).toBe(200);
  };
  await adminTheme('light');
  const recipients = await request<{ recipients: number }>('GET', '/admin/announcements/recipients?kind=marketing', { ip: clientIp, token: await adminToken() });

  await page.goto('/admin-portal');
  await page.getByLabel('Email').fill(TEST_ADMIN.email);
  await page.getByLabel('Password').fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in once the admin shell shows the account (the cookie is set by then).
  await expect(page.getByText('super_admin')).toBeVisible();
  await page.getByRole('link', { name: 'Announcements', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New announcement' })).toBeVisible();

  // Bad input names its field before anything is counted.
  await page.getByRole('button', { name: 'Review and send…' }).click();
  await expect(page.getByText('A subject is required')).toBeVisible();
  const subject = `Target dates for goals ${coach.id.slice(0, 6)}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('Goals can now carry a target date.\n\nOpen a goal to set one.');
  await page.getByRole('button', { name: 'Review and send…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`goes to ${recipients.body.recipients} coach`);
  for (const dark of [false, true]) {
    if (dark) {
      await adminTheme('dark');
      // The view is in the address, so the reload comes back to it.
      await page.reload();
      await page.getByLabel('Subject').fill(subject);
      await page.getByLabel('Message').fill('Goals can now carry a target date.\n\nOpen a goal to set one.');
      await page.getByRole('button', { name: 'Review and send…' }).click();
      await expect(page.locator('html')).toHaveClass(/dark/);
    }
    await expect(dialog).toBeVisible();
    await snap(page, 'admin-announcement-dialog', dark);
  }
  await dialog.getByRole('button', { name: 'Send e-mail' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: subject })).toBeVisible();
  await adminTheme('light');

  // The coach's e-mail: the footer link opens the page; the List-Unsubscribe address leads there too.
  const mail = await waitForEmail(coach.email, (m) => m.subject === subject);
  const pageLink = linkIn(mail.text, 'unsubscribe');
  const token = pageLink.split('/').pop()!;
  const visitor = await page.context().browser()!.newContext({ colorScheme: 'light', extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  const anon = await visitor.newPage();
  await anon.goto(`${stack().baseUrl}/api/unsubscribe/${token}`);
  await expect(anon).toHaveURL(new RegExp(`/unsubscribe/${token}$`));
  await expect(anon.getByRole('heading', { name: 'Unsubscribe?' })).toBeVisible();
  await snap(anon, 'unsubscribe-confirm', false);
  await anon.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(anon.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await snap(anon, 'unsubscribe-done', false);
  await anon.emulateMedia({ colorScheme: 'dark' });
  await expect(anon.locator('html')).toHaveClass(/dark/);
  await snap(anon, 'unsubscribe-done', true);
  const stored = db();
  try {
    const [row] = await stored<{ on: boolean }[]>`select (notification_preferences #>> '{email,marketingEmails}')::boolean as on from users where id = ${coach.id}`;
    expect(row!.on).toBe(false);
  } finally {
    await stored.end();
  }
  await anon.getByRole('button', { name: 'Resubscribe' }).click();
  await expect(anon.getByRole('heading', { name: 'You are subscribed again' })).toBeVisible();
  await visitor.close();
});
