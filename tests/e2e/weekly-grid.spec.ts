import type { Page } from '@playwright/test';
import { uniqueEmail } from '../helpers/http';
import path from 'node:path';
import { db, dialogTitled, expect, newClient, newCoach, reviewShot, saveTheme, SCREEN_VARIANTS, signIn, test } from './fixtures';

/**
 * The weekly grid with its hover cards, the client schedule dialog, check-ins projected from the
 * schedules as Upcoming, and the add-client modal's two schedules (issue 16, product §2.2).
 */

const SHOTS = 'weekly-grid';
const detail = (page: Page) => page.locator('section[aria-labelledby="client-detail-name"]');
const dayCell = (page: Page, day: string) => detail(page).getByRole('list', { name: 'Days of the week' }).first().getByRole('listitem', { name: day, exact: true });
const clientRow = (page: Page, name: RegExp) => page.getByRole('list', { name: 'Clients', exact: true }).getByRole('button', { name });

test.describe('weekly grid', () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("a new client's times and its goal's frequency days show as Upcoming at once", async ({ page, clientIp }) => {
    const coach = await newCoach(clientIp);
    await signIn(page, coach);
    await page.getByRole('button', { name: 'Add Client', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Client' });
    await dialog.getByLabel('First name *').fill('Noor');
    await dialog.getByLabel('Last name *').fill('Haddad');
    await dialog.getByLabel('Email *').fill(uniqueEmail('noor'));
    await dialog.getByLabel('Phone *').fill('+15555550177');

    // The goal's frequency waits for a goal, and says what it does.
    const frequency = dialog.getByRole('group', { name: /Check-in frequency/ });
    await expect(frequency.getByRole('button', { name: 'Mon' })).toBeDisabled();
    await expect(dialog.getByText('Add a goal title first')).toBeVisible();
    await dialog.getByLabel('Goal title').fill('Walk every day');
    await expect(frequency.getByRole('button', { name: 'Mon' })).toBeEnabled();
    await expect(dialog.getByText('about this goal only')).toBeVisible();
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) await frequency.getByRole('button', { name: day }).click();
    await dialog.getByLabel('At', { exact: true }).fill('07:15');

    // The client's own times (all goals), apart from the goal's.
    await expect(dialog.getByText('about all their goals')).toBeVisible();
    await dialog.getByLabel('Time', { exact: true }).fill('20:45');
    const days = dialog.getByRole('group', { name: 'Days' });
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) await days.getByRole('button', { name: day }).click();
    await dialog.getByRole('button', { name: 'Add check-in' }).click();
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expect(dialog).toBeHidden();

    // Right away, before the scheduler has planned anything: the history's upcoming part…
    await expect(detail(page).getByRole('heading', { name: 'Noor Haddad' })).toBeVisible();
    const upcoming = detail(page).getByRole('list', { name: 'Upcoming check-ins' });
    await expect(upcoming.getByRole('listitem')).toHaveCount(5);
    await expect(upcoming.getByText('Upcoming', { exact: true })).toHaveCount(5);
    await expect(upcoming).toContainText('Walk every day · goal schedule');
    await expect(upcoming).toContainText('All goals');
    await expect(upcoming).toContainText(/(7:15 AM|8:45 PM)/);
    // …the list's bubbles (a day still ahead names its time)…
    await expect(clientRow(page, /Noor Haddad/).getByRole('img', { name: /Upcoming (7:15 AM|8:45 PM)/ }).first()).toBeVisible();
    // …and every day of the grid, with both the goal's and the client's time.
    for (const day of ['Monday', 'Thursday', 'Sunday']) {
      const cell = dayCell(page, day);
      await cell.getByRole('button', { name: new RegExp(`^${day.slice(0, 3)} .*2 check-ins, first at 7:15 AM$`) }).hover();
      const list = cell.getByRole('list', { name: `${day} check-ins` });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(list.getByRole('listitem').first()).toContainText('Walk every day · goal schedule');
      await expect(list.getByRole('listitem').last()).toContainText('8:45 PM');
    }
    // Nothing was written: the projection is not a check-in.
    const sql = db();
    const [rows] = await sql<{ n: number }[]>`select count(*)::int as n from check_ins where coach_id = ${coach.id}`;
    await sql.end();
    expect(rows!.n).toBe(0);
  });

  test('the hover card adds, switches and removes times; focus opens it and Escape closes it; the Schedule dialog shows the week', async ({ page, clientIp }) => {
    const coach = await newCoach(clientIp);
    const client = await newClient(coach.api, { firstName: 'Ines', lastName: 'Moreau', timezone: 'America/New_York', goalTitle: 'Swim 20 km', goalType: 'progress', metric: 'km', targetValue: 20, scheduledCheckIns: [{ time: '09:00', days: [0] }] });
    const goalId = client.goals[0]!.id;
    expect((await coach.api.call('POST', `/clients/${client.id}/schedule-checkin`, { dayIndex: 2, time: '07:30', goalId })).status).toBe(200);
    expect((await coach.api.call('POST', '/ai-schedule/create', { clientId: client.id, timeSlots: [{ time: '12:00' }], frequency: 'custom', customDays: ['friday'], clientTimezone: 'America/New_York' })).status).toBe(200);
    await signIn(page, coach);
    await clientRow(page, /Ines Moreau/).click();

    // Keyboard: focusing a day opens its card, Escape closes it.
    const tuesday = dayCell(page, 'Tuesday');
    const trigger = tuesday.getByRole('button', { name: /^Tue\b/ });
    await trigger.focus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(tuesday.getByText('No check-ins on Tuesday.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(tuesday.getByText('No check-ins on Tuesday.')).toBeHidden();

    // Add a time about the goal from the hover card.
    await trigger.hover();
    await expect(tuesday.getByLabel('Time', { exact: true })).toHaveValue('09:00');
    await tuesday.getByLabel('Time', { exact: true }).fill('18:15');
    await tuesday.getByLabel('About').selectOption({ label: 'Swim 20 km' });
    await tuesday.getByRole('button', { name: 'Add check-in on Tuesday' }).click();
    const slot = tuesday.getByRole('list', { name: 'Tuesday check-ins' }).getByRole('listitem');
    await expect(slot).toHaveCount(1);
    await expect(slot).toContainText('6:15 PM');
    await expect(slot).toContainText('Swim 20 km · goal schedule');
    await reviewShot(page, path.join(SHOTS, 'hover-card-1280-light.png'));
    const toggle = tuesday.getByRole('switch', { name: '6:15 PM check-in on Tuesday (Swim 20 km)' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect
      .poll(async () => ((await coach.api.call<{ goals: { checkInSchedule: Record<string, { time: string; enabled: boolean }[]> }[] }>('GET', `/dashboard/client-goals/${client.id}`)).body.goals[0]!.checkInSchedule['1']))
      .toEqual([expect.objectContaining({ time: '18:15', enabled: false })]);
    await tuesday.getByRole('button', { name: 'Remove 6:15 PM check-in on Tuesday (Swim 20 km)' }).click();
    await expect(tuesday.getByText('No check-ins on Tuesday.')).toBeVisible();

    // The Schedule dialog: the client's Monday time, the goal's Wednesday time, the AI schedule's Friday time (read-only).
    await detail(page).getByRole('button', { name: 'Schedule', exact: true }).click();
    const schedule = dialogTitled(page, 'Ines Moreau: weekly schedule');
    await expect(schedule).toBeVisible();
    const day = (name: string) => schedule.getByRole('listitem', { name, exact: true });
    await expect(day('Monday')).toContainText('9:00 AM');
    await expect(day('Monday')).toContainText('All goals');
    await expect(day('Wednesday')).toContainText('7:30 AM');
    await expect(day('Wednesday')).toContainText('Swim 20 km · goal schedule');
    await expect(day('Friday')).toContainText('12:00 PM');
    await expect(day('Friday').getByText('AI schedule', { exact: true })).toBeVisible();
    await expect(day('Friday').getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expect(schedule.getByText(/AI schedule times are read-only/)).toBeVisible();
    await day('Saturday').getByLabel('Time', { exact: true }).fill('10:30');
    await day('Saturday').getByRole('button', { name: 'Add check-in on Saturday' }).click();
    await expect(day('Saturday')).toContainText('10:30 AM');
    await reviewShot(page, path.join(SHOTS, 'schedule-modal-1280-light.png'));
    await day('Monday').getByRole('button', { name: 'Remove 9:00 AM check-in on Monday (All goals)' }).click();
    await expect(day('Monday')).toContainText('No check-ins on Monday.');
    await schedule.getByRole('button', { name: 'Done' }).click();
    await expect(schedule).toBeHidden();
    const saved = (await coach.api.call<{ client: { checkInSchedule: Record<string, { time: string }[]> } }>('GET', `/clients/${client.id}`)).body.client.checkInSchedule;
    expect(saved).toEqual({ '5': [expect.objectContaining({ time: '10:30' })] });
  });
});

for (const { theme, width } of SCREEN_VARIANTS) {
  test(`screens of the weekly grid, schedule dialog and add-client modal at ${width} px (${theme})`, async ({ page, clientIp }) => {
    await page.setViewportSize({ width, height: 900 });
    const coach = await newCoach(clientIp);
    await saveTheme(coach.api, theme);
    const client = await newClient(coach.api, {
      firstName: 'Priya',
      lastName: 'Raman',
      timezone: 'America/New_York',
      goalTitle: 'Run 50 km',
      goalType: 'progress',
      metric: 'km',
      targetValue: 50,
      checkInFrequency: ['tuesday', 'thursday'],
      checkInTime: '07:00',
      scheduledCheckIns: [{ time: '09:00', days: [0, 2, 4] }],
    });
    await coach.api.call('POST', '/goals/create', { clientId: client.id, title: 'Sleep 8 hours', type: 'task' });
    await coach.api.call('POST', '/goals/create', { clientId: client.id, title: 'Read 12 books', type: 'progress', target: 12, unit: 'books' });
    await coach.api.call('PATCH', `/goals/${client.goals[0]!.id}/progress`, { currentValue: 21, source: 'coach' });
    await signIn(page, coach);
    const row = clientRow(page, /Priya Raman/);
    await expect(row).toContainText('Run 50 km');
    await expect(row).toContainText('42%');
    await expect(row).toContainText('+1 more');
    await row.click();
    const cell = dayCell(page, 'Thursday');
    await cell.getByRole('button', { name: /^Thu\b/ }).hover();
    await expect(cell.getByRole('list', { name: 'Thursday check-ins' })).toBeVisible();
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(scroll).toBeLessThanOrEqual(0);
    await reviewShot(page, path.join(SHOTS, `grid-${width}-${theme}.png`), { fullPage: true });
    await page.mouse.move(0, 0);
    await detail(page).getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(dialogTitled(page, 'Priya Raman: weekly schedule')).toBeVisible();
    await reviewShot(page, path.join(SHOTS, `schedule-modal-${width}-${theme}.png`));
    await dialogTitled(page, 'Priya Raman: weekly schedule').getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Add Client', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Client' });
    await dialog.getByLabel('Goal title').fill('Walk 10,000 steps');
    await dialog.getByRole('group', { name: /Check-in frequency/ }).getByRole('button', { name: 'Wed' }).click();
    await dialog.getByText('Check-in frequency for this goal').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await reviewShot(page, path.join(SHOTS, `add-client-${width}-${theme}.png`));
  });
}
