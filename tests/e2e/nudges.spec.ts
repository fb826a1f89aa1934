import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { HELD_BY_COACH_REASON } from '../../lib/nudges';
import { weekdayOf } from '../../lib/schedule-slots';
import { addDays } from '../../lib/zoned-time';
import { db, dialogTitled, expect, newClient, newCoach, openClientTab, reviewShot, saveTheme, signIn, test, toast } from './fixtures';

/** Screenshots a human looks at (the task's review folder). */
const SHOTS = 'nudges';

async function review(page: Page, name: string): Promise<void> {
  await reviewShot(page, path.join(SHOTS, `${name}.png`));
}

/**
 * Issue 18 item 6 (decision 0091) in the browser: a target date set on a goal shows on its card, and
 * the session reminder's link asks before holding exactly one check-in, which the history then shows.
 */
test('a target date set on a goal shows on the card; the reminder link holds one check-in', async ({ page, clientIp }) => {
  test.setTimeout(120_000);
  const coach = await newCoach(clientIp);
  const target = await newClient(coach.api, { timezone: 'UTC' });
  const created = await coach.api.call('POST', '/goals/create', { clientId: target.id, title: 'Half marathon', type: 'task' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await signIn(page, coach);
  await openClientTab(page, target.name, 'Goals');
  const card = page.getByRole('article', { name: 'Half marathon' });

  await test.step('set a target date in the edit form; the card says when it is due', async () => {
    await card.getByRole('button', { name: 'Half marathon' }).click();
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Due date (optional)').fill('2031-03-12');
    await card.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Goal updated')).toBeVisible();
    await expect(card.getByText('Due 12 Mar 2031')).toBeVisible();
    await expect(card.getByText('12 Mar 2031', { exact: true })).toBeVisible();
  });

  await test.step('a date already past reads Overdue', async () => {
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Due date (optional)').fill('2021-01-05');
    await card.getByRole('button', { name: 'Save changes' }).click();
    await expect(card.getByText('Overdue (due 5 Jan 2021)')).toBeVisible();
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Due date (optional)').fill('2031-03-12');
    await card.getByRole('button', { name: 'Save changes' }).click();
    await expect(card.getByText('Due 12 Mar 2031')).toBeVisible();
  });

  // A schedule slot two days from now (UTC, the client's zone): far from any midnight the test could straddle.
  const date = addDays(new Date().toISOString().slice(0, 10), 2);
  const sql = db();
  await sql`update clients set check_in_schedule = ${sql.json({ [String(weekdayOf(date))]: [{ id: randomUUID(), time: '12:00', enabled: true }] })} where id = ${target.id}`;
  await sql.end();
  const key = `${target.id}:${date}:12:00`;
  const holdUrl = `/dashboard?client=${target.id}&hold=${encodeURIComponent(key)}`;

  await test.step('screenshots of the goal card and of the hold, 1280 and 390 px, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      await saveTheme(coach.api, theme);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await openClientTab(page, target.name, 'Goals');
        await expect(card.getByText('Due 12 Mar 2031')).toBeVisible();
        await card.scrollIntoViewIfNeeded();
        await review(page, `goal-card-${width}-${theme}`);
        await page.goto(holdUrl);
        await expect(dialogTitled(page, 'Hold this check-in?')).toBeVisible();
        await review(page, `hold-${width}-${theme}`);
      }
    }
    await saveTheme(coach.api, 'light');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('the upcoming check-in has its own Hold, with the same confirmation', async () => {
    await page.goto(`/dashboard?client=${target.id}`);
    await page.getByRole('tab', { name: 'Insights' }).click();
    const upcoming = page.getByRole('list', { name: 'Upcoming check-ins' });
    await upcoming.getByRole('button', { name: /^Hold the check-in of / }).click();
    const dialog = dialogTitled(page, 'Hold this check-in?');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await upcoming.scrollIntoViewIfNeeded();
    await review(page, 'upcoming-hold-1280-light');
  });

  await test.step('the hold asks first, then only that check-in is held and the history says so', async () => {
    await page.goto(holdUrl);
    const dialog = dialogTitled(page, 'Hold this check-in?');
    await expect(dialog).toContainText(`The check-in to ${target.name}`);
    // The coach's clock (New York: 7 or 8 AM by the season), and the client's (UTC) beside it.
    await expect(dialog).toContainText(/[78]:00 AM \(12:00 PM client time\)/);
    await dialog.getByRole('button', { name: 'Hold check-in' }).click();
    await expect(toast(page, 'Check-in held: it will not be sent')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?client=${target.id}$`));
    await page.getByRole('tab', { name: 'Insights' }).click();
    await expect(page.getByRole('list', { name: 'Check-ins', exact: true })).toContainText(`Not sent: ${HELD_BY_COACH_REASON}`);

    // The same link again (a second click on the notification) holds nothing more.
    await page.goto(holdUrl);
    await dialogTitled(page, 'Hold this check-in?').getByRole('button', { name: 'Hold check-in' }).click();
    await expect(toast(page, 'This check-in was already held')).toBeVisible();
  });
});
