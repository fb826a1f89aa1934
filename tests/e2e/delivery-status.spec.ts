import fs from 'node:fs';
import path from 'node:path';
import { postDeliveryCallback } from '../../scripts/delivery-status';
import { uniqueEmail } from '../helpers/http';
import type { Page } from '@playwright/test';
import { UNREACHABLE_REASONS } from '@/lib/delivery';
import { db, expect, newCoach, reviewShot, signIn, stack, test } from './fixtures';

/**
 * Delivery you can see (decision 0085) in Chromium: the outbox stands in for Resend, and the
 * delivery events are posted the way `npm run delivery-status` posts them. One e-mailed check-in is
 * delivered, the next bounces: the history and the conversation say so per message, and the client
 * carries the "E-mail bounced" badge, live. Screenshots at 1280 and 390 px, light and dark.
 */

const SHOTS_DIR = 'delivery';

/** The outbox id (the provider's id) of the latest e-mail to this address. */
function latestEmailId(to: string): string {
  const lines = fs.readFileSync(path.join(stack().outboxDir, 'email.jsonl'), 'utf8').split('\n').filter(Boolean);
  const mine = lines.map((l) => JSON.parse(l) as { id: string; to: string }).filter((m) => m.to === to);
  return mine.at(-1)!.id;
}

async function openClient(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button').getByText('Robin Post', { exact: true }).first().click();
  await expect(page.getByTitle('Live updates: connected')).toBeAttached();
}

test('a bounced e-mail shows on the check-in, in the conversation and as a badge on the client', async ({ page, clientIp }) => {
  const coach = await newCoach(clientIp);
  const email = uniqueEmail('robin');
  const created = await coach.api.createClient({ firstName: 'Robin', lastName: 'Post', email, phone: '+15550142233', goalTitle: 'Read 12 books', goalType: 'progress', metric: 'books', targetValue: 12 });
  const sql = db();
  // Check-ins go by e-mail to a client without a phone number.
  await sql`update clients set phone = null where id = ${created.id}`;
  await sql.end();
  const sendCheckIn = async () => {
    const res = await coach.api.call('POST', '/checkins/ai/initiate', { clientId: created.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const event = async (outcome: 'delivered' | 'bounced') => {
    const res = await postDeliveryCallback({ channel: 'email', messageId: latestEmailId(email), outcome, to: email, appUrl: stack().baseUrl });
    expect(res.status, res.body).toBe(200);
  };

  await sendCheckIn();
  await event('delivered');
  await signIn(page, coach);
  await openClient(page);
  const history = page.getByRole('list', { name: 'Check-ins' });
  await expect(history.getByTestId('delivery-status').first()).toHaveText(/Delivered/);
  await expect(page.getByTestId('unreachable')).toHaveCount(0);

  // The next check-in bounces while the coach looks: the badge and the row change without a reload.
  await sendCheckIn();
  await event('bounced');
  const badge = page.getByTestId('unreachable');
  await expect(badge).toContainText(UNREACHABLE_REASONS.bounced);
  await expect(history.locator('[data-status="bounced"]')).toHaveText(/Bounced \(The recipient's mail server rejected the address\)/);

  // The conversation says it per outgoing message, in words.
  await page.getByRole('tab', { name: 'Conversation' }).click();
  const notes = page.getByTestId('thread-item').getByTestId('delivery-status');
  await expect(notes).toHaveCount(2);
  await expect(notes.nth(0)).toHaveText('Delivered');
  await expect(notes.nth(1)).toHaveText(/^Bounced/);

  for (const theme of ['light', 'dark'] as const) {
    const res = await coach.api.call('PUT', '/users/appearance', { appearancePreferences: { theme, colorScheme: 'gold', fontSize: 'medium', compactView: false } });
    expect(res.status).toBe(200);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await openClient(page);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      await expect(badge).toBeVisible();
      await expect(history.locator('[data-status="bounced"]')).toBeVisible();
      await reviewShot(page, path.join(SHOTS_DIR, `client-${width}-${theme}.png`), { fullPage: true });
      await page.getByRole('tab', { name: 'Conversation' }).click();
      await expect(notes).toHaveCount(2);
      await reviewShot(page, path.join(SHOTS_DIR, `thread-${width}-${theme}.png`), { fullPage: true });
    }
  }

  // The badge's Edit opens the client form (that an edited address clears the flag is the API test's).
  await page.getByTestId('unreachable').getByRole('button', { name: 'Edit' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
