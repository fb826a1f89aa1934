import type { Page } from '@playwright/test';
import { formatDateTime } from '@/components/workspace/format';
import { AI_SCHEDULE_MESSAGES } from '@/lib/schemas/ai-schedule';
import type { AiSchedule } from '@/lib/schemas/ai-schedule';
import { expectAxeClean } from './axe-audit';
import { type Coach, dialogTitled, expect, newClient, newCoach, openClientTab, reviewShot, saveTheme, SCREEN_VARIANTS, shot, signIn, test, toast } from './fixtures';

/**
 * The AI scheduling screen (spec 02 §3, §5, §9; product §2.3.5, §2.5, §2.9): defaults, every
 * validation message beside its field, the next check-ins preview against what the API answers,
 * one save however often Save is clicked, a goal's own schedule, pause and resume (decision 0079),
 * and Delete with its confirmation.
 */

const SHOTS = 'pause';

const CLIENT_ZONE = 'America/Chicago';

async function clientWithGoal(coach: Coach) {
  return newClient(coach.api, { firstName: 'Robin', timezone: CLIENT_ZONE, goalTitle: 'Run 100 km', goalType: 'progress', metric: 'km', targetValue: 100 });
}

async function openSchedule(page: Page, name: string) {
  await openClientTab(page, name, 'Insights');
  await page.getByRole('button', { name: 'AI schedule' }).first().click();
  const dialog = dialogTitled(page, 'AI schedule for Robin');
  await expect(dialog.getByRole('form')).toBeVisible();
  return dialog;
}

const texts = (instants: string[], zone: string) => instants.map((iso) => formatDateTime(iso, zone));

