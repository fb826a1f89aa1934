import AxeBuilder from '@axe-core/playwright';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { postClientReply } from '../../scripts/client-reply';
import { uniqueEmail } from '../helpers/http';
import type { Page } from '@playwright/test';
import { COACH_MESSAGE_REFUSALS, THREAD_PAGE_SIZE } from '@/lib/sms';
import { type CoachApi, db, expect, newCoach, reviewShot, signIn, stack, test } from './fixtures';

/**
 * The Conversation tab (decision 0076) in Chromium: the composer stays closed until the first
 * check-in carried the consent notice; the coach's text goes to the SMS outbox (the local provider
 * stands in for Twilio); the client's answers, through the Twilio webhook, appear without a reload.
 * Screenshots at 1280 and 390 px, light and dark, go to SHOTS_DIR.
 */

const SHOTS_DIR = 'thread';

function smsTo(phone: string): string[] {
  const file = path.join(stack().outboxDir, 'sms.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string; text: string })
    .filter((m) => m.to === phone)
    .map((m) => m.text);
}

/** A client with a phone number, how to send them a check-in now, and the coach's theme. */
async function clientOf(api: CoachApi) {
  const phone = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const email = uniqueEmail('client');
  const created = await api.createClient({ firstName: 'Morgan', lastName: 'Lee', email, phone, goalTitle: 'Run 50 km', goalType: 'progress', metric: 'km', targetValue: 50 });
  const sendCheckIn = async () => {
    const res = await api.call('POST', '/checkins/ai/initiate', { clientId: created.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const theme = async (name: 'light' | 'dark') => {
    const res = await api.call('PUT', '/users/appearance', { appearancePreferences: { theme: name, colorScheme: 'gold', fontSize: 'medium', compactView: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  return { id: created.id, email, phone, sendCheckIn, theme };
}

async function openConversation(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button').getByText('Morgan Lee', { exact: true }).first().click();
  await page.getByRole('tab', { name: 'Conversation' }).click();
  await expect(page.getByRole('tab', { name: 'Conversation' })).toHaveAttribute('aria-selected', 'true');
  // The indicator is hidden on a phone-wide screen; it is in the page either way.
  await expect(page.getByTitle('Live updates: connected')).toBeAttached();
}

const bubbles = (page: Page) => page.getByTestId('thread-item');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message to Morgan' });

test('the coach reads the whole conversation, texts the client, and sees the answers arrive live', async ({ page, clientIp }) => {
  const coach = await newCoach(clientIp);
  const { id, email, phone, sendCheckIn, theme } = await clientOf(coach.api);
  await signIn(page, coach);
  await openConversation(page);

  // Nothing said yet, and no consent notice sent: the composer says why it is closed.
  await expect(page.getByText(/No messages yet/)).toBeVisible();
  await expect(page.getByTestId('composer-disabled')).toHaveText(COACH_MESSAGE_REFUSALS.noConsent);
  await expect(composer(page)).toBeDisabled();
  await reviewShot(page, path.join(SHOTS_DIR, 'empty-1280-light.png'), { fullPage: true });

  // The first check-in (with the consent notice) arrives live and opens the composer.
  await sendCheckIn();
  await expect(bubbles(page).first()).toHaveAttribute('data-kind', 'check_in');
  await expect(bubbles(page).first()).toContainText('AI · check-in');
  await expect(bubbles(page).first()).toContainText('Reply STOP');
  await expect(composer(page)).toBeEnabled();
  await expect(composer(page)).toHaveAttribute('placeholder', 'Write a text to the client…');

  // Shift+Enter is a new line; Enter sends, after a one-time confirmation of the cost.
  await composer(page).fill('Nice start this week!');
  await composer(page).press('Shift+Enter');
  await composer(page).pressSequentially('Shall we plan a long run?');
  await expect(composer(page)).toHaveValue('Nice start this week!\nShall we plan a long run?');
  await composer(page).press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Text this client?' });
  await expect(confirm).toContainText('This sends a text message to (555)');
  await expect(confirm).toContainText('costs an SMS');
  await reviewShot(page, path.join(SHOTS_DIR, 'confirm-1280-light.png'));
  await confirm.getByRole('button', { name: 'Send text' }).click();
  const mine = bubbles(page).filter({ hasText: 'Shall we plan a long run?' });
  await expect(mine).toHaveAttribute('data-author', 'coach');
  await expect(mine).toContainText('You');
  await expect(composer(page)).toHaveValue('');
  expect(smsTo(phone)).toContain('Nice start this week!\nShall we plan a long run?');

  // The client answers the check-in through the Twilio webhook: the reply, then the follow-up, live.
  expect((await postClientReply({ appUrl: stack().baseUrl, from: phone, body: 'Ran 8 km on Sunday, legs are fine' })).status).toBe(200);
  await expect(bubbles(page).filter({ hasText: 'Ran 8 km on Sunday' })).toHaveAttribute('data-kind', 'reply');
  await expect(bubbles(page).last()).toHaveAttribute('data-kind', 'follow_up', { timeout: 20_000 });

  // No check-in awaits an answer now: the next text is a message outside a check-in, still live.
  expect((await postClientReply({ appUrl: stack().baseUrl, from: phone, body: 'Saturday morning works for the long run' })).status).toBe(200);
  await expect(bubbles(page).last()).toContainText('Saturday morning works for the long run');
  await expect(bubbles(page).last()).toHaveAttribute('data-author', 'client');
  await expect(bubbles(page).last()).toContainText('Morgan');

  // Within the session the cost was confirmed once: the second text goes straight out.
  await composer(page).fill('Perfect, see you then');
  await composer(page).press('Enter');
  await expect(bubbles(page).last()).toContainText('Perfect, see you then');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(smsTo(phone)).toContain('Perfect, see you then');

  // Screenshots: desktop and phone, light and dark.
  for (const name of ['light', 'dark'] as const) {
    await theme(name);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await openConversation(page);
      await expect(page.locator('html')).toHaveClass(name === 'dark' ? /dark/ : /^(?!.*dark)/);
      await expect(bubbles(page).last()).toContainText('Perfect, see you then');
      await reviewShot(page, path.join(SHOTS_DIR, `thread-${width}-${name}.png`), { fullPage: true });
      if (width === 1280) {
        // No serious or critical WCAG 2.1 A/AA violation in the Conversation tab, in either theme.
        const { violations } = await new AxeBuilder({ page }).include('[aria-label="Conversation with Morgan"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious, name).toEqual([]);
      }
    }
  }

  // A client reached by e-mail: the composer and its confirmation say e-mail and the address, no SMS cost.
  const sql = db();
  await sql`update clients set channel = 'email' where id = ${id}`;
  await sql.end();
  await openConversation(page);
  await expect(composer(page)).toHaveAttribute('placeholder', 'Write an e-mail to the client…');
  await composer(page).fill('Sent by e-mail');
  await composer(page).press('Enter');
  const byEmail = page.getByRole('dialog', { name: 'E-mail this client?' });
  await expect(byEmail).toContainText(`This sends an e-mail to ${email}`);
  await expect(byEmail).not.toContainText('SMS');
  await reviewShot(page, path.join(SHOTS_DIR, 'confirm-email-390-dark.png'));
  await byEmail.getByRole('button', { name: 'Send e-mail' }).click();
  await expect(bubbles(page).last()).toContainText('Sent by e-mail');
  await expect(bubbles(page).last()).toContainText('E-mail');
});

test('Load earlier brings the older messages above the newest page', async ({ page, clientIp }) => {
  const coach = await newCoach(clientIp);
  const phone = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const created = await coach.api.createClient({ firstName: 'Morgan', lastName: 'Lee', email: uniqueEmail('client'), phone });
  const sql = db();
  const base = Date.parse('2026-02-02T15:00:00.000Z');
  const total = THREAD_PAGE_SIZE + 10;
  for (let i = 1; i <= total; i += 1) {
    await sql`insert into client_messages (client_id, coach_id, direction, author, body, from_number, to_number, status, created_at)
      values (${created.id}, ${coach.id}, ${i % 2 ? 'in' : 'out'}, ${i % 2 ? 'client' : 'coach'}, ${`Note ${i}`}, ${phone}, ${phone}, ${i % 2 ? 'received' : 'sent'}, ${new Date(base + i * 60_000)})`;
  }
  await sql.end();

  await signIn(page, coach);
  await openConversation(page);
  await expect(bubbles(page)).toHaveCount(THREAD_PAGE_SIZE);
  await expect(bubbles(page).last()).toContainText(`Note ${total}`);
  await expect(bubbles(page).first()).toContainText('Note 11');
  await page.getByRole('button', { name: 'Load earlier' }).click();
  await expect(bubbles(page)).toHaveCount(total);
  await expect(bubbles(page).first()).toContainText(/Note 1(?!\d)/);
  await expect(page.getByRole('button', { name: 'Load earlier' })).toHaveCount(0);
});
