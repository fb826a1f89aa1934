import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { readSms } from '../helpers/http';
import { db, dialogTitled, expect, newCoach, openClientTab, reviewShot, saveTheme, signIn, stack, test, toast } from './fixtures';

/**
 * Each client's language (issue 17 item 5, decision 0086): the coach sets Quinn's language to
 * Spanish in the edit form; the send dialog's preview is in Spanish; a language proposed from the
 * replies is answered on the client page. Screenshots at 1280 and 390 px, light and dark, go to
 * E2E_SHOTS/lang when asked.
 */

const SHOTS = 'lang';

/** `focus`: what must be in view (on a phone the client page is below the dashboard cards). */
async function shotAt(page: Page, name: string, width: number, focus?: Locator) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  if (focus) await focus.scrollIntoViewIfNeeded();
  await reviewShot(page, path.join(SHOTS, `${name}-${width}.png`));
}

test('the coach sets a client to Spanish; the preview is in Spanish; a proposed language is answered', async ({ page, clientIp }) => {
  test.setTimeout(150_000);
  const coach = await newCoach(clientIp);
  const phone = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const created = await coach.api.createClient({
    firstName: 'Quinn',
    lastName: 'Harper',
    email: `quinn-${randomInt(0, 1e6)}@example.com`,
    phone,
    timezone: 'America/New_York',
    goalTitle: 'Caminar cada día',
    goalType: 'progress',
    metric: 'steps',
    targetValue: 10000,
  });
  const sql = db();
  try {
    await sql`update goals set current_value = 4200 where client_id = ${created.id}`;
  } finally {
    await sql.end();
  }
  await signIn(page, coach);
  await openClientTab(page, 'Quinn Harper', 'Insights');
  await expect(page.getByTestId('client-language')).toHaveText('Check-ins in English');
  // The row names a language only when it is not English, the default (an "EN" on every row says nothing).
  const row = page.getByRole('button').filter({ hasText: 'Quinn Harper' }).filter({ hasText: 'Last check-in' });
  await expect(row.getByTestId('language-code')).toHaveCount(0);

  // The edit form: Language of check-ins → Spanish.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = dialogTitled(page, 'Edit Client');
  await edit.getByLabel('Language of check-ins').selectOption({ label: 'Spanish' });
  await edit.getByRole('button', { name: /^Save/ }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('client-language')).toHaveText('Check-ins in Spanish');
  await expect(row.getByTestId('language-code')).toHaveText('ESCheck-ins in Spanish');
  await expect(row.getByTestId('language-code')).toHaveAttribute('title', 'Check-ins in Spanish');

  // The send dialog's preview (and its consent notice) are in Spanish; nothing is texted.
  await page.getByRole('button', { name: 'Send check-in' }).click();
  const dialog = dialogTitled(page, 'Send a check-in to Quinn');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const message = dialog.getByLabel('Message to Quinn');
  await expect(message).not.toHaveValue('');
  expect(await message.inputValue()).toContain('4.200 de tus 10.000 pasos');
  await expect(dialog).toContainText('Responde PARAR');
  await shotAt(page, 'send-dialog-es-light', 1280);
  await shotAt(page, 'send-dialog-es-light', 390);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(readSms(stack().outboxDir).filter((m) => m.to === phone)).toEqual([]);

  // A language proposed from two replies: the notice, then Keep Spanish.
  const sql2 = db();
  try {
    await sql2`update clients set suggested_language = 'pt', detected_language = 'pt' where id = ${created.id}`;
  } finally {
    await sql2.end();
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await openClientTab(page, 'Quinn Harper', 'Insights');
  const notice = page.getByText('Quinn seems to write in Portuguese — switch check-ins to Portuguese?');
  await expect(notice).toBeVisible();
  await shotAt(page, 'proposal-light', 1280);
  await shotAt(page, 'proposal-light', 390, notice);

  await saveTheme(coach.api, 'dark');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openClientTab(page, 'Quinn Harper', 'Insights');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(notice).toBeVisible();
  await shotAt(page, 'proposal-dark', 1280);
  await shotAt(page, 'proposal-dark', 390, notice);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Send check-in' }).click();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(message).not.toHaveValue('');
  await shotAt(page, 'send-dialog-es-dark', 1280);
  await shotAt(page, 'send-dialog-es-dark', 390);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Keep Spanish' }).click();
  await expect(toast(page, 'Check-ins to Quinn stay in Spanish')).toBeVisible();
  await expect(notice).toBeHidden();
  await expect(page.getByTestId('client-language')).toHaveText('Check-ins in Spanish');
});
