import type { Page } from '@playwright/test';
import { expectAxeClean } from './axe-audit';
import { dialogTitled, expect, newClient, newCoach, reviewShot, saveTheme, signIn, test } from './fixtures';

/**
 * The command palette (issue 20 item 4, decision 0097): Ctrl+K opens it anywhere in the coach's
 * app; a client found by the server opens on the dashboard, a screen is navigated to, an action
 * opens its own confirming dialog, Escape closes and gives focus back.
 */

const SHOTS = 'palette';
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const input = (page: Page) => palette(page).getByRole('combobox');
const searchButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });

/** Types into the palette and waits until `option` is the highlighted choice, so Enter picks it. */
async function choose(page: Page, text: string, option: RegExp): Promise<void> {
  await input(page).fill(text);
  await expect(palette(page).getByRole('option', { name: option }).first()).toHaveAttribute('aria-selected', 'true');
}

test.describe('Command palette', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('finds a client, a screen and an action by keyboard; Escape gives focus back', async ({ page, clientIp }) => {
    const coach = await newCoach(clientIp);
    await newClient(coach.api);
    const quinn = await newClient(coach.api, { firstName: 'Quinn', lastName: 'Paletteson', phone: '+15555550177' });
    await signIn(page, coach);

    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    await choose(page, 'Paletteson', /Quinn Paletteson/);
    await expectAxeClean(page, 'command palette', 'light');
    await page.keyboard.press('Enter');
    await expect(palette(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?client=${quinn.id}$`));
    await expect(page.getByRole('tablist', { name: `${quinn.username}: views` })).toBeVisible();

    // An action that costs money only opens the dialog that asks; nothing is sent.
    await page.keyboard.press('Control+k');
    await choose(page, 'Paletteson', /Quinn Paletteson/);
    await page.keyboard.press('ArrowDown');
    await expect(palette(page).getByRole('option', { name: /Send check-in to Quinn Paletteson/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(dialogTitled(page, 'Send a check-in to Quinn')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?client=${quinn.id}$`));
    await page.keyboard.press('Escape');
    await expect(dialogTitled(page, 'Send a check-in to Quinn')).toBeHidden();

    await page.keyboard.press('Control+k');
    await choose(page, 'Paletteson', /Quinn Paletteson/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(palette(page).getByRole('option', { name: /Open Quinn Paletteson's AI schedule/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(dialogTitled(page, 'AI schedule for Quinn')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialogTitled(page, 'AI schedule for Quinn')).toBeHidden();

    await page.keyboard.press('Control+k');
    await choose(page, 'add client', /^Add client$/);
    await page.keyboard.press('Enter');
    await expect(dialogTitled(page, 'Create New Client')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+k');
    await choose(page, 'Settings', /Settings: Profile/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\?tab=profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    // Nothing found says so.
    await searchButton(page).click();
    await input(page).fill('zzqx nothing');
    await expect(palette(page).getByText('No results')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(searchButton(page)).toBeFocused();

    for (const theme of ['light', 'dark'] as const) {
      await saveTheme(coach.api, theme);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.goto('/dashboard');
        await searchButton(page).click();
        await choose(page, 'Palette', /Quinn Paletteson/);
        if (theme === 'dark' && width === 1280) await expectAxeClean(page, 'command palette', 'dark');
        await reviewShot(page, `${SHOTS}/palette-${width}-${theme}.png`);
        await page.keyboard.press('Escape');
      }
    }
  });
});
