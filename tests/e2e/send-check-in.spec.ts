import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readSms } from '../helpers/http';
import { AI_PREVIEWS_PER_HOUR } from '@/lib/constants';
import { SMS_LENGTH_HINT_CHARS, SMS_TEXTS } from '@/lib/sms';
import { type Coach, db, dialogTitled, expect, newCoach, openClientTab, reviewShot, saveTheme, signIn, stack, test, toast } from './fixtures';

/**
 * The send dialog (issue 16 item 4, decision 0075): the coach picks the goals, previews the AI's
 * message, edits it and sends; the client's phone gets exactly the edited text. Nothing is texted
 * before Send. Screenshots of the dialog at 1280 and 390 px, light and dark, go to E2E_SHOTS/steer when asked.
 */

const SHOTS = 'steer';

const textsTo = (phone: string) =>
  readSms(stack().outboxDir)
    .filter((m) => m.to === phone)
    .map((m) => m.text);

/** Quinn with three goals; answers the client and the goal titles. */
async function quinn(coach: Coach) {
  const phone = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const created = await coach.api.createClient({
    firstName: 'Quinn',
    lastName: 'Harper',
    email: `quinn-${randomInt(0, 1e6)}@example.com`,
    phone,
    timezone: 'America/New_York',
    goalTitle: 'Walk 10,000 steps a day',
    goalType: 'progress',
    metric: 'steps',
    targetValue: 10000,
  });
  for (const goal of [
    { title: 'Meditate 10 minutes daily', target: 30, unit: 'sessions' },
    { title: 'Book the physio appointment', target: 1, unit: 'appointment' },
  ]) {
    const res = await coach.api.call('POST', '/goals/create', { clientId: created.id, type: 'progress', ...goal });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  return { id: created.id, phone, name: 'Quinn Harper' };
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Send check-in' }).click();
  const dialog = dialogTitled(page, 'Send a check-in to Quinn');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function shotAt(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  await reviewShot(page, path.join(SHOTS, `${name}-${width}.png`));
}

test('the coach picks goals, previews, edits and sends; the client gets the edited text, and nothing before Send', async ({ page, clientIp }) => {
  test.setTimeout(120_000);
  const coach = await newCoach(clientIp);
  const client = await quinn(coach);
  await signIn(page, coach);
  await openClientTab(page, client.name, 'Insights');

  // Escape closes the dialog: nothing is sent.
  let dialog = await openDialog(page);
  const boxes = dialog.getByRole('checkbox');
  await expect(boxes).toHaveCount(3);
  for (const box of await boxes.all()) await expect(box).toBeChecked();
  await expect(dialog).toContainText('Each preview counts as one AI interaction of your plan');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(textsTo(client.phone)).toEqual([]);

  dialog = await openDialog(page);
  await dialog.getByRole('checkbox', { name: 'Book the physio appointment' }).uncheck();
  // With the keyboard: Preview is the form's submit.
  await dialog.getByRole('button', { name: 'Preview' }).focus();
  await page.keyboard.press('Enter');
  const message = dialog.getByLabel('Message to Quinn');
  await expect(message).not.toHaveValue('');
  const written = await message.inputValue();
  // The preview replaced the Preview button: focus is on the message to edit, not lost to the page.
  await expect(message).toBeFocused();
  // Tab wraps inside the dialog, both ways, never leaving it for the page.
  await dialog.getByRole('button', { name: 'Send to Quinn' }).focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Send to Quinn' })).toBeFocused();
  expect(written).not.toContain('physio');
  expect(textsTo(client.phone)).toEqual([]);
  await expect(dialog).toContainText('First text to this number: it starts with the consent notice');
  await shotAt(page, 'send-dialog-light', 1280);
  await shotAt(page, 'send-dialog-light', 390);

  // Emptied and too long are refused before any call.
  await message.fill('   ');
  await dialog.getByRole('button', { name: 'Send to Quinn' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The message is empty');
  await message.fill('x'.repeat(1201));
  await expect(dialog).toContainText('1201 / 1200');
  await dialog.getByRole('button', { name: 'Send to Quinn' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The message is longer than 1200 characters');
  expect(textsTo(client.phone)).toEqual([]);

  // Escape after an edit asks first; keeping the edit leaves the dialog and the text as they were.
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(discard).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(message).toHaveValue('x'.repeat(1201));

  // The consent notice goes out first, joined by a blank line: the length hint counts it, the counter does not.
  const notice = SMS_TEXTS.consentNotice(`${coach.firstName} ${coach.lastName}`);
  const nearHint = 'y'.repeat(SMS_LENGTH_HINT_CHARS - notice.length);
  await message.fill(nearHint);
  await expect(dialog).toContainText(`${nearHint.length} / 1200`);
  await expect(dialog).toContainText(`With the consent notice it is ${notice.length + 2 + nearHint.length} characters: it goes out as several texts, each one billed.`);

  const edited = 'Hi Quinn, Casey here. How many steps yesterday, and did you get a meditation in? One line is plenty.';
  await message.fill(edited);
  await expect(dialog).toContainText(`${edited.length} / 1200`);
  await dialog.getByRole('button', { name: 'Send to Quinn' }).click();
  await expect(toast(page, 'Check-in sent to Quinn')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Exactly the edited text, after the consent notice every first text to a number carries.
  expect(textsTo(client.phone)).toEqual([`${SMS_TEXTS.consentNotice(`${coach.firstName} ${coach.lastName}`)}\n\n${edited}`]);
  const sql = db();
  try {
    const rows = await sql<{ goal_id: string | null; cancelled: string[] }[]>`
      select c.goal_id, array(select g.title from goals g where g.id = any(c.cancelled_goals)) as cancelled from check_ins c where c.client_id = ${client.id}`;
    expect(rows).toEqual([{ goal_id: null, cancelled: ['Book the physio appointment'] }]);
  } finally {
    await sql.end();
  }

  // The second text has no notice: what the coach wrote is what the client reads.
  dialog = await openDialog(page);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByLabel('Message to Quinn')).not.toHaveValue('');
  await expect(dialog).not.toContainText('consent notice');
  await dialog.getByLabel('Message to Quinn').fill('Quick one: physio booked yet?');
  await dialog.getByRole('button', { name: 'Send to Quinn' }).click();
  // The first send's toast may still be up: the dialog closing is this send's answer.
  await expect(dialog).toBeHidden();
  await expect.poll(() => textsTo(client.phone)).toHaveLength(2);
  expect(textsTo(client.phone).at(-1)).toBe('Quick one: physio booked yet?');

  // Dark theme, the dialog with a preview.
  await saveTheme(coach.api, 'dark');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openClientTab(page, client.name, 'Insights');
  await expect(page.locator('html')).toHaveClass(/dark/);
  dialog = await openDialog(page);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByLabel('Message to Quinn')).not.toHaveValue('');
  await shotAt(page, 'send-dialog-dark', 1280);
  await shotAt(page, 'send-dialog-dark', 390);
  // Cancel after an edit asks too; Discard closes without sending.
  await dialog.getByLabel('Message to Quinn').fill('Not this one');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(discard).toBeVisible();
  await shotAt(page, 'send-dialog-discard-dark', 390);
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  expect(textsTo(client.phone)).toHaveLength(2);
});

test('the dialog says why a preview is refused past the plan’s AI quota, and sends nothing', async ({ page, clientIp }) => {
  const coach = await newCoach(clientIp);
  const client = await quinn(coach);
  const sql = db();
  try {
    await sql`insert into api_usage (user_id, service, operation, status, response_ms) select ${coach.id}, 'ai', 'checkin.compose', 'success', 5 from generate_series(1, 20)`;
  } finally {
    await sql.end();
  }
  await signIn(page, coach);
  await openClientTab(page, client.name, 'Insights');
  const dialog = await openDialog(page);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('alert')).toContainText('You have used all 20 AI interactions of your Free plan this month');
  await expect(dialog.getByRole('button', { name: 'Preview' })).toBeEnabled();
  await shotAt(page, 'send-dialog-quota-light', 390);
  expect(textsTo(client.phone)).toEqual([]);
});

test('the dialog says when the hourly limit of AI previews is reached (decision 0079), and sends nothing', async ({ page, clientIp }) => {
  const coach = await newCoach(clientIp);
  const client = await quinn(coach);
  const sql = db();
  try {
    // The hour's previews were all asked for five minutes ago.
    await sql`insert into rate_limit_hits (key, window_start, count) values (${`ai-preview:coach:${coach.id}`}, now() - interval '5 minutes', ${AI_PREVIEWS_PER_HOUR})`;
  } finally {
    await sql.end();
  }
  await signIn(page, coach);
  await openClientTab(page, client.name, 'Insights');
  const dialog = await openDialog(page);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`Too many AI previews this hour (at most ${AI_PREVIEWS_PER_HOUR};`);
  await expect(dialog.getByRole('alert')).toContainText(/Please try again in 5[45] minutes\./);
  await expect(dialog.getByRole('button', { name: 'Preview' })).toBeEnabled();
  await page.setViewportSize({ width: 390, height: 844 });
  await reviewShot(page, 'pause/send-dialog-preview-limit-390.png');
  expect(textsTo(client.phone)).toEqual([]);
});
