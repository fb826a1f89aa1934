import { randomInt } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { CoachApi, dialogTitled, expect, reviewShot, signIn, stack, test, verifiedCoach, waitForEmail, type TestUser } from './fixtures';

/**
 * The one-tap reply page (issue 17 §2, decision 0083) in Chromium: the coach sets a client's channel
 * to e-mail, a check-in goes out by e-mail,
 * the client opens the outbox e-mail's link on a 390 px phone, answers with quick answers and a few
 * words, sees the thank-you, and the coach's client page shows the reply and its analysis live.
 */

const SHOTS = 'replypage';

/** Paige with a km goal and a task; the coach's API session refreshes itself (access tokens live seconds here). */
async function clientWithGoals(ip: string, coach: TestUser) {
  const api = await CoachApi.login(coach, ip);
  const clientEmail = `paige-${randomInt(0, 1e6)}@example.com`;
  const created = await api.createClient({ firstName: 'Paige', lastName: 'Walker', email: clientEmail, phone: `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`, goalTitle: 'Walk 100 km', goalType: 'progress', metric: 'km', targetValue: 100 });
  const task = await api.call('POST', '/goals/create', { clientId: created.id, title: 'Book physio', type: 'task' });
  expect(task.status, JSON.stringify(task.body)).toBe(201);
  return { clientId: created.id, clientEmail, api };
}

async function phonePage(browser: Browser, colorScheme: 'light' | 'dark', width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack().baseUrl, viewport: { width, height: width < 500 ? 844 : 900 }, colorScheme, isMobile: width < 500 });
  return context.newPage();
}

test('the client answers an e-mailed check-in on the reply page at 390 px, and the coach sees it live', async ({ page, browser, clientIp }) => {
  const coach = await verifiedCoach(clientIp);
  const { clientId, clientEmail, api } = await clientWithGoals(clientIp, coach);

  await signIn(page, coach);
  await page.goto('/dashboard');
  await page.getByRole('button').getByText('Paige Walker', { exact: true }).first().click();
  await expect(page.getByTitle('Live updates: connected')).toBeVisible();

  // The coach chooses e-mail as Paige's channel (she has a phone too).
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = dialogTitled(page, 'Edit Client');
  await edit.getByLabel('Channel').selectOption('email');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('region', { name: 'Paige Walker' }).locator('[data-testid="channel-label"][data-channel="email"]').first()).toBeVisible();

  const sent = await api.call<{ checkIn: { status: string; aiMessage: string } }>('POST', '/checkins/ai/initiate', { clientId, goalId: null });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const item = page.getByRole('list', { name: 'Check-ins', exact: true }).getByRole('listitem').first();
  await expect(item).toContainText('Sent');

  // The outbox e-mail carries the link.
  const mail = await waitForEmail(clientEmail);
  const link = mail.text.match(/https?:\/\/\S+\/r\/[a-z2-7]{39}/)?.[0];
  expect(link, mail.text).toBeDefined();
  const path = new URL(link!).pathname;

  const phone = await phonePage(browser, 'light', 390);
  await phone.goto(path);
  await expect(phone.getByRole('heading', { name: 'Hi Paige' })).toBeVisible();
  await expect(phone.getByText(sent.body.checkIn.aiMessage)).toBeVisible();
  await expect(phone.getByText('Where are you now? Last recorded: 0 of 100 km.')).toBeVisible();
  await reviewShot(phone, `${SHOTS}/390-light.png`, { fullPage: true });
  await phone.getByLabel('Walk 100 km').fill('6');
  await phone.getByRole('group', { name: 'Book physio' }).getByRole('button', { name: 'Done' }).click();
  await expect(phone.getByRole('button', { name: 'Done' })).toHaveAttribute('aria-pressed', 'true');
  await phone.getByLabel('Anything else?').fill('Knee feels better');
  await phone.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(phone.getByText('Thank you — your answer was sent.')).toBeVisible();
  await expect(phone.getByText('Walk 100 km: now at 6 km; Book physio: done')).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Add something' })).toBeVisible();
  // Nothing wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await reviewShot(phone, `${SHOTS}/390-light-sent.png`, { fullPage: true });

  // The coach's screen: the reply and its analysis arrive without a reload.
  await expect(item).toContainText('Walk 100 km: now at 6 km; Book physio: done');
  await expect(item).toContainText('Completed', { timeout: 20_000 });
  await reviewShot(page, `${SHOTS}/coach-1280-live.png`);

  // "Add something": a further reply in the same conversation.
  await phone.getByLabel('Anything else?').fill('Also swam on Sunday');
  await phone.getByRole('button', { name: 'Add something' }).click();
  await expect(phone.getByText('Also swam on Sunday')).toBeVisible();
  await phone.context().close();

  // The page as others see it: 390 and 1280, light and dark (after the answers, so with the earlier ones).
  for (const [scheme, width] of [['dark', 390], ['light', 1280], ['dark', 1280]] as const) {
    const other = await phonePage(browser, scheme, width);
    await other.goto(path);
    await expect(other.getByText('Your earlier answers')).toBeVisible();
    await reviewShot(other, `${SHOTS}/${width}-${scheme}.png`, { fullPage: true });
    await other.context().close();
  }
  const bad = await phonePage(browser, 'light', 390);
  await bad.goto(`/r/${'a'.repeat(39)}`);
  await expect(bad.getByRole('heading', { name: 'Link not found' })).toBeVisible();
  await reviewShot(bad, `${SHOTS}/390-light-not-found.png`, { fullPage: true });
  await bad.context().close();
});
