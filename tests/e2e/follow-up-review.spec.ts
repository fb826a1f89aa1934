import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { postClientReply } from '../../scripts/client-reply';
import { readSms } from '../helpers/http';
import { dialogTitled, expect, newCoach, openClientTab, reviewShot, saveTheme, signIn, stack, test, toast } from './fixtures';

/**
 * "Review AI follow-ups before they are sent" (issue 16 item 4, decision 0075): the coach turns it
 * on in Edit client, the client replies by text (the Twilio webhook), the AI's follow-up waits in
 * "Follow-ups to review" live, the coach edits and approves it and the client gets the edited
 * text; a second one is discarded and never sent. Screenshots of the queue at 1280 and 390 px,
 * light and dark, go to E2E_SHOTS/steer when asked.
 */

const SHOTS = 'steer';

const textsTo = (phone: string) =>
  readSms(stack().outboxDir)
    .filter((m) => m.to === phone)
    .map((m) => m.text);

async function shotOf(page: Page, target: Locator, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  await target.scrollIntoViewIfNeeded();
  await reviewShot(page, path.join(SHOTS, `${name}-${width}.png`));
}

/** The dashboard's list (every client's) and the one in Quinn's detail: the same heading, at two levels. */
const dashboardQueue = (page: Page) => page.getByRole('region', { name: 'Follow-ups to review' }).filter({ has: page.getByRole('heading', { name: 'Follow-ups to review', level: 2 }) });
const clientQueue = (page: Page) => page.getByRole('region', { name: 'Quinn Harper' }).getByRole('region', { name: 'Follow-ups to review' });

test('a follow-up waits for the coach, who edits and approves it; the client gets the edited text', async ({ page, clientIp }) => {
  test.setTimeout(150_000);
  const coach = await newCoach(clientIp);
  const phone = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const client = await coach.api.createClient({
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
  await signIn(page, coach);
  await openClientTab(page, 'Quinn Harper', 'Insights');
  await expect(page.getByTitle('Live updates: connected')).toBeVisible();

  // The switch in Edit client; the detail shows it.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = dialogTitled(page, 'Edit Client');
  const review = edit.getByRole('switch', { name: 'Review AI follow-ups before they are sent' });
  await expect(review).toHaveAttribute('aria-checked', 'false');
  await review.click();
  await expect(review).toHaveAttribute('aria-checked', 'true');
  await shotOf(page, review, 'edit-client-review-switch-light', 390);
  await page.setViewportSize({ width: 1280, height: 900 });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Follow-ups reviewed')).toBeVisible();
  await expect(clientQueue(page)).toContainText('No follow-ups waiting');

  // A check-in goes out and Quinn answers by text.
  const sent = await coach.api.call('POST', '/checkins/ai/initiate', { clientId: client.id });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect(textsTo(phone)).toHaveLength(1);
  const answer = await postClientReply({ appUrl: stack().baseUrl, from: phone, body: 'Walked 6500 steps today, knee a bit sore' });
  expect(answer.status).toBe(200);

  // Live, without a reload: the draft is in both lists, and nothing more was texted.
  const queue = dashboardQueue(page);
  await expect(queue).toBeVisible({ timeout: 20_000 });
  await expect(queue.getByText(/^1\s*waiting$/)).toBeVisible();
  const item = queue.getByRole('listitem', { name: 'Follow-up to Quinn Harper' });
  await expect(item).toContainText('Walked 6500 steps today, knee a bit sore');
  await expect(item).toContainText('AI summary');
  const draft = item.getByRole('textbox', { name: 'Follow-up to Quinn', exact: true });
  await expect(draft).not.toHaveValue('');
  await expect(clientQueue(page).getByRole('textbox', { name: 'Follow-up to Quinn', exact: true })).toHaveValue(await draft.inputValue());
  expect(textsTo(phone)).toHaveLength(1);
  await expect(page.getByText('A follow-up to Quinn Harper is waiting for your review.').first()).toBeVisible();

  await shotOf(page, queue, 'follow-up-queue-light', 1280);
  await shotOf(page, queue, 'follow-up-queue-light', 390);
  await saveTheme(coach.api, 'dark');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openClientTab(page, 'Quinn Harper', 'Insights');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await shotOf(page, dashboardQueue(page), 'follow-up-queue-dark', 1280);
  await shotOf(page, clientQueue(page), 'follow-up-queue-client-dark', 1280);
  await shotOf(page, dashboardQueue(page), 'follow-up-queue-dark', 390);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Edit, approve, confirm.
  const edited = 'Good going, Quinn: 6,500 is a solid day. Ease off if the knee complains, and tell me tomorrow how it feels.';
  const itemNow = dashboardQueue(page).getByRole('listitem', { name: 'Follow-up to Quinn Harper' });
  await itemNow.getByRole('textbox', { name: 'Follow-up to Quinn', exact: true }).fill(edited);
  await itemNow.getByRole('button', { name: 'Approve & send' }).click();
  const confirm = dialogTitled(page, 'Text this follow-up to Quinn?');
  await expect(confirm).toContainText(edited);
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Follow-up sent to Quinn')).toBeVisible();
  await expect(dashboardQueue(page)).toBeHidden();
  await expect(clientQueue(page)).toContainText('No follow-ups waiting');
  expect(textsTo(phone)).toHaveLength(2);
  expect(textsTo(phone).at(-1)).toBe(edited);

  // A second follow-up is discarded: nothing is texted.
  expect((await coach.api.call('POST', '/checkins/ai/initiate', { clientId: client.id })).status).toBe(200);
  expect((await postClientReply({ appUrl: stack().baseUrl, from: phone, body: 'Knee is fine now, 8000 steps' })).status).toBe(200);
  const second = dashboardQueue(page).getByRole('listitem', { name: 'Follow-up to Quinn Harper' });
  await expect(second).toContainText('Knee is fine now, 8000 steps', { timeout: 20_000 });
  await second.getByRole('button', { name: 'Discard' }).click();
  const discard = dialogTitled(page, 'Discard the follow-up to Quinn?');
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(toast(page, 'Follow-up discarded')).toBeVisible();
  await expect(dashboardQueue(page)).toBeHidden();
  expect(textsTo(phone)).toHaveLength(3);
});
