import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { db, expect, shot, signIn, stack, test, verifiedCoach, type TestUser } from './fixtures';

/**
 * Analytics screens (product §2.2, §2.8): each section's figures and charts for a coach with the demo
 * history (scripts/seed-demo.ts run against the test database), the empty states for a new coach,
 * the error box with Retry, light and dark.
 */

const DEMO_PASSWORD = 'Demo!Coach2026-e2e';
let demo: TestUser;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const email = `demo-${randomUUID().slice(0, 8)}@e2e.cadence`;
  // The demo seed itself: ten clients with eight weeks of thriving, improving and fading check-ins.
  execFileSync('npx', ['tsx', 'scripts/seed-demo.ts'], {
    env: { ...process.env, DATABASE_URL: stack().databaseUrl, DEMO_EMAIL: email, DEMO_PASSWORD, LOG_LEVEL: 'error' },
    stdio: 'pipe',
    timeout: 170_000,
  });
  demo = { email, password: DEMO_PASSWORD, firstName: 'Dana', lastName: 'Rivers' };
});

/** Dark theme: the saved preference (it wins over the browser's copy once signed in) and the browser's copy. */
async function useDark(page: Page, email: string) {
  const sql = db();
  await sql`update users set appearance_preferences = coalesce(appearance_preferences, '{}'::jsonb) || '{"theme":"dark"}'::jsonb where lower(email) = lower(${email})`;
  await sql.end();
  await page.addInitScript(() => {
    const saved = JSON.parse(localStorage.getItem('appearance') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('appearance', JSON.stringify({ ...saved, theme: 'dark' }));
  });
}

/** A chart figure has drawn its SVG with at least one mark. */
async function expectChart(page: Page, id: string, mark = '.recharts-rectangle, .recharts-sector, .recharts-line-curve') {
  const figure = page.getByTestId(`chart-${id}`);
  await expect(figure).toBeVisible();
  // The drawing is one image to assistive technology, named by a summary of its figures.
  await expect(figure.getByRole('img', { name: /chart/i })).toBeVisible();
  await expect(figure.locator('svg.recharts-surface').first()).toBeVisible();
  await expect.poll(() => figure.locator(mark).count(), { message: `marks in ${id}` }).toBeGreaterThan(0);
  return figure;
}

async function openSection(page: Page, tab: 'Overview' | 'Clients' | 'Goals' | 'Communication') {
  await page.getByRole('navigation', { name: 'Analytics sections' }).getByRole('link', { name: tab }).click();
  await expect(page.getByRole('navigation', { name: 'Analytics sections' }).getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
}

test.describe('a coach with history', () => {
  test('overview at /analytics and /analytics/overview: figures and the check-in trend chart', async ({ page }) => {
    await signIn(page, demo);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
    await expect(page).toHaveURL('/analytics');
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    // Let the sign-in toast go before the screenshot.
    await expect(page.getByText('Login Successful')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    // The overview has no time-range selector (product §2.2).
    await expect(page.getByRole('group', { name: 'Time range' })).toHaveCount(0);

    const figures = page.getByRole('group', { name: 'Overview figures' });
    await expect(figures).toBeVisible();
    // Nine of the ten demo clients are not archived.
    await expect(figures.getByText('Total clients').locator('..')).toContainText('9');
    for (const label of ['Check-ins sent', 'Average response time', 'Client retention', 'Engagement score', 'Check-in frequency', 'Goal completion rate']) {
      await expect(figures.getByText(label, { exact: true })).toBeVisible();
    }
    const chart = await expectChart(page, 'overview-trend', '.recharts-rectangle');
    await expect(chart.getByRole('img', { name: /check-ins sent and answered per day/ })).toBeVisible();
    await shot(page, 'analytics-overview');

    // The same figures as a table anyone can open.
    await chart.getByText('Show data table').click();
    await expect(chart.getByRole('table')).toBeVisible();
    await expect(chart.getByRole('table').getByRole('row')).toHaveCount(31);

    await page.goto('/analytics/overview');
    await expect(page.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expectChart(page, 'overview-trend');
  });

  test('clients: engagement distribution, check-in outcomes, the client table and the time range', async ({ page }) => {
    await signIn(page, demo);
    await page.goto('/analytics');
    await openSection(page, 'Clients');
    await expect(page).toHaveURL('/analytics/clients');
    const range = page.getByRole('group', { name: 'Time range' });
    await expect(range.getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');

    await expectChart(page, 'engagement-distribution', '.recharts-rectangle');
    await expectChart(page, 'check-in-outcomes', '.recharts-sector');
    const table = page.getByRole('table', { name: 'Engagement of each active client' });
    await expect(table.getByRole('row')).toHaveCount(10); // header + nine active clients
    await expect(table.getByRole('rowheader').first()).toBeVisible();
    await shot(page, 'analytics-clients');

    await range.getByRole('button', { name: '90d' }).click();
    await expect(page).toHaveURL('/analytics/clients?timeRange=90d');
    await expect(range.getByRole('button', { name: '90d' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Last 90 days', { exact: false }).first()).toBeVisible();
    await expectChart(page, 'engagement-distribution');
    await shot(page, 'analytics-clients-90d');
  });

  test('goals: goal types and completion charts, types table and recent completions', async ({ page }) => {
    await signIn(page, demo);
    await page.goto('/analytics/goals?timeRange=90d');
    await expect(page.getByRole('link', { name: 'Goals' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('group', { name: 'Time range' }).getByRole('button', { name: '90d' })).toHaveAttribute('aria-pressed', 'true');
    const figures = page.getByRole('group', { name: 'Goal figures' });
    for (const label of ['Active goals', 'Completion rate', 'Abandonment rate', 'Average time to complete']) {
      await expect(figures.getByText(label, { exact: true })).toBeVisible();
    }
    await expectChart(page, 'goal-types', '.recharts-rectangle');
    await expectChart(page, 'goal-outcomes', '.recharts-sector');
    await expect(page.getByRole('table', { name: 'Goal types' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent completions' }).getByRole('listitem').first()).toBeVisible();
    await shot(page, 'analytics-goals');
  });

  test('communication (engagement section): trends, response times, SMS metrics', async ({ page }) => {
    await signIn(page, demo);
    await page.goto('/analytics/clients');
    await openSection(page, 'Communication');
    await expect(page).toHaveURL('/analytics/engagement');
    for (const label of ['Average response time', 'Response rate', 'Check-in frequency', 'Client satisfaction', 'Goal-progress correlation', 'Retention impact']) {
      await expect(page.getByRole('group', { name: 'Communication figures' }).getByText(label, { exact: true })).toBeVisible();
    }
    await expectChart(page, 'engagement-trend', '.recharts-rectangle');
    await expectChart(page, 'response-time-trend', '.recharts-line-curve');
    await expectChart(page, 'response-time-distribution', '.recharts-rectangle');
    const sms = page.getByRole('table', { name: /SMS metrics/ });
    await expect(sms.getByRole('row')).toHaveCount(6);
    await expect(sms.getByRole('rowheader', { name: /Check-ins sent/ })).toBeVisible();
    await shot(page, 'analytics-communication');

    await page.getByRole('group', { name: 'Time range' }).getByRole('button', { name: '1y' }).click();
    await expect(page).toHaveURL('/analytics/engagement?timeRange=1y');
    const trend = await expectChart(page, 'engagement-trend');
    await expect(trend.getByRole('img', { name: /answered per month/ })).toBeVisible();
    await shot(page, 'analytics-communication-1y');
  });

  test('every section in the dark theme', async ({ page }) => {
    await useDark(page, demo.email);
    await signIn(page, demo);
    await expect(page.locator('html')).toHaveClass(/dark/);
    for (const [path, chart, name] of [
      ['/analytics', 'overview-trend', 'overview'],
      ['/analytics/clients', 'engagement-distribution', 'clients'],
      ['/analytics/goals?timeRange=90d', 'goal-types', 'goals'],
      ['/analytics/engagement', 'response-time-distribution', 'communication'],
    ] as const) {
      await page.goto(path);
      await expectChart(page, chart);
      await shot(page, `analytics-${name}-dark`);
    }
  });

  test('the error box and Retry', async ({ page }) => {
    await signIn(page, demo);
    await page.route('**/api/dashboard/analytics/goals**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"INTERNAL_ERROR","message":"boom"}' }));
    await page.goto('/analytics/goals');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load goal analytics' });
    await expect(alert).toBeVisible();
    await shot(page, 'analytics-error');
    await page.unroute('**/api/dashboard/analytics/goals**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expectChart(page, 'goal-types');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load goal analytics' })).toHaveCount(0);
  });

  test('an unknown section goes back to the overview', async ({ page }) => {
    await signIn(page, demo);
    await page.goto('/analytics/nonsense');
    await expect(page).toHaveURL('/analytics');
    await expect(page.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('a new coach', () => {
  test('sees the empty state of every section', async ({ page, clientIp }) => {
    const coach = await verifiedCoach(clientIp);
    await signIn(page, coach);
    await page.goto('/analytics');
    await expect(page.getByText('No overview data available')).toBeVisible();
    await shot(page, 'analytics-empty-overview');
    await openSection(page, 'Clients');
    await expect(page.getByText('No client data available')).toBeVisible();
    await shot(page, 'analytics-empty-clients');
    await openSection(page, 'Goals');
    await expect(page.getByText('No goal data available')).toBeVisible();
    await shot(page, 'analytics-empty-goals');
    await openSection(page, 'Communication');
    await expect(page.getByText('No communication data available')).toBeVisible();
    await shot(page, 'analytics-empty-communication');
    await page.getByRole('group', { name: 'Time range' }).getByRole('button', { name: '1y' }).click();
    await expect(page.getByText('No communication data available')).toBeVisible();
  });

  test('in the dark theme, and "No active clients found" when only archived clients had check-ins', async ({ page, clientIp }) => {
    const coach = await verifiedCoach(clientIp);
    const sql = db();
    const [user] = await sql<{ id: string }[]>`select id from users where lower(email) = lower(${coach.email})`;
    const [client] = await sql<{ id: string }[]>`
      insert into clients (coach_id, first_name, last_name, archived, archived_at, created_at)
      values (${user!.id}, 'Gone', 'Away', true, now() - interval '1 day', now() - interval '60 days') returning id`;
    await sql`
      insert into check_ins (coach_id, client_id, status, sent_at, responded_at, scheduled_for, engagement_assessment, motivation)
      values (${user!.id}, ${client!.id}, 'completed', now() - interval '5 days', now() - interval '5 days' + interval '20 minutes', now() - interval '5 days', 'great', 'high')`;
    await sql.end();
    await useDark(page, coach.email);
    await signIn(page, coach);
    await page.goto('/analytics/clients');
    await expect(page.getByText('No active clients found')).toBeVisible();
    await expectChart(page, 'check-in-outcomes', '.recharts-sector');
    await shot(page, 'analytics-no-active-clients-dark');
    await page.goto('/analytics/goals');
    await expect(page.getByText('No goal data available')).toBeVisible();
    await shot(page, 'analytics-empty-goals-dark');
  });
});