test('a coach sets up, checks and deletes an AI check-in schedule', async ({ page, clientIp }) => {
  test.setTimeout(180_000);
  const coach = await newCoach(clientIp);
  const client = await clientWithGoal(coach);
  const coachZone = (await coach.api.call<{ user: { timezone: string } }>('GET', '/users/profile')).body.user.timezone;
  await signIn(page, coach);
  const dialog = await openSchedule(page, client.name);
  const slots = dialog.getByRole('group', { name: 'Time slots' });
  const days = dialog.getByRole('group', { name: 'Days of the week' });
  const preview = dialog.getByRole('list', { name: 'Next check-ins preview' });

  await test.step('a new schedule starts at 09:00 on Monday to Friday in the client zone', async () => {
    await expect(dialog.getByLabel('Time slot 1', { exact: true })).toHaveValue('09:00');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await expect(days.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'true');
    for (const day of ['Saturday', 'Sunday']) await expect(days.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'false');
    await expect(dialog.getByLabel('Client timezone')).toHaveValue(CLIENT_ZONE);
    await expect(preview.getByRole('listitem')).toHaveCount(5);
    await expect(dialog.getByText('None yet: saved schedules show here with their next check-ins.')).toBeVisible();
  });

  await test.step('each validation message appears beside its field', async () => {
    await slots.getByRole('button', { name: 'Remove time slot 1' }).click();
    await expect(slots.getByText(AI_SCHEDULE_MESSAGES.noTimeSlots)).toBeVisible();
    await expect(dialog.getByText('Fix the fields marked in red to see them.')).toBeVisible();

    await slots.getByRole('button', { name: 'Add time slot' }).click();
    await expect(slots.getByText(AI_SCHEDULE_MESSAGES.noTimeSlots)).toBeHidden();
    const first = dialog.getByLabel('Time slot 1', { exact: true });
    await expect(first).toHaveValue('09:00');
    await first.fill('25:00');
    await first.press('Tab');
    await expect(slots.getByText(AI_SCHEDULE_MESSAGES.invalidTime('25:00'))).toBeVisible();
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await first.fill('7:30');
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await expect(slots.getByText(AI_SCHEDULE_MESSAGES.invalidTime('7:30'))).toBeVisible();
    await first.fill('14:30');
    await expect(slots.getByRole('alert')).toHaveCount(0);

    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await days.getByRole('button', { name: day }).click();
    await expect(dialog.getByText(AI_SCHEDULE_MESSAGES.noDays)).toBeVisible();
    await days.getByRole('button', { name: 'Monday' }).click();
    await days.getByRole('button', { name: 'Thursday' }).click();
    await expect(dialog.getByText(AI_SCHEDULE_MESSAGES.noDays)).toBeHidden();
    await shot(page, 'ai-schedule-edited');
  });

  await test.step('the prompt template shows a sample for this client', async () => {
    await dialog.getByLabel('Prompt template (optional)').fill('Hi {firstName}! How is {goal} going? You are at {progress}.');
    await expect(dialog.getByTestId('prompt-sample')).toHaveText('Hi Robin! How is Run 100 km going? You are at 0%.');
  });

  await test.step('Save sends one request however often it is clicked; the lists match the API', async () => {
    await slots.getByRole('button', { name: 'Add time slot' }).click();
    await expect(dialog.getByLabel('Time slot 2', { exact: true })).toHaveValue('09:00');
    await expect(preview.getByRole('listitem')).toHaveCount(5);
    // Answers, not requests: a request met by an expired access token (401) is sent again once refreshed.
    const saves: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && r.url().endsWith('/api/ai/schedule-check-in')) saves.push(r.status());
    });
    await dialog.getByRole('button', { name: 'Save schedule' }).dblclick();
    await expect(toast(page, 'Check-in schedule saved')).toBeVisible();
    const saved = dialog.getByRole('list', { name: 'Next check-ins of All goals' });
    await expect(saved.getByRole('listitem')).toHaveCount(5);
    expect(saves.filter((status) => status !== 401)).toEqual([200]);

    const api = await coach.api.call<{ schedules: AiSchedule[] }>('GET', `/ai-schedule/client/${client.id}`);
    expect(api.status).toBe(200);
    const [schedule] = api.body.schedules;
    expect(schedule).toMatchObject({ timeSlots: [{ time: '09:00' }, { time: '14:30' }], customDays: ['monday', 'thursday'], clientTimezone: CLIENT_ZONE });
    expect(schedule!.nextCheckIns).toHaveLength(5);
    const inClientZone = texts(schedule!.nextCheckIns, CLIENT_ZONE);
    await expect(saved.locator('time')).toHaveText(inClientZone.map((t) => new RegExp(`^${t} `)));
    expect(await saved.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')))).toEqual(schedule!.nextCheckIns);
    await expect(saved.getByRole('listitem').first()).toContainText(`${formatDateTime(schedule!.nextCheckIns[0]!, coachZone)} your time`);
    // The preview, worked out in the browser, names the same five instants.
    expect(await preview.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')))).toEqual(schedule!.nextCheckIns);
    await expect(dialog.getByRole('article', { name: /All goals/ })).toContainText('9:00 AM, 2:30 PM · Mon, Thu · Central');
    await shot(page, 'ai-schedule-saved');
  });

  await test.step('a goal has its own schedule, listed with the client', async () => {
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('tab', { name: 'Goals' }).click();
    const card = page.getByRole('article', { name: 'Run 100 km' });
    await card.getByRole('button', { name: 'Run 100 km' }).click();
    await card.getByRole('button', { name: 'AI schedule' }).click();
    const goalDialog = dialogTitled(page, 'AI schedule: Run 100 km');
    await goalDialog.getByText('Every day').click();
    await expect(goalDialog.getByRole('group', { name: 'Days of the week' }).getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'true');
    await goalDialog.getByRole('button', { name: 'Save schedule' }).click();
    await expect(goalDialog.getByRole('list', { name: 'Next check-ins of Run 100 km' }).getByRole('listitem')).toHaveCount(5);
    await goalDialog.getByRole('button', { name: 'Close' }).click();
    const again = await openSchedule(page, client.name);
    await expect(again.getByRole('article')).toHaveCount(2);
    await expect(again.getByRole('article', { name: /Run 100 km/ })).toContainText('Every day');
  });

  await test.step('the Active switch pauses at once, keeping the schedule; the client shows it paused; Resume brings it back', async () => {
    const again = dialogTitled(page, 'AI schedule for Robin');
    const article = again.getByRole('article', { name: /All goals/ });
    const active = again.getByRole('switch', { name: 'Active' });
    await expect(active).toHaveAttribute('aria-checked', 'true');
    await active.click();
    // No confirmation: nothing is sent or lost.
    await expect(toast(page, 'Schedule paused')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Stop this schedule?' })).toHaveCount(0);
    await expect(active).toHaveAttribute('aria-checked', 'false');
    await expect(article).toContainText('Paused');
    await expect(article).toContainText('Paused: no check-ins go out from this schedule until it is resumed.');
    await expect(again.getByRole('list', { name: 'Next check-ins of All goals' })).toHaveCount(0);
    await expect(again.getByTestId('paused-preview')).toBeVisible();
    // The goal's own schedule runs on.
    await expect(again.getByRole('article', { name: /Run 100 km/ }).getByRole('list', { name: 'Next check-ins of Run 100 km' }).getByRole('listitem')).toHaveCount(5);
    const paused = await coach.api.call<{ schedules: AiSchedule[] }>('GET', `/ai-schedule/client/${client.id}`);
    expect(paused.body.schedules.find((s) => s.goalId === null)).toMatchObject({ paused: true, nextCheckIns: [], timeSlots: [{ time: '09:00' }, { time: '14:30' }], customDays: ['monday', 'thursday'] });

    await again.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: /^AI schedule/ }).first()).toContainText('Paused');
    await expect(page.getByText('AI schedule paused: its times show crossed out')).toBeVisible();
    // Monday's card lists the paused schedule's times as paused.
    await page.getByRole('list', { name: 'Days of the week' }).getByRole('listitem', { name: 'Monday' }).getByRole('button').first().focus();
    await expect(page.getByText('AI schedule · Paused').first()).toBeVisible();
    await page.keyboard.press('Escape');

    // By keyboard, from the listed schedule this time.
    await page.getByRole('button', { name: /^AI schedule/ }).first().click();
    const reopened = dialogTitled(page, 'AI schedule for Robin');
    const resume = reopened.getByRole('button', { name: 'Resume the schedule of All goals' });
    await resume.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Schedule resumed')).toBeVisible();
    await expect(reopened.getByRole('list', { name: 'Next check-ins of All goals' }).getByRole('listitem')).toHaveCount(5);
    await expect(reopened.getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'true');
    const resumed = await coach.api.call<{ schedules: AiSchedule[] }>('GET', `/ai-schedule/client/${client.id}`);
    expect(resumed.body.schedules.find((s) => s.goalId === null)).toMatchObject({ paused: false, timeSlots: [{ time: '09:00' }, { time: '14:30' }] });
  });

  await test.step('Delete asks first, then the schedule is gone', async () => {
    const again = dialogTitled(page, 'AI schedule for Robin');
    await again.getByRole('article', { name: /All goals/ }).getByRole('button', { name: 'Delete' }).click();
    const confirm = dialogTitled(page, 'Delete this schedule?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(again.getByRole('article')).toHaveCount(2);
    await again.getByRole('article', { name: /All goals/ }).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete schedule' }).click();
    await expect(toast(page, 'Schedule removed')).toBeVisible();
    await expect(again.getByRole('article')).toHaveCount(1);
    const api = await coach.api.call<{ schedules: AiSchedule[] }>('GET', `/ai-schedule/client/${client.id}`);
    expect(api.body.schedules.map((s) => s.goalId)).toEqual([client.goals[0]!.id]);
    // The form is back to a new schedule's defaults.
    await expect(again.getByLabel('Time slot 1', { exact: true })).toHaveValue('09:00');
  });
});

