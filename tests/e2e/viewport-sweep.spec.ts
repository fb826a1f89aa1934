import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { APPEARANCE_STORAGE_KEY } from '../../lib/appearance';
import { TEST_ADMIN } from '../helpers/stack';
import { seedAdminDataset } from './admin-dataset';
import { CoachApi, expect, insertCheckIns, newClient, newCoach, REVIEW_SHOTS_DIR, reviewShot, saveTheme, signIn, stack, test, toast } from './fixtures';

/**
 * Every screen at 1440, 768 and 360 px (issue 20 item 3 and "Done when", decision 0099): as a coach
 * with long client names, goals, check-ins and notifications, as the administrator on every admin
 * tab, and signed out on the public pages. Nothing may scroll sideways and nothing may log a console
 * or page error. One sign-in per role: each screen is opened once and the window resized over it.
 *
 * With E2E_SHOTS set (fixtures.ts reviewShot) each screen is shot whole at each width, light and dark.
 */

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 768, height: 1024 },
  { width: 360, height: 740 },
] as const;
const LONG_FIRST = 'Maximiliana-Evangelina';
const LONG_LAST = 'Featherstonehaugh-Wolfeschlegelsteinhausen';

/** Console errors and uncaught page errors, collected until the next screen's check reads them. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    // Access tokens live 6 s in the test stack (tests/helpers/serve.ts): a 401 the app answers by
    // refreshing and retrying is the stack's rhythm, and Chromium logs each one.
    if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of 401\b/.test(m.text())) errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  return errors;
}

/** Two frames: the resize's layout and any state a media query or ResizeObserver set off. */
const settle = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/** The outermost elements that reach past the window's right edge (and are not clipped by a scroller), to name in a failure. */
function overflowReport(page: Page) {
  return page.evaluate(() => {
    const iw = window.innerWidth;
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.right <= iw + 0.5 || r.width === 0 || clipped(el)) continue;
      const parent = el.parentElement?.getBoundingClientRect();
      if (parent && parent.right > iw + 0.5 && el.parentElement !== document.body) continue;
      const cls = typeof el.className === 'string' ? `.${el.className.split(/\s+/).slice(0, 4).join('.')}` : '';
      offenders.push(`<${el.tagName.toLowerCase()}${cls}> right=${Math.round(r.right)} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
      if (offenders.length >= 6) break;
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: iw, offenders };
  });
}

/** Waits for the screen's data: its busy markers and "Loading" texts gone. */
async function ready(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(/^Loading\b/).filter({ visible: true })).toHaveCount(0, { timeout: 20_000 });
}

/** The screen now open, at each width: no sideways scroll, no error; screenshots when asked. */
async function sweep(page: Page, errors: string[], name: string): Promise<void> {
  await ready(page);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settle(page);
    const { scrollWidth, innerWidth, offenders } = await overflowReport(page);
    expect.soft(scrollWidth, `${name} is ${scrollWidth} px wide in a ${innerWidth} px window: ${offenders.join('; ')}`).toBeLessThanOrEqual(innerWidth);
    if (REVIEW_SHOTS_DIR) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await settle(page);
        await reviewShot(page, `sweep/${name}-${size.width}-${colorScheme}.png`, { fullPage: true });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
  }
  expect.soft(errors, `console or page errors on ${name}`).toEqual([]);
  errors.length = 0;
  await page.setViewportSize(WIDTHS[0]);
}

/** Each visible control of the header is what the browser finds at its centre: no toast lies over it. */
async function expectHeaderUncovered(page: Page, header: Locator, where: string): Promise<void> {
  // The skip link is a 1 px sr-only box until focused; nothing to cover.
  const controls = header.locator('button, a:not([href^="#"]), select').filter({ visible: true });
  const count = await controls.count();
  expect(count, `controls in the header ${where}`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    const hit = await control.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top !== null && (el === top || el.contains(top));
    });
    expect(hit, `${await control.evaluate((el) => el.outerHTML.slice(0, 80))} is covered ${where}`).toBe(true);
  }
}

test.describe('viewport sweep', () => {
  test('every coach screen fits 1440, 768 and 360 px without errors; toasts leave the header free', async ({ page, clientIp }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    const coach = await newCoach(clientIp);
    await saveTheme(coach.api, 'system');
    const long = await newClient(coach.api, {
      firstName: LONG_FIRST,
      lastName: LONG_LAST,
      email: `${'very.long.address'.repeat(2)}.${randomUUID().slice(0, 8)}@example-coaching-clients.com`,
      goalTitle: 'Run a half marathon under two hours while keeping weekly mileage sustainable',
      goalType: 'progress',
      metric: 'km',
      targetValue: 21,
    });
    await newClient(coach.api, { firstName: 'Bartholomew-Alexander', lastName: 'Montgomery-Smythe-Van-Der-Berg' });
    await newClient(coach.api, { firstName: 'Ana', lastName: 'Li' });
    const goalId = long.goals[0]?.id ?? null;
    await insertCheckIns(coach.id, long.id, goalId, [
      { status: 'completed', at: -50, aiMessage: 'How did this week of runs go?', clientResponse: 'Ran 18 km on Sunday, knees are fine.', coachSummary: 'Steady progress.', insights: ['Long run up to 18 km'], motivation: 'high', engagementAssessment: 'great' },
      { status: 'no_response', at: -26, aiMessage: 'Any runs since Sunday?' },
      { status: 'scheduled', at: 20 },
    ]);
    for (let i = 0; i < 2; i++) expect((await coach.api.call('POST', '/users/test-notification', { channel: 'inApp' })).status).toBe(200);

    // Signing in shows a toast; it covers no control of the header at any width.
    await page.setViewportSize(WIDTHS[0]);
    await signIn(page, coach);
    await expect(toast(page, 'Login Successful')).toBeVisible();
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await settle(page);
      await expectHeaderUncovered(page, page.getByRole('banner'), `at ${size.width} px`);
    }
    await page.setViewportSize(WIDTHS[0]);
    const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' });
    expect(await logout.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    })).toBe(true);
    await sweep(page, errors, 'dashboard');

    await page.goto(`/dashboard?client=${long.id}`);
    await expect(page.getByRole('tablist', { name: `${long.username}: views` })).toBeVisible();
    for (const tab of ['Insights', 'Goals', 'Conversation']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await sweep(page, errors, `dashboard-client-${tab.toLowerCase()}`);
    }

    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await sweep(page, errors, 'notifications-panel');
    await page.keyboard.press('Escape');

    for (const section of ['overview', 'clients', 'goals', 'engagement']) {
      await page.goto(`/analytics/${section}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await sweep(page, errors, `analytics-${section}`);
    }
    for (const tab of ['profile', 'security', 'billing', 'notifications', 'appearance']) {
      await page.goto(`/settings?tab=${tab}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await sweep(page, errors, `settings-${tab}`);
    }
    for (const screen of ['/profile', '/billing', '/billing/portal']) {
      await page.goto(screen);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await sweep(page, errors, screen.slice(1).replace('/', '-'));
    }
  });

  test('every admin screen fits 1440, 768 and 360 px without errors', async ({ page, clientIp }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await seedAdminDataset(stack().databaseUrl);
    const admin = await CoachApi.login({ ...TEST_ADMIN, firstName: '', lastName: '' }, clientIp);
    if (REVIEW_SHOTS_DIR) await saveTheme(admin, 'system');

    await page.setViewportSize(WIDTHS[0]);
    await page.goto('/admin-portal');
    await page.getByLabel('Email').fill(TEST_ADMIN.email);
    await page.getByLabel('Password').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Password')).toBeHidden();

    await page.goto('/admin-dashboard');
    // Each tab by its visible label, whichever control (tab, link or button) carries it.
    const labels = ['Overview', 'API Usage', 'Usage Trends', 'Services', 'Errors', 'Platform', 'Users', 'Admins', 'Admin Management', 'Billing', /^Revenue/, 'Announcements', 'Profile'];
    for (const label of labels) {
      const exact = typeof label === 'string';
      const control = page
        .getByRole('tab', { name: label, exact })
        .or(page.getByRole('link', { name: label, exact }))
        .or(page.getByRole('button', { name: label, exact }))
        .filter({ visible: true })
        .first();
      await control.click();
      await expect(page.getByText('Loading dashboard data...')).toBeHidden({ timeout: 20_000 });
      await sweep(page, errors, `admin-${String(label).replace(/\W+/g, '-').replace(/^-|-$/g, '').toLowerCase()}`);
    }
    if (REVIEW_SHOTS_DIR) {
      const res = await admin.call('PUT', '/users/appearance', { appearancePreferences: { theme: 'light', colorScheme: 'gold', fontSize: 'medium', compactView: false } });
      expect(res.status).toBe(200);
    }
  });

  test('the public pages fit 1440, 768 and 360 px without errors', async ({ page }) => {
    const errors = watchErrors(page);
    // Signed out, the theme is this browser's stored appearance; following the system lets the screenshots switch.
    if (REVIEW_SHOTS_DIR) await page.addInitScript(([key]) => localStorage.setItem(key!, JSON.stringify({ theme: 'system' })), [APPEARANCE_STORAGE_KEY]);
    for (const screen of ['/login', '/register', '/forgot-password', '/admin-portal']) {
      await page.setViewportSize(WIDTHS[0]);
      await page.goto(screen);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await sweep(page, errors, `public-${screen.slice(1)}`);
    }
  });
});
