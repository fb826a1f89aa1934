import { execFileSync } from 'node:child_process';
import { TEST_ADMIN } from '../helpers/stack';
import { ADMIN_DEMO_PASSWORD, seedAdminDataset } from './admin-dataset';
import { db, expect, shot, stack, test, verifiedCoach } from './fixtures';
import type { Page, Route } from '@playwright/test';

/**
 * Product §2.2 Admin portal and Admin dashboard, §2.4 admin behaviour, §2.5 admin forms, §2.6: the portal
 * sign-in, the admin shell (decision 0098) with every view over the demo seed plus a billing dataset,
 * deep links and the session's memory of each view, creating and deleting an admin, changing a user's
 * plan and refunding a payment.
 */

let dataset: Awaited<ReturnType<typeof seedAdminDataset>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The demo seed (a coach with ten clients and eight weeks of history), then the admin dataset.
  execFileSync('npx', ['tsx', 'scripts/seed-demo.ts'], { env: { ...process.env, DATABASE_URL: stack().databaseUrl }, stdio: 'pipe' });
  dataset = await seedAdminDataset(stack().databaseUrl);
});

async function portalSignIn(page: Page, email: string, password: string) {
  await page.goto('/admin-portal');
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const view = (page: Page, name: string) => page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true });

/** Opens a view of the admin shell and waits for its data (the fetch is debounced ~600 ms). */
async function openTab(page: Page, name: string) {
  await view(page, name).click();
  await expect(view(page, name)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await expect(page.getByText('Loading dashboard data...')).toBeHidden();
}

test.describe('Admin portal', () => {
  test('refuses a coach with the spec text and offers the way back to the main login', async ({ page, clientIp }) => {
    const coach = await verifiedCoach(clientIp);
    await portalSignIn(page, coach.email, coach.password);
    await expect(page.getByText('Access denied. Admin privileges required.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
    await shot(page, 'admin-portal-refused');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill('');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByRole('button', { name: 'Return to Main Login' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('a basic-level admin sees the analytics and billing tabs only; failures and empty ranges', async ({ page }) => {
    // Every portal call fails: the error state with Try Again; then the calls work again.
    const failAll = (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"INTERNAL_ERROR","message":"Boom"}' });
    await page.route('**/api/admin/{usage,platform}/**', failAll);
    await portalSignIn(page, dataset.basicAdmin, ADMIN_DEMO_PASSWORD);
    await expect(page).toHaveURL('/admin-dashboard');
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    await expect(page.getByText('Failed to fetch dashboard data. Please try again.')).toBeVisible({ timeout: 20_000 });
    await shot(page, 'admin-portal-error');
    await page.unroute('**/api/admin/{usage,platform}/**', failAll);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('Total users')).toBeVisible({ timeout: 20_000 });

    // One failed call leaves the rest of the tab working, with the spec's note.
    await page.route('**/api/admin/usage/trends*', failAll);
    await page.goto('/admin-dashboard');
    await expect(page.getByText('Some data could not be loaded, but the dashboard is still functional')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Total users')).toBeVisible();
    await shot(page, 'admin-dashboard-partial-failure');
    await page.unroute('**/api/admin/usage/trends*', failAll);

    // A range without activity shows the empty-state texts.
    await openTab(page, 'API Usage');
    await page.getByLabel('Start date').fill('2020-06-01');
    await page.getByLabel('End date').fill('2020-06-30');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('No API usage data available.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('The system may still be collecting usage metrics or there is no activity yet.').first()).toBeVisible();
    await shot(page, 'admin-dashboard-empty');
    await page.getByLabel('Start date').fill('');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Choose both a start and an end date')).toBeVisible();

    await expect(view(page, 'Overview')).toBeVisible();
    await expect(view(page, 'Admins')).toHaveCount(0);
    await expect(view(page, 'Admin Management')).toHaveCount(0);
    // A deep link to a view this level may not see falls back to the first allowed one.
    await page.goto('/admin-dashboard?tab=admin-management');
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect(view(page, 'Overview')).toHaveAttribute('aria-current', 'page');
    await openTab(page, 'Billing');
    await expect(page.getByRole('table', { name: 'Recent transactions' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Refund / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Update plan/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByText('Basic administrative access with limited permissions')).toBeVisible();
    await shot(page, 'admin-basic-profile');
  });

  test('signs in to the shell, walks every view, keeps views in the address and in memory, manages admins, plans and refunds', async ({ page }) => {
    test.setTimeout(300_000);
    await portalSignIn(page, TEST_ADMIN.email, TEST_ADMIN.password);

    // The sign-in lands in the admin shell; the portal's five views are its first five.
    await expect(page).toHaveURL('/admin-dashboard');
    await expect(page.getByText(/^Welcome, /)).toBeVisible();
    await expect(page.getByText('super_admin')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByText('Total users')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('table', { name: 'API usage per service' })).toContainText('OpenAI');
    for (const [name, check] of [
      ['API Usage', 'Usage trends'],
      ['Services', 'Share of calls'],
      ['Errors', 'Error rate by service'],
      ['Platform', 'Check-ins in the last 30 days'],
    ] as const) {
      await openTab(page, name);
      await expect(page.getByRole('heading', { name: check })).toBeVisible();
      await shot(page, `admin-shell-${name.toLowerCase().replace(/\s+/g, '-')}`);
    }
    await openTab(page, 'Errors');
    await expect(page).toHaveURL('/admin-dashboard?tab=errors');
    await expect(page.getByRole('heading', { name: 'Stripe errors' })).toBeVisible();
    await expect(page.getByText('…').first()).toBeVisible();

    // A view seen before shows its data at once and refreshes behind a hint, slow as the answer may be.
    await page.route('**/api/admin/usage/**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await view(page, 'API Usage').click();
    await expect(page.getByRole('heading', { name: 'Usage trends' })).toBeVisible();
    await expect(page.getByText('Refreshing…')).toBeVisible();
    await expect(page.getByText('Loading dashboard data...')).toHaveCount(0);
    await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
    await expect(page.getByText('Refreshing…')).toHaveCount(0);
    await page.unrouteAll({ behavior: 'wait' });

    // Deep links: a reload keeps the view; an unknown one falls back to the first.
    await page.goto('/admin-dashboard?tab=billing');
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    await expect(view(page, 'Billing')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Admin Billing Management' })).toBeVisible({ timeout: 20_000 });
    await page.goto('/admin-dashboard?tab=no-such-view');
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();

    // Coach pages are not an admin's: /settings opens the shell's Profile, /dashboard its home.
    await page.goto('/settings');
    await expect(page).toHaveURL('/admin-dashboard?tab=profile');
    await expect(page.getByRole('heading', { name: 'Admin Profile', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByText('Your Coaching Approach')).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/admin-dashboard');

    // An admin who is signed in goes from the portal to the dashboard.
    await page.goto('/admin-portal');
    await expect(page).toHaveURL('/admin-dashboard');
    await expect(page.getByText(/^Welcome, /)).toBeVisible();

    // Dashboard: every tab.
    await expect(page.getByText('Total users')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Last Year' })).toBeVisible();
    await shot(page, 'admin-dashboard-overview');
    await page.getByRole('button', { name: 'Last 7 Days' }).click();
    // Update and Refresh Data both read Waiting... (product §2.4.5).
    await expect(page.getByRole('button', { name: 'Waiting...' })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Update' })).toBeEnabled({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Start date').fill('2020-06-01');
    await expect(page.getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Last Month' }).click();
    await expect(page.getByRole('button', { name: 'Update' })).toBeEnabled({ timeout: 20_000 });

    // The views are links: Tab moves along them, Enter opens one.
    await view(page, 'Overview').focus();
    await page.keyboard.press('Tab');
    await expect(view(page, 'API Usage')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/admin-dashboard?tab=api-usage');
    await openTab(page, 'API Usage');
    await expect(page.getByRole('table', { name: /API usage per service/ })).toContainText('Twilio');
    await expect(page.getByRole('button', { name: 'Last Year' })).toHaveCount(0);
    await shot(page, 'admin-dashboard-api-usage');

    await openTab(page, 'Usage Trends');
    await expect(page.getByRole('heading', { name: 'Calls per service over time' })).toBeVisible();
    await shot(page, 'admin-dashboard-usage-trends');

    await openTab(page, 'Services');
    await expect(page.getByRole('article', { name: 'OpenAI service' })).toBeVisible();
    await shot(page, 'admin-dashboard-services');

    await openTab(page, 'Errors');
    await expect(page.getByRole('heading', { name: 'Twilio errors' })).toBeVisible();
    await shot(page, 'admin-dashboard-errors');

    await openTab(page, 'Platform');
    await expect(page.getByRole('heading', { name: 'Check-ins in the last 30 days' })).toBeVisible();
    await shot(page, 'admin-dashboard-platform');

    await openTab(page, 'Users');
    await expect(page.getByRole('table', { name: 'Users with the most outside-service calls' })).toContainText('Dana');
    await shot(page, 'admin-dashboard-users');

    await openTab(page, 'Admins');
    await expect(page.getByRole('table', { name: 'Administrator accounts' })).toContainText(TEST_ADMIN.email);
    await shot(page, 'admin-dashboard-admins');

    // Admin Management: create an admin, then delete it; one's own row cannot be deleted.
    await openTab(page, 'Admin Management');
    await expect(page.getByRole('button', { name: `Delete ${TEST_ADMIN.email}` })).toBeDisabled();
    await shot(page, 'admin-dashboard-admin-management');
    const form = page.getByRole('form', { name: 'Add New Admin' });
    await form.getByRole('button', { name: 'Add New Admin' }).click();
    await expect(form.getByText('Username is required')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();
    await form.getByLabel('Username').fill('nightops');
    await form.getByLabel('Email').fill('night.ops@cadence.local');
    await form.getByLabel('First name').fill('Nia');
    await form.getByLabel('Last name').fill('Night');
    await form.getByLabel('Password').fill('short');
    await form.getByRole('button', { name: 'Add New Admin' }).click();
    await expect(form.getByText('Password must be at least 8 characters long')).toBeVisible();
    await form.getByLabel('Password').fill('Night-Ops-2026!');
    await form.getByLabel('Role').selectOption('admin');
    await shot(page, 'admin-dashboard-add-admin-filled');
    await form.getByRole('button', { name: 'Add New Admin' }).click();
    await expect(page.getByText('Admin created successfully')).toBeVisible();
    const adminsTable = page.getByRole('table', { name: 'Administrator accounts with role, level and actions' });
    await expect(adminsTable.getByRole('row').filter({ hasText: 'night.ops@cadence.local' })).toContainText('Never');
    await expect(page.getByRole('table', { name: 'Administrator audit log' })).toContainText('Created admin account night.ops@cadence.local');
    await shot(page, 'admin-dashboard-admin-created');
    await page.getByRole('button', { name: 'Edit night.ops@cadence.local' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Nia Night' });
    await edit.getByLabel('Last name').fill('Nightingale');
    await edit.getByLabel('Admin level').selectOption('intermediate');
    await shot(page, 'admin-dashboard-edit-admin');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Admin updated successfully')).toBeVisible();
    await expect(adminsTable.getByRole('row').filter({ hasText: 'night.ops@cadence.local' })).toContainText('Intermediate', { timeout: 20_000 });
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to delete this admin?');
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete night.ops@cadence.local' }).click();
    await expect(page.getByText('Admin deleted successfully')).toBeVisible();
    await expect(adminsTable).not.toContainText('night.ops@cadence.local', { timeout: 20_000 });

    // Billing: stat cards, search, refund a paid transaction, change a plan.
    await openTab(page, 'Billing');
    await expect(page.getByRole('heading', { name: 'Admin Billing Management' })).toBeVisible();
    await expect(page.getByText('vs previous period').first()).toBeVisible();
    await shot(page, 'admin-dashboard-billing');
    const transactions = page.getByRole('table', { name: 'Recent transactions' });
    await page.getByLabel('Search transactions').fill('riley');
    await expect(transactions.getByRole('row')).not.toHaveCount(1);
    await expect(transactions).not.toContainText('Dana');
    const refundButton = transactions.getByRole('button', { name: /^Refund \$499\.99 to riley\.harper/ }).first();
    const refundLabel = await refundButton.getAttribute('aria-label');
    await refundButton.click();
    const dialog = page.getByRole('dialog', { name: 'Refund transaction' });
    await dialog.getByRole('button', { name: /^Refund \$499\.99/ }).click();
    await expect(dialog.getByText('Please give a reason for the refund')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Customer asked to cancel in the first week');
    await shot(page, 'admin-dashboard-refund-dialog');
    await dialog.getByRole('button', { name: /^Refund \$499\.99/ }).click();
    await expect(page.getByText('Transaction refunded successfully')).toBeVisible();
    await expect(transactions.getByRole('button', { name: refundLabel! })).toHaveCount(0, { timeout: 20_000 });
    await expect(transactions).toContainText('Customer asked to cancel in the first week');
    await page.getByLabel('Search transactions').fill('');

    // Found by the server-side search: the table holds only the newest users, and other tests add coaches.
    await page.getByLabel('Search users').fill('sam.patel@');
    const plans = page.getByRole('table', { name: 'Users and their plans' });
    const samRow = plans.getByRole('row').filter({ hasText: 'sam.patel@' });
    await expect(samRow).toContainText('Free');
    await expect(plans.getByRole('row')).toHaveCount(2);
    await samRow.getByRole('combobox').selectOption('professional');
    await samRow.getByRole('button', { name: /^Update plan/ }).click();
    await expect(page.getByText('User plan updated to Pro successfully')).toBeVisible();
    await expect(samRow.locator('span').filter({ hasText: /^Pro$/ })).toBeVisible({ timeout: 20_000 });
    await expect(samRow.getByRole('button', { name: /^Update plan/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Refresh Data' })).toBeEnabled();
    await shot(page, 'admin-dashboard-billing-after');

    await openTab(page, 'Revenue Analytics');
    await expect(page.getByRole('heading', { name: 'Revenue over time' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Users who paid the most in the period' })).toContainText('Morgan Lee');
    await shot(page, 'admin-dashboard-revenue-analytics');
    await page.getByLabel('Metric').selectOption('users');
    await expect(page.getByRole('heading', { name: 'New users over time' })).toBeVisible();
    await page.getByRole('button', { name: 'Last 6 Months' }).click();
    await expect(page.getByRole('button', { name: 'Update' })).toBeEnabled({ timeout: 20_000 });
    await expect(page.getByRole('table', { name: 'Signups, cancellations and churn per month' })).toContainText('1');
    await shot(page, 'admin-dashboard-revenue-analytics-6-months');

    // Profile: read-only data, update, password form, permissions.
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Profile' }).first()).toBeVisible();
    await expect(page.getByText('Not set').first()).toBeVisible();
    await expect(page.getByText('Complete administrative access with all system permissions and full control over the platform')).toBeVisible({ timeout: 20_000 });
    await shot(page, 'admin-dashboard-profile');
    const profileForm = page.getByRole('form', { name: 'Update profile' });
    await profileForm.getByLabel('First name').fill('Paula');
    await profileForm.getByLabel('Phone (optional)').fill('+1 555 010 9999');
    await profileForm.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page.getByText('Welcome, Paula')).toBeVisible();
    await page.getByRole('button', { name: 'Change Password' }).click();
    const passwordForm = page.getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel('Current password').fill(TEST_ADMIN.password);
    await passwordForm.getByLabel('New password', { exact: true }).fill('Another-Admin-77');
    await passwordForm.getByLabel('Confirm new password').fill('Another-Admin-78');
    await passwordForm.getByRole('button', { name: 'Change Password' }).click();
    await expect(passwordForm.getByText('New passwords do not match')).toBeVisible();
    await passwordForm.getByLabel('New password', { exact: true }).fill('short');
    await passwordForm.getByLabel('Confirm new password').fill('short');
    await passwordForm.getByRole('button', { name: 'Change Password' }).click();
    await expect(passwordForm.getByText('Password must be at least 8 characters long')).toBeVisible();
    await shot(page, 'admin-dashboard-password-form');

    // /admin shows the same dashboard; Logout goes to the portal.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/admin-portal');
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();

    // The refund and the plan change are in the database.
    const sql = db();
    try {
      const [refunded] = await sql<{ n: number }[]>`select count(*)::int as n from transactions where refund_reason = 'Customer asked to cancel in the first week'`;
      expect(refunded!.n).toBe(1);
      const [sam] = await sql<{ plan_id: string }[]>`select plan_id from users where email like 'sam.patel@%'`;
      expect(sam!.plan_id).toBe('professional');
    } finally {
      await sql.end();
    }
  });
});
