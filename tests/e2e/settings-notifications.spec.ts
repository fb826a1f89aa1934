import type { Page } from '@playwright/test';
import { TEST_NOTIFICATION_TEXT } from '../../lib/constants';
import { uniqueIp } from '../helpers/http';
import { CoachApi, expect, reviewShot, saveTheme, SCREEN_VARIANTS, shot, signIn, test, type TestUser, toast, verifiedCoach, waitForEmail } from './fixtures';

// One account for the file: the tests build on each other's saved preferences.
test.describe.configure({ mode: 'serial' });

let account: TestUser;

test.beforeAll(async () => {
  account = await verifiedCoach(uniqueIp());
});

const group = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const switchIn = (page: Page, region: string, name: string) => group(page, region).getByRole('switch', { name, exact: true });

async function open(page: Page) {
  await signIn(page, account);
  await page.goto('/settings?tab=notifications');
  await expect(page.getByRole('switch', { name: 'Enable notifications' })).toBeVisible();
}

test('group switches disable their items and the master switch disables everything', async ({ page }) => {
  await open(page);
  const master = page.getByRole('switch', { name: 'Enable notifications' });
  await expect(master).toHaveAttribute('aria-checked', 'true');

  // Spec defaults: e-mail on, SMS off (urgent only and emergency contacts on), push on.
  await expect(switchIn(page, 'Email', 'Email notifications')).toHaveAttribute('aria-checked', 'true');
  await expect(switchIn(page, 'Email', 'Marketing emails')).toHaveAttribute('aria-checked', 'false');
  await expect(switchIn(page, 'SMS', 'SMS notifications')).toHaveAttribute('aria-checked', 'false');
  await expect(switchIn(page, 'SMS', 'Urgent only')).toHaveAttribute('aria-checked', 'true');
  await expect(switchIn(page, 'Push', 'Breaking news')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByLabel('Frequency')).toHaveValue('immediate');
  await expect(page.getByLabel('Detail level')).toHaveValue('standard');
  await expect(page.getByLabel('Maximum notifications per day')).toHaveValue('10');

  // SMS is off, so its items are disabled until it is switched on.
  for (const item of ['Urgent only', 'Check-in reminders', 'Goal deadlines', 'Emergency contacts']) await expect(switchIn(page, 'SMS', item)).toBeDisabled();
  await switchIn(page, 'SMS', 'SMS notifications').click();
  for (const item of ['Urgent only', 'Check-in reminders', 'Goal deadlines', 'Emergency contacts']) await expect(switchIn(page, 'SMS', item)).toBeEnabled();

  await switchIn(page, 'Email', 'Email notifications').click();
  for (const item of ['Client updates', 'Goal completions', 'Missed check-ins', 'System updates', 'Marketing emails', 'Weekly digest', 'Daily reminders']) {
    await expect(switchIn(page, 'Email', item)).toBeDisabled();
  }
  await switchIn(page, 'Push', 'Push notifications').click();
  await expect(switchIn(page, 'Push', 'Client messages')).toBeDisabled();
  await expect(switchIn(page, 'In-app', 'Client messages')).toBeEnabled();

  // Master off: every other control is disabled.
  await master.click();
  const switches = page.getByRole('switch');
  const count = await switches.count();
  expect(count).toBeGreaterThan(25);
  for (let i = 0; i < count; i++) {
    const s = switches.nth(i);
    if ((await s.getAttribute('id')) === 'notif-globalEnabled') continue;
    await expect(s).toBeDisabled();
  }
  await expect(page.getByLabel('Frequency')).toBeDisabled();
  await expect(page.getByLabel('Timezone', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Maximum notifications per day')).toBeDisabled();

  await master.click();
  await expect(switchIn(page, 'In-app', 'AI insights')).toBeEnabled();
  await expect(switchIn(page, 'Email', 'Client updates')).toBeDisabled();
});

test('quiet-hour times appear only while quiet hours are on', async ({ page }) => {
  await open(page);
  const quiet = page.getByRole('switch', { name: 'Quiet hours' });
  await expect(quiet).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByLabel('Start time')).toHaveCount(0);
  await expect(page.getByLabel('End time')).toHaveCount(0);

  await quiet.click();
  await expect(page.getByLabel('Start time')).toHaveValue('22:00');
  await expect(page.getByLabel('End time')).toHaveValue('08:00');
  await quiet.click();
  await expect(page.getByLabel('Start time')).toHaveCount(0);
});

test('saves the preferences and keeps them after a reload', async ({ page }) => {
  await open(page);
  await expect(page.getByText('All changes saved.')).toBeVisible();
  await page.getByRole('switch', { name: 'Quiet hours' }).click();
  await page.getByLabel('Start time').fill('21:30');
  await page.getByLabel('End time').fill('07:15');
  await switchIn(page, 'SMS', 'SMS notifications').click();
  await switchIn(page, 'SMS', 'Goal deadlines').click();
  await switchIn(page, 'Email', 'Marketing emails').click();
  await switchIn(page, 'Push', 'Push notifications').click();
  await switchIn(page, 'In-app', 'AI insights').click();
  await page.getByRole('switch', { name: 'Workdays only' }).click();
  await page.getByLabel('Timezone', { exact: true }).selectOption('Europe/London');
  const slider = page.getByLabel('Maximum notifications per day');
  await slider.focus();
  for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue('25');
  await expect(page.locator('output[for="notif-maxDaily"]')).toHaveText('25');
  await page.getByLabel('Frequency').selectOption('daily');
  await page.getByLabel('Detail level').selectOption('detailed');
  await page.getByRole('switch', { name: 'Include a summary' }).click();
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  await shot(page, 'settings-notifications-edited');

  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(toast(page, 'Notification preferences saved successfully')).toBeVisible();
  await expect(page.getByText('All changes saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Quiet hours' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Start time')).toHaveValue('21:30');
  await expect(page.getByLabel('End time')).toHaveValue('07:15');
  await expect(switchIn(page, 'SMS', 'SMS notifications')).toHaveAttribute('aria-checked', 'true');
  await expect(switchIn(page, 'SMS', 'Goal deadlines')).toHaveAttribute('aria-checked', 'true');
  await expect(switchIn(page, 'Email', 'Marketing emails')).toHaveAttribute('aria-checked', 'true');
  await expect(switchIn(page, 'Push', 'Push notifications')).toHaveAttribute('aria-checked', 'false');
  await expect(switchIn(page, 'Push', 'AI insights')).toBeDisabled();
  await expect(switchIn(page, 'In-app', 'AI insights')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Workdays only' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Timezone', { exact: true })).toHaveValue('Europe/London');
  await expect(page.getByLabel('Maximum notifications per day')).toHaveValue('25');
  await expect(page.getByLabel('Frequency')).toHaveValue('daily');
  await expect(page.getByLabel('Detail level')).toHaveValue('detailed');
  await expect(page.getByRole('switch', { name: 'Include a summary' })).toHaveAttribute('aria-checked', 'false');
  await shot(page, 'settings-notifications-saved');
});

test('Reset to Defaults asks first and is stored only on Save', async ({ page }) => {
  await open(page);
  // Saved by the previous test.
  await expect(switchIn(page, 'Email', 'Marketing emails')).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('button', { name: 'Reset to Defaults' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset notification preferences?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(switchIn(page, 'Email', 'Marketing emails')).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('button', { name: 'Reset to Defaults' }).click();
  await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(switchIn(page, 'Email', 'Marketing emails')).toHaveAttribute('aria-checked', 'false');
  await expect(switchIn(page, 'SMS', 'SMS notifications')).toHaveAttribute('aria-checked', 'false');
  await expect(switchIn(page, 'Push', 'Push notifications')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'Quiet hours' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByLabel('Start time')).toHaveCount(0);
  await expect(page.getByLabel('Timezone', { exact: true })).toHaveValue('America/New_York');
  await expect(page.getByLabel('Maximum notifications per day')).toHaveValue('10');
  await expect(page.getByLabel('Frequency')).toHaveValue('immediate');
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();

  // Not saved yet: a reload brings the stored preferences back.
  await page.reload();
  await expect(switchIn(page, 'Email', 'Marketing emails')).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('button', { name: 'Reset to Defaults' }).click();
  await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(toast(page, 'Notification preferences saved successfully')).toBeVisible();
  await page.reload();
  await expect(switchIn(page, 'Email', 'Marketing emails')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByLabel('Maximum notifications per day')).toHaveValue('10');
});

test('sends the fixed test notification, on the channel chosen', async ({ page }) => {
  await open(page);
  // No free text: the message is fixed and shown; SMS explains it needs a verified phone.
  await expect(page.getByLabel('Test message')).toHaveCount(0);
  await expect(page.getByText(TEST_NOTIFICATION_TEXT, { exact: false })).toBeVisible();
  await expect(group(page, 'SMS')).toContainText('Text messages go only to a verified phone number.');
  await expect(group(page, 'SMS').getByRole('link', { name: /^Verify / })).toHaveAttribute('href', '/settings?tab=profile');
  const send = page.getByRole('button', { name: 'Send', exact: true });

  await send.click();
  const sent = toast(page, 'Test notification sent successfully!');
  await expect(sent).toBeVisible();
  // E-mail is on by default (product §1.9); SMS is off.
  await expect(sent).toContainText(/Delivered via: .*Email/);
  await expect(sent).not.toContainText('SMS');
  await expect(page.getByRole('status').filter({ hasText: 'Last test: Delivered via:' })).toContainText('Email');
  await shot(page, 'settings-notifications-test-sent');
  const mail = await waitForEmail(account.email, (m) => m.subject === 'Cadence test notification');
  expect(mail.text).toContain(TEST_NOTIFICATION_TEXT);

  // Only in-app: no e-mail this time.
  await page.getByLabel('Send through').selectOption({ label: 'In-app only' });
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: 'Last test: Delivered via:' })).not.toContainText('Email');
});

for (const { theme, width } of SCREEN_VARIANTS) {
  test(`schedule and content say what they do: held, gathered, counted (${theme}, ${width} px)`, async ({ page }) => {
    await saveTheme(await CoachApi.login(account, uniqueIp()), theme);
    await page.setViewportSize({ width, height: 900 });
    await open(page);
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
    const schedule = group(page, 'Schedule & timing');
    await expect(schedule).toContainText('Non-urgent notifications wait until these hours end, then arrive as one message.');
    await expect(schedule).toContainText('Non-urgent notifications on Saturdays and Sundays wait until Monday.');
    await expect(page.getByLabel('Maximum notifications per day')).toHaveAccessibleDescription(/wait for the next day/);
    await expect(page.getByLabel('Frequency')).toHaveAccessibleDescription(/one message per channel/);
    await expect(group(page, 'Content preferences')).toContainText('3 replies, 1 goal reached');
    await expect(page.getByLabel('Frequency').locator('option', { hasText: 'Weekly — Mondays at 8:00 AM' })).toHaveCount(1);
    await expect(page.getByLabel('Detail level')).toHaveAccessibleDescription(/AI summary of a reply, goal changes/);
    for (const [region, name] of [
      ['Schedule & timing', 'schedule'],
      ['Content preferences', 'content'],
    ] as const) {
      // Centred, so the sticky save bar at the bottom of a phone screen does not cover it.
      await group(page, region).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await reviewShot(group(page, region), `settings-notifications-${name}-${theme}-${width}.png`);
    }
  });
}
