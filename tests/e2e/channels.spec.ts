import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { postClientReply } from '../../scripts/client-reply';
import { readEmails, readSms } from '../helpers/http';
import { dialogTitled, expect, newCoach, openClientTab, reviewShot, saveTheme, signIn, stack, test, toast } from './fixtures';

/**
 * A channel per client (issue 17 item 3, decision 0084): the coach sets a client's channel to
 * e-mail in Edit client and the next check-in goes out by e-mail (the outbox), shown with its
 * channel in the history and the conversation. A WhatsApp client outside the 24-hour window (no
 * template in local mode) gets the check-in by SMS, the history saying why. Screenshots of the form,
 * the history and the conversation at 1280 and 390 px, light and dark, go to E2E_SHOTS/channels when asked.
 */

const SHOTS = 'channels';

async function shotOf(page: Page, target: Locator, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  await target.scrollIntoViewIfNeeded();
  await reviewShot(page, path.join(SHOTS, `${name}-${width}.png`));
}

const phoneNumber = () => `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

test('the coach sets a client’s channel to e-mail and the next check-in goes out by e-mail', async ({ page, clientIp }) => {
  test.setTimeout(150_000);
  const coach = await newCoach(clientIp);
  const phone = phoneNumber();
  const email = `robin-${randomInt(0, 1e6)}@example.com`;
  const client = await coach.api.createClient({ firstName: 'Robin', lastName: 'Vale', email, phone, timezone: 'America/New_York', goalTitle: 'Read 12 books', goalType: 'progress', metric: 'books', targetValue: 12 });
  const whatsappPhone = phoneNumber();
  const other = await coach.api.createClient({ firstName: 'Wren', lastName: 'Ash', email: `wren-${randomInt(0, 1e6)}@example.com`, phone: whatsappPhone, timezone: 'America/New_York' });
  await signIn(page, coach);
  await openClientTab(page, 'Robin Vale', 'Insights');

  // Edit client: the channel select explains each choice; WhatsApp says it needs the client's opt-in.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = dialogTitled(page, 'Edit Client');
  const channel = edit.getByLabel('Channel');
  await expect(channel).toHaveValue('sms');
  await channel.selectOption('whatsapp');
  await expect(edit.getByText(/must have opted in to messages from you on WhatsApp/)).toBeVisible();
  await channel.selectOption('email');
  await expect(edit.getByText(/client answers by replying to the e-mail/)).toBeVisible();
  await expect(edit.getByLabel('If it fails, try')).toHaveValue('sms');
  await shotOf(page, edit, 'edit-client-channel-light', 1280);
  await shotOf(page, edit, 'edit-client-channel-light', 390);
  await page.setViewportSize({ width: 1280, height: 900 });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(toast(page, 'Client details saved').first()).toBeVisible();
  const detail = page.getByRole('region', { name: 'Robin Vale' });
  await expect(detail.locator('[data-testid="channel-label"][data-channel="email"]').first()).toBeVisible();

  // The next check-in goes by e-mail: in the e-mail outbox, no text.
  const sent = await coach.api.call('POST', '/checkins/ai/initiate', { clientId: client.id });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const mails = readEmails(stack().outboxDir).filter((m) => m.to === email);
  expect(mails).toHaveLength(1);
  expect(readSms(stack().outboxDir).filter((m) => m.to === phone)).toHaveLength(0);
  const history = page.getByRole('region', { name: /Check-in History/i });
  await expect(history.locator('[data-testid="channel-label"][data-channel="email"]')).toBeVisible({ timeout: 15_000 });

  // The WhatsApp client, outside the window with no template configured: SMS, and the history says why.
  const wren = await coach.api.call('PUT', `/clients/${other.id}`, { firstName: 'Wren', lastName: 'Ash', email: other.email, phone: whatsappPhone, channel: 'whatsapp' });
  expect(wren.status, JSON.stringify(wren.body)).toBe(200);
  const wrenSent = await coach.api.call('POST', '/checkins/ai/initiate', { clientId: other.id });
  expect(wrenSent.status, JSON.stringify(wrenSent.body)).toBe(200);
  expect(readSms(stack().outboxDir).filter((m) => m.to === whatsappPhone)).toHaveLength(1);
  // Wren answers on WhatsApp: the window opens, and the answer shows in the conversation with its channel.
  expect((await postClientReply({ appUrl: stack().baseUrl, from: `whatsapp:${whatsappPhone}`, body: 'Happy to get these on WhatsApp' })).status).toBe(200);
  const again = await coach.api.call('POST', '/checkins/ai/initiate', { clientId: other.id });
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  const outbox = fs.readFileSync(path.join(stack().outboxDir, 'whatsapp.jsonl'), 'utf8');
  expect(outbox).toContain(`whatsapp:${whatsappPhone}`);

  await openClientTab(page, 'Wren Ash', 'Insights');
  const wrenHistory = page.getByRole('region', { name: /Check-in History/i });
  await expect(wrenHistory.getByTestId('channel-note').first()).toContainText('no approved template is configured');
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      await saveTheme(coach.api, 'dark');
      await openClientTab(page, 'Wren Ash', 'Insights');
      await expect(page.locator('html')).toHaveClass(/dark/);
    }
    await shotOf(page, page.getByRole('region', { name: /Check-in History/i }), `history-${theme}`, 1280);
    await shotOf(page, page.getByRole('region', { name: /Check-in History/i }), `history-${theme}`, 390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('tab', { name: 'Conversation' }).click();
    const items = page.getByTestId('thread-item');
    await expect(items.locator('[data-channel="whatsapp"]').first()).toBeVisible({ timeout: 15_000 });
    await expect(items.locator('[data-channel="sms"]').first()).toBeVisible();
    await shotOf(page, items.last(), `conversation-${theme}`, 1280);
    await shotOf(page, items.last(), `conversation-${theme}`, 390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = dialogTitled(page, 'Edit Client');
    await expect(form.getByLabel('Channel')).toHaveValue('whatsapp');
    if (theme === 'dark') {
      await shotOf(page, form, 'edit-client-channel-dark', 1280);
      await shotOf(page, form, 'edit-client-channel-dark', 390);
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await form.getByRole('button', { name: 'Cancel' }).click();
  }
});
