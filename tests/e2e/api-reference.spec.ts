import { API_TAGS } from '@/lib/contract/openapi';
import { TEST_ADMIN } from '../helpers/stack';
import { expect, shot, signIn, test, verifiedCoach } from './fixtures';

/**
 * The API reference for admins (issue 15): Scalar renders the OpenAPI document generated from
 * lib/contract, with its script served by us, and nothing on the page reaches another site.
 */
test.describe('API reference', () => {
  test('an admin reads every area of the API, and the page loads nothing from elsewhere', async ({ page, baseURL }) => {
    const elsewhere: string[] = [];
    const origin = new URL(baseURL!);
    page.on('request', (r) => {
      const url = new URL(r.url());
      // The Socket.IO server listens on the same host, another port.
      if (url.hostname !== origin.hostname && !url.protocol.startsWith('data') && !url.protocol.startsWith('blob')) elsewhere.push(r.url());
    });
    await page.goto('/admin-portal');
    await page.getByLabel('Email').fill(TEST_ADMIN.email);
    await page.getByLabel('Password').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The admin shell's navigation links to it.
    await expect(page).toHaveURL('/admin-dashboard');
    await page.getByRole('link', { name: 'API reference' }).click();
    await expect(page).toHaveURL('/admin/api-reference');
    await expect(page.getByRole('heading', { name: 'Cadence API reference' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cadence API', exact: true })).toBeVisible({ timeout: 20_000 });
    // Every area of the API is a section (collapsed but the first).
    for (const tag of API_TAGS) {
      await expect(page.getByRole('heading', { name: new RegExp(`^${tag.name}( \\(Collapsed\\))?$`) }).first()).toBeAttached();
    }
    await shot(page, 'api-reference');
    expect(elsewhere).toEqual([]);
  });

  test('is for admins only: a coach is sent away', async ({ page, clientIp }) => {
    const coach = await verifiedCoach(clientIp);
    await signIn(page, coach);
    await page.goto('/admin/api-reference');
    await expect(page).not.toHaveURL(/api-reference/);
  });
});
