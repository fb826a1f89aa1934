import type { Page } from '@playwright/test';
import { db, expect, newCoach, REVIEW_SHOTS_DIR, reviewShot, saveTheme, signIn, test } from './fixtures';

/**
 * The client list at size (issue 19, decision 0093): 200 clients, a page of 50 at a time in a
 * virtualised list; search, filter and sort kept in the URL, Back restoring the previous list.
 * The clients are written to the database directly: 200 through the form would take minutes.
 */

const N = 200;
const FIRST = ['Avery', 'Blake', 'Casey', 'Devon', 'Emery', 'Finley', 'Gray', 'Harper', 'Indy', 'Jules'];
const SHOTS = 'clientlist';

const list = (page: Page) => page.getByRole('list', { name: 'Clients', exact: true });
const heading = (page: Page) => page.getByRole('heading', { name: /^Clients/ });

async function seed(coachId: string): Promise<void> {
  const sql = db();
  try {
    await sql`update users set plan_id = 'beta' where id = ${coachId}`;
    const rows = Array.from({ length: N }, (_, i) => ({
      coach_id: coachId,
      first_name: FIRST[i % FIRST.length]!,
      // Zero-padded so A to Z is the order of i within a first name.
      last_name: `Client ${String(i).padStart(3, '0')}`,
      email: `list-${coachId.slice(0, 8)}-${i}@clients.test`,
      phone: `+1555${String(8000000 + i)}`,
      check_ins_held: i % 8 === 0,
      check_in_schedule: sql.json({ '0': [{ id: `s${i}`, time: '09:00', enabled: true }] }),
    }));
    await sql`insert into clients ${sql(rows)}`;
  } finally {
    await sql.end();
  }
}

test.describe('Client list at size', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('searches, filters and scrolls 200 clients with the state in the URL', async ({ page, clientIp }) => {
    const coach = await newCoach(clientIp);
    await seed(coach.id);
    await signIn(page, coach);

    await expect(heading(page)).toContainText(`(${N})`);
    // Virtualised: a page is loaded, yet only the rows in view (and a few around) are in the DOM.
    await expect(list(page).getByRole('button').first()).toContainText('Avery Client 000');
    expect(await list(page).getByRole('button').count()).toBeLessThan(30);

    // Scrolling to the end brings the next pages until the last client (A to Z) is there.
    const scroller = page.getByTestId('client-scroll');
    const last = list(page).getByRole('button', { name: /Jules Client 199/ });
    for (let i = 0; i < 30 && !(await last.isVisible()); i++) {
      await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await page.waitForTimeout(150);
    }
    await expect(last).toBeVisible();
    expect(await list(page).getByRole('button').count()).toBeLessThan(40);

    // Search (debounced) then a filter: each in the URL.
    await page.getByRole('searchbox', { name: 'Search clients' }).fill('casey');
    await expect(page).toHaveURL(/[?&]q=casey/);
    await expect(heading(page)).toContainText(`(20 of ${N})`);
    await page.getByRole('group', { name: 'Filter clients' }).getByRole('button', { name: /On hold/ }).click();
    await expect(page).toHaveURL(/filter=on_hold/);
    await expect(heading(page)).toContainText(`(${countHeld()} of ${N})`);
    await expect(list(page).getByRole('button')).toHaveCount(countHeld());
    for (const row of await list(page).getByRole('button').all()) await expect(row).toContainText('On hold');

    // The sort, then Back twice: the filter goes, then the sort; the search stays throughout.
    await page.getByLabel('Sort clients').selectOption({ label: 'Name: Z to A' });
    await expect(page).toHaveURL(/dir=desc/);
    await page.goBack();
    await expect(page).not.toHaveURL(/dir=desc/);
    await expect(page).toHaveURL(/filter=on_hold/);
    await page.goBack();
    await expect(page).not.toHaveURL(/filter=/);
    await expect(page.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('casey');
    await expect(heading(page)).toContainText(`(20 of ${N})`);

    // A link with the state opens the same list; a search finds phone digits too.
    await page.goto('/dashboard?q=555%20800-0042');
    await expect(list(page).getByRole('button')).toHaveCount(1);
    await expect(list(page).getByRole('button')).toContainText('Casey Client 042');

    // Nothing matching: its own empty state, with a way back.
    await page.goto('/dashboard?q=nobody-at-all');
    await expect(page.getByRole('heading', { name: 'No matching clients' })).toBeVisible();
    await page.getByRole('button', { name: 'Show all clients' }).click();
    await expect(heading(page)).toContainText(`(${N})`);

    // Arrow keys move between rows.
    await list(page).getByRole('button').first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(list(page).getByRole('button', { name: /Avery Client 010/ })).toBeFocused();

    if (REVIEW_SHOTS_DIR) {
      for (const theme of ['light', 'dark'] as const) {
        await saveTheme(coach.api, theme);
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.goto('/dashboard?filter=active');
          await expect(list(page).getByRole('button').first()).toBeVisible();
          await reviewShot(page, `${SHOTS}/dashboard-${width}-${theme}.png`, { fullPage: true });
        }
      }
    }
  });
});

/** Casey is every tenth client from 2; on hold every eighth from 0. */
function countHeld(): number {
  return Array.from({ length: N }, (_, i) => i).filter((i) => i % FIRST.length === 2 && i % 8 === 0).length;
}
