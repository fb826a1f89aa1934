import postgres from 'postgres';
import { client, readEmails, uniqueEmail } from '../helpers/http';
import { TEST_ADMIN } from '../helpers/stack';
import { CoachApi, expect, insertCheckIns, PASSWORD, shot, signIn, stack, test, waitForLinkToken, type TestUser } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * Text typed by coaches and their clients (names, goals, milestones, check-in replies, usage
 * errors) is shown literally on every screen and in e-mail HTML: markup in it never runs. The same
 * screens must raise no Content-Security-Policy violation.
 */

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const BOTH = `${IMG} ${SCRIPT}`;

/** Console errors a CSP violation (or anything else) raises, and uncaught page errors. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** Nothing injected ran and no injected element exists. */
async function expectInert(page: Page, where: string) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `window.__xss on ${where}`).toBeUndefined();
  await expect(page.locator('img[src="x"]'), `injected <img> on ${where}`).toHaveCount(0);
}

async function registerHostileCoach(ip: string): Promise<TestUser> {
  const user = { email: uniqueEmail('xss'), password: PASSWORD, firstName: IMG, lastName: SCRIPT };
  const request = client(stack().baseUrl);
  const registered = await request('POST', '/users/register', { ip, body: { ...user, phone: '+15555550123' } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const token = await waitForLinkToken(user.email, 'verify-email');
  expect((await request('GET', `/users/verify/${token}`, { ip })).status).toBe(200);
  return user;
}

/** Usage rows naming the coach (top users) and an error text (error statistics) for the admin screens. */
async function seedUsage(coachId: string) {
  const sql = postgres(stack().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`
      insert into api_usage (user_id, service, operation, status, status_code, response_ms, cost_usd, error_message)
      select ${coachId}, 'openai', 'chat.completions', case when n % 10 = 0 then 'error' else 'success' end,
             case when n % 10 = 0 then 500 else 200 end, 120, 0.01, case when n % 10 = 0 then ${BOTH} else null end
      from generate_series(1, 5000) as n`;
  } finally {
    await sql.end();
  }
}

test('hostile text shows literally on every screen and in e-mails, and nothing runs', async ({ page, clientIp }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  const coach = await registerHostileCoach(clientIp);
  const api = await CoachApi.login(coach, clientIp);

  // The verification e-mail greets the coach by (hostile) first name: escaped in the HTML part.
  const mail = readEmails(stack().outboxDir).find((m) => m.to === coach.email && m.html);
  expect(mail?.html, 'verification e-mail HTML').toBeTruthy();
  expect(mail!.html).not.toContain('<img src=x');
  expect(mail!.html).not.toContain('<script>');
  expect(mail!.html).toContain('&lt;img src=x onerror=window.__xss=1&gt;');

  const target = await api.createClient({ firstName: IMG, lastName: SCRIPT, email: uniqueEmail('client'), phone: '+15555550110', scheduledCheckIns: [{ time: '09:00', days: [0] }] });
  const goal = await api.call<{ goal: { id: string } }>('POST', '/goals/create', { clientId: target.id, title: IMG, description: SCRIPT, type: 'progress', target: 10, unit: 'km' });
  expect(goal.status, JSON.stringify(goal.body)).toBe(201);
  const milestones = await api.call('PATCH', `/goals/${goal.body.goal.id}`, { milestones: [{ title: SCRIPT, description: IMG }] });
  expect(milestones.status, JSON.stringify(milestones.body)).toBe(200);
  await insertCheckIns(api.userId, target.id, goal.body.goal.id, [
    { status: 'completed', at: -26, aiMessage: IMG, clientResponse: SCRIPT, aiResponse: IMG, coachSummary: BOTH, insights: [SCRIPT], motivation: 'high', engagementAssessment: 'great', executiveSummary: BOTH },
    { status: 'responded', at: -2, aiMessage: SCRIPT, clientResponse: BOTH },
  ]);
  await seedUsage(api.userId);

  await test.step('Client Dashboard list and client detail (Insights, Goals)', async () => {
    await signIn(page, coach);
    const list = page.getByRole('list', { name: 'Clients', exact: true });
    await expect(list).toContainText(IMG);
    await expect(list).toContainText(SCRIPT);
    await list.getByRole('button', { name: new RegExp(IMG.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
    const detail = page.locator('section[aria-labelledby="client-detail-name"]');
    await expect(detail).toContainText(`${IMG} ${SCRIPT}`);
    await expect(detail).toContainText(BOTH);
    await expectInert(page, 'Insights');
    await shot(page, 'escaping-insights');

    await detail.getByRole('tab', { name: 'Goals' }).click();
    const card = page.getByRole('region', { name: `Goals of ${IMG}` }).getByRole('article', { name: IMG });
    const toggle = card.getByRole('button', { name: IMG });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The description, the milestone and this week's check-in messages are hostile texts too.
    await expect(card.getByText(SCRIPT, { exact: true }).first()).toBeVisible();
    await expect(card.getByRole('checkbox', { name: SCRIPT })).toBeVisible();
    await expectInert(page, 'Goals');
    await shot(page, 'escaping-goals');
  });

  await test.step('Analytics', async () => {
    await page.goto('/analytics/clients');
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await expect(page.getByRole('table').first()).toContainText(`${IMG} ${SCRIPT}`, { timeout: 20_000 });
    await expectInert(page, 'Analytics');
    await shot(page, 'escaping-analytics');
  });

  await test.step('Settings and billing screens', async () => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectInert(page, 'Settings');
    await page.goto('/billing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectInert(page, 'Billing');
  });

  await test.step('Admin dashboard: top users and error statistics', async () => {
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/admin-portal');
    await page.getByLabel('Email').fill(TEST_ADMIN.email);
    await page.getByLabel('Password').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    for (const tab of ['Users', 'Errors']) {
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: tab, exact: true }).click();
      await expect(page.getByRole('heading', { name: tab, level: 1 })).toBeVisible();
      await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
      await expect(page.getByRole('main')).toContainText(tab === 'Users' ? `${IMG} ${SCRIPT}` : BOTH, { timeout: 20_000 });
      await expectInert(page, `admin ${tab}`);
      await shot(page, `escaping-admin-${tab.toLowerCase()}`);
    }
  });

  expect(problems, 'CSP violations and page errors').toEqual([]);
});