for (const { theme, width } of SCREEN_VARIANTS) {
  test(`the AI scheduling screen at ${width} px (${theme})`, async ({ page, clientIp }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const coach = await newCoach(clientIp);
    await saveTheme(coach.api, theme);
    const client = await clientWithGoal(coach);
    await signIn(page, coach);
    const dialog = await openSchedule(page, client.name);
    await dialog.getByLabel('Prompt template (optional)').fill('Hi {firstName}, how is {goal}?');
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await expect(dialog.getByRole('list', { name: 'Next check-ins of All goals' }).getByRole('listitem')).toHaveCount(5);
    await dialog.getByRole('group', { name: 'Days of the week' }).getByRole('button', { name: 'Monday' }).click();
    await dialog.getByLabel('Time slot 1', { exact: true }).fill('9');
    await dialog.getByLabel('Time slot 1', { exact: true }).press('Tab');
    await expect(dialog.getByText(AI_SCHEDULE_MESSAGES.invalidTime('9'))).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await reviewShot(page, `ai-schedule-${width}-${theme}.png`);
    if (width > 500) await expectAxeClean(page, `AI schedule dialog (${theme})`, theme);
    await dialog.getByRole('article').evaluate((el) => el.scrollIntoView());
    await reviewShot(page, `ai-schedule-${width}-${theme}-list.png`);

    await dialog.getByRole('switch', { name: 'Active' }).click();
    await expect(dialog.getByRole('article')).toContainText('Paused: no check-ins go out');
    await dialog.getByRole('switch', { name: 'Active' }).scrollIntoViewIfNeeded();
    await reviewShot(page, `${SHOTS}/ai-schedule-paused-${width}-${theme}.png`);
    await dialog.getByRole('article').evaluate((el) => el.scrollIntoView());
    await reviewShot(page, `${SHOTS}/ai-schedule-paused-${width}-${theme}-list.png`);
    if (width > 500) await expectAxeClean(page, `AI schedule dialog, paused (${theme})`, theme);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('AI schedule paused: its times show crossed out')).toBeVisible();
    await page.getByText('Weekly check-ins').scrollIntoViewIfNeeded();
    await reviewShot(page, `${SHOTS}/client-paused-${width}-${theme}.png`);
  });
}
