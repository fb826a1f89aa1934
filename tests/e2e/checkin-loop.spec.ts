import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { postClientReply } from '../../scripts/client-reply';
import { client } from '../helpers/http';
import type { Page } from '@playwright/test';
import { db, expect, shot, signIn, stack, test, verifiedCoach } from './fixtures';

/**
 * The AI check-in loop in Chromium: the coach presses Send check-in, the client answers through
 * the local reply command's code (the Twilio webhook), and the summary, motivation and engagement
 * appear in the client's Check-in History on the dashboard without a reload; the stack runs the
 * local providers.
 */

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

async function clientWithGoal(ip: string, email: string, password: string) {
  const request = client(stack().baseUrl);
  const login = await request<{ accessToken: string }>('POST', '/users/login', { ip, body: { email, password } });
  expect(login.status).toBe(200);
  const token = login.body.accessToken;
  const phone = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const created = await request<{ client: { _id: string } }>('POST', '/coach/clients', {
    ip,
    token,
    body: { firstName: 'Riley', lastName: 'Walker', email: `riley-${randomInt(0, 1e6)}@example.com`, phone, goalTitle: 'Walk 100 km', goalType: 'progress', metric: 'km', targetValue: 100 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const goals = await request<{ goals: { _id: string }[] }>('GET', `/dashboard/client-goals/${created.body.client._id}`, { ip, token });
  return { clientId: created.body.client._id, goalId: goals.body.goals[0]!._id, phone, token, request };
}

/** Opens the client's detail on the dashboard, Insights tab, with its Check-in History. */
async function openClient(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button').getByText('Riley Walker', { exact: true }).first().click();
  await expect(page.getByRole('tab', { name: 'Insights' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTitle('Live updates: connected')).toBeVisible();
}

const history = (page: Page) => page.getByRole('list', { name: 'Check-ins', exact: true });

test('the coach sends a check-in from the client detail, the client answers, and the analysis appears live', async ({ page, clientIp }) => {
  const coach = await verifiedCoach(clientIp);
  const { phone } = await clientWithGoal(clientIp, coach.email, coach.password);

  await signIn(page, coach);
  await openClient(page);

  await page.getByRole('button', { name: 'Send check-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a check-in to Riley' });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByLabel('Message to Riley')).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Send to Riley' }).click();
  await expect(page.getByText('Check-in sent to Riley')).toBeVisible();
  const item = history(page).getByRole('listitem').first();
  await expect(item).toContainText('Sent');
  expect(smsTo(phone)).toHaveLength(1);
  await item.getByRole('button', { expanded: false }).click();
  await expect(item).toContainText('0 of your 100 km');
  await shot(page, 'checkin-loop-sent');

  // The client answers by text, through the same webhook Twilio calls.
  const answer = await postClientReply({ appUrl: stack().baseUrl, from: phone, body: 'Walked 5 km today, feeling great, the new shoes help a lot' });
  expect(answer.status).toBe(200);

  // No reload: the realtime events bring the reply, then the analysis and the follow-up.
  await expect(page.getByText(/Riley Walker replied to the check-in/)).toBeVisible();
  await expect(item).toContainText('Completed');
  await expect(item).toContainText('Walked 5 km today, feeling great, the new shoes help a lot');
  // The summary states what was recorded, per goal; the follow-up speaks of it.
  await expect(item).toContainText('Walk 100 km: 0 → 5 km.');
  await expect(item.getByRole('definition').filter({ hasText: '→' }).first()).toContainText('Walk 100 km: 0 → 5 km');
  await expect(item).toContainText('High');
  await expect(item).toContainText('Great');
  await expect(item).toContainText("That's 5 of your 100 km now.");
  await shot(page, 'checkin-loop-completed');
  expect(smsTo(phone)).toHaveLength(2);
});

test('a check-in that cannot be sent says so', async ({ page, clientIp }) => {
  const coach = await verifiedCoach(clientIp);
  const { phone } = await clientWithGoal(clientIp, coach.email, coach.password);
  // The client texted STOP: nothing may be sent to them.
  expect((await postClientReply({ appUrl: stack().baseUrl, from: phone, body: 'STOP' })).status).toBe(200);

  await signIn(page, coach);
  await openClient(page);
  await page.getByRole('button', { name: 'Send check-in' }).click();
  // The preview already says why: no AI call is made for a client who cannot be texted.
  const dialog = page.getByRole('dialog', { name: 'Send a check-in to Riley' });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: /replied STOP/ })).toBeVisible();
  await shot(page, 'checkin-loop-refused');
  expect(smsTo(phone)).toHaveLength(0);
});

test('a check-in whose delivery failed shows why in the history', async ({ page, clientIp }) => {
  const coach = await verifiedCoach(clientIp);
  const { clientId } = await clientWithGoal(clientIp, coach.email, coach.password);
  // What the send worker records after its last attempt against a failing SMS provider.
  const sql = db();
  try {
    await sql`
      insert into check_ins (coach_id, client_id, is_global_check_in, status, scheduled_for, source, failure_reason)
      select coach_id, id, true, 'failed', now(), 'schedule', 'The text message could not be delivered: Service Unavailable'
      from clients where id = ${clientId}`;
  } finally {
    await sql.end();
  }

  await signIn(page, coach);
  await openClient(page);
  const item = history(page).getByRole('listitem').first();
  await expect(item).toContainText('Not sent: The text message could not be delivered: Service Unavailable');
  await shot(page, 'checkin-loop-failed');
});
