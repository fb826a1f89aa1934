import type { Page } from '@playwright/test';
import { TEST_NOTIFICATION_TEXT } from '@/lib/constants';
import { expect, shot, signIn, test, toast, verifiedCoach } from './fixtures';

const TABS = ['profile', 'security', 'billing', 'notifications', 'appearance'] as const;

/** The tab's data has arrived: no loading indicator is left in its panel. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText(/Loading/)).toHaveCount(0);
}

test.describe('Appearance', () => {
  test('a theme applies on selection, is saved, survives a reload without a flash, and is reverted when not saved', async ({ page, clientIp }) => {
    const coach = await verifiedCoach(clientIp);
    await signIn(page, coach);

    await page.goto('/settings?tab=appearance');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('radio', { name: /Dark/ }).click();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('radio', { name: /Sage/ }).click();
    await expect(html).toHaveAttribute('data-scheme', 'sage');
    await page.getByRole('radio', { name: 'Large' }).click();
    await expect(html).toHaveAttribute('data-font-size', 'large');
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByText('Appearance preferences saved successfully')).toBeVisible();

    // The boot script in <head> must set the class before any script of the app runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { darkAtDomReady: boolean }).darkAtDomReady = document.documentElement.classList.contains('dark');
      });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { darkAtDomReady: boolean }).darkAtDomReady)).toBe(true);
    await expect(html).toHaveAttribute('data-scheme', 'sage');

    for (const tab of TABS) {
      await page.goto(`/settings?tab=${tab}`);
      await expect(page.getByRole('tab', { name: new RegExp(tab, 'i') })).toHaveAttribute('aria-selected', 'true');
      await settled(page);
      await shot(page, `settings-${tab}-dark`);
    }

    // A choice previewed but not saved is put back when leaving the tab.
    await page.goto('/settings?tab=appearance');
    await page.getByRole('radio', { name: /Light/ }).click();
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(html).toHaveClass(/dark/);

    // System follows the operating system.
    await page.goto('/settings?tab=appearance');
    await page.getByRole('radio', { name: /System/ }).click();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByText('Appearance preferences saved successfully')).toBeVisible();
    await page.reload();
    await expect(html).toHaveClass(/dark/);
  });

  test('every settings tab in light mode', async ({ page, clientIp }) => {
    const coach = await verifiedCoach(clientIp);
    await signIn(page, coach);
    for (const tab of TABS) {
      await page.goto(`/settings?tab=${tab}`);
      await settled(page);
      await shot(page, `settings-${tab}-light`);
    }
  });
});

test.describe('Realtime', () => {
  test('the browser joins its live channel and a test notification arrives as a toast through it', async ({ page, clientIp }) => {
    const coach = await verifiedCoach(clientIp);
    await signIn(page, coach);
    await expect(page.getByTitle('Live updates: connected')).toBeVisible();

    await page.goto('/settings?tab=notifications');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Test notification sent successfully!')).toBeVisible();
    // Delivered over the socket: the toast with the (fixed) message itself, and the channels reported.
    await expect(toast(page, TEST_NOTIFICATION_TEXT)).toBeVisible();
    await expect(page.getByText(/Delivered via: .*In-app/).first()).toBeVisible();
    await shot(page, 'realtime-test-notification');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
