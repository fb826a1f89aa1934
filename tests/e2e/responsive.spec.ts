import type { Page } from '@playwright/test';
import { expect, newClient, newCoach, shot, signIn, test, toast } from './fixtures';

/** Phone width (360 px): nothing scrolls sideways, the navigation folds into a menu; toasts follow the theme. */

async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${screen} is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  for (const theme of ['light', 'dark'] as const) {
    test(`the dashboard and settings fit the width, and the menu opens the navigation (${theme})`, async ({ page, clientIp }) => {
      const coach = await newCoach(clientIp);
      const res = await coach.api.call('PUT', '/users/appearance', { appearancePreferences: { theme, colorScheme: 'gold', fontSize: 'medium', compactView: false } });
      expect(res.status).toBe(200);
      await newClient(coach.api, { firstName: 'Avery', lastName: 'Stone-Kensington' });
      await signIn(page, coach);
      await expect(page.getByRole('button').getByText('Avery Stone-Kensington').first()).toBeVisible();
      await expectNoSidewaysScroll(page, '/dashboard');
      await shot(page, `narrow-dashboard-${theme}`);

      // The links sit behind the Menu button until it is opened.
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Settings' })).toBeHidden();
      await nav.getByRole('button', { name: 'Menu' }).click();
      await expect(nav.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
      await expectNoSidewaysScroll(page, '/dashboard with the menu open');
      await shot(page, `narrow-menu-open-${theme}`);
      await nav.getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(/\/settings/);
      await expect(nav.getByRole('link', { name: 'Settings' })).toBeHidden();

      for (const tab of ['profile', 'security', 'billing', 'notifications', 'appearance']) {
        await page.goto(`/settings?tab=${tab}`);
        await expect(page.getByRole('tabpanel').getByText(/Loading/)).toHaveCount(0);
        await expectNoSidewaysScroll(page, `/settings?tab=${tab}`);
      }
      await shot(page, `narrow-settings-${theme}`);
      await page.goto('/analytics');
      await expect(page.getByRole('region', { name: / analytics$/ }).getByText(/Loading/)).toHaveCount(0);
      await expectNoSidewaysScroll(page, '/analytics');
      await shot(page, `narrow-analytics-${theme}`);
    });
  }
});

test('toasts follow the appearance theme', async ({ page, clientIp }) => {
  const coach = await newCoach(clientIp);
  const res = await coach.api.call('PUT', '/users/appearance', { appearancePreferences: { theme: 'dark', colorScheme: 'gold', fontSize: 'medium', compactView: false } });
  expect(res.status).toBe(200);
  await signIn(page, coach);
  await expect(toast(page, 'Login Successful')).toBeVisible();
  await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'dark');
  await shot(page, 'toast-dark');

  // Choosing the light theme on the Appearance tab turns the next toast light.
  await page.goto('/settings?tab=appearance');
  await page.getByRole('radio', { name: /Light/ }).click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(toast(page, 'Appearance preferences saved successfully')).toBeVisible();
  await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'light');
});
