import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { codeFor } from '../../server/auth/totp';
import { client } from '../helpers/http';
import { expect, fillLogin, loginFromPhone, shot, signIn, stack, test, verifiedCoach } from './fixtures';

/**
 * Settings → Security end to end: password change, sessions, data export, two-factor sign-in and
 * account deletion, each on a fresh account. The stack runs with 6-second access tokens, so these
 * screens also cross token refreshes while they work.
 */

async function openSecurityTab(page: Page): Promise<void> {
  await page.goto('/settings?tab=security');
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
}

async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, password);
}

/** GET /api/users/profile with a bearer token: 200 while its session lives, 401 once it is signed out. */
async function profileStatus(accessToken: string): Promise<number> {
  return (await client(stack().baseUrl)('GET', '/users/profile', { token: accessToken })).status;
}

/** Logout reloads /login after ~100 ms: wait for that full load, not only for the URL. */
async function signOut(page: Page): Promise<void> {
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Logout' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
}

test('changes the password: the new one signs in, the old one no longer does', async ({ page, clientIp }) => {
  const account = await verifiedCoach(clientIp);
  // A second device, so the "sign out other sessions" offer appears after the change.
  expect((await loginFromPhone(account.email, account.password)).status).toBe(200);
  await signIn(page, account);
  await openSecurityTab(page);
  const newPassword = 'Fresh!Pass2025';

  // Client-side rules first.
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('New password is required')).toBeVisible();
  await expect(page.getByText('Please confirm your new password')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('different');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password must be at least 8 characters with uppercase, lowercase, number, and special character')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  // A wrong current password comes back from the server onto its field.
  await page.getByLabel('Current password').fill('Not!MyPass1');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '4');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();

  await page.getByLabel('Current password').fill(account.password);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  const offer = page.getByRole('dialog', { name: 'Sign out other sessions?' });
  await expect(offer).toBeVisible();
  await shot(page, 'security-password-changed');
  await offer.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(page.getByText('All other sessions terminated successfully')).toBeVisible();
  await expect(offer).toBeHidden();

  await signOut(page);
  await submitLogin(page, account.email, account.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, { email: account.email, password: newPassword });
});

test('signs out another session, whose access token is then rejected', async ({ page, clientIp }) => {
  const account = await verifiedCoach(clientIp);
  const other = await loginFromPhone(account.email, account.password);
  expect(other.status).toBe(200);
  await signIn(page, account);
  await openSecurityTab(page);

  const list = page.getByRole('list', { name: 'Active sessions' });
  await expect(list.getByText('Chrome Headless', { exact: false }).first()).toBeVisible();
  await expect(list.getByText('Current')).toBeVisible();
  const row = list.getByRole('listitem').filter({ hasText: 'Apple iPhone on iOS' });
  await expect(row).toBeVisible();
  await expect(row.getByText(/Last active/)).toBeVisible();
  await shot(page, 'security-sessions');

  // Tokens live 6 s here: take a fresh one for the other device just before signing it out.
  const refreshed = await fetch(`${stack().baseUrl}/api/users/refresh-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refreshToken: other.body.refreshToken }),
  });
  const { accessToken, newRefreshToken } = (await refreshed.json()) as { accessToken: string; newRefreshToken: string };
  expect(await profileStatus(accessToken)).toBe(200);

  await row.getByRole('button', { name: /Sign out Apple iPhone/ }).click();
  await expect(page.getByText('Session terminated successfully')).toBeVisible();
  await expect(row).toBeHidden();

  const res = await fetch(`${stack().baseUrl}/api/users/profile`, { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(res.status).toBe(401);
  expect(((await res.json()) as { error: string }).error).toBe('SESSION_REVOKED');
  const refreshAgain = await fetch(`${stack().baseUrl}/api/users/refresh-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refreshToken: newRefreshToken }),
  });
  expect(refreshAgain.status).toBe(401);

  // The security log records it, in plain words.
  await page.getByRole('button', { name: 'View Security Log' }).click();
  const log = page.getByRole('table');
  await expect(log.getByRole('cell', { name: 'Session signed out' })).toBeVisible();
  await expect(log.getByRole('cell', { name: 'Signed in', exact: true }).first()).toBeVisible();
  await shot(page, 'security-log');
});

test('requests a data export and downloads it when it is ready', async ({ page, clientIp }) => {
  const account = await verifiedCoach(clientIp);
  await signIn(page, account);
  await openSecurityTab(page);

  await page.getByRole('button', { name: 'Request Data Export' }).click();
  await expect(page.getByText('Your data export is being prepared', { exact: false })).toBeVisible();
  const exports = page.getByRole('list', { name: 'Recent data exports' });
  const link = exports.getByRole('link', { name: 'Download' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(exports.getByText('Ready')).toBeVisible();
  await shot(page, 'security-export-ready');

  // Wait past the 6-second access token so the download itself needs the refreshed cookie.
  await page.waitForTimeout(7_000);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^cadence-export-.*\.json$/);
  const file = await download.path();
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { account: { email: string }; securityLog: unknown[] };
  expect(data.account.email).toBe(account.email);
  expect(Array.isArray(data.securityLog)).toBe(true);
});

test('two-factor: enrol, then sign in with an app code and with a recovery code', async ({ page, clientIp }) => {
  test.setTimeout(120_000);
  const account = await verifiedCoach(clientIp);
  await signIn(page, account);
  await openSecurityTab(page);

  const card = page.getByRole('region', { name: 'Two-Factor Authentication' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set up' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // What the screen shows is the same key, grouped for reading.
  expect((await page.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '')).toBe(secret);
  await shot(page, 'security-2fa-setup');

  await page.getByLabel('Verification code').fill('12345');
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await page.getByLabel('Verification code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();

  const codesList = page.getByTestId('recovery-codes');
  await expect(codesList).toBeVisible();
  const codes = (await codesList.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await expect(page.getByText('Save your recovery codes now')).toBeVisible();
  await shot(page, 'security-2fa-recovery-codes');
  const [codesFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download (.txt)' }).click()]);
  expect(codesFile.suggestedFilename()).toBe('cadence-recovery-codes.txt');
  const text = fs.readFileSync(await codesFile.path(), 'utf8');
  for (const code of codes) expect(text).toContain(code);
  await page.getByRole('button', { name: "I've saved my codes" }).click();
  await expect(codesList).toBeHidden();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  // Sign in again: the password alone is not enough any more.
  await signOut(page);
  await submitLogin(page, account.email, account.password);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app, or a recovery code')).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('That code is not valid', { exact: false })).toBeVisible();
  await shot(page, 'login-2fa-step');
  // Each code is accepted once; the next 30-second step's code is valid (one step of drift allowed).
  await page.getByLabel('Authentication code').fill(codeFor(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText('Login Successful')).toBeVisible();

  // A recovery code works once.
  await signOut(page);
  await submitLogin(page, account.email, account.password);
  await page.getByLabel('Authentication code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await signOut(page);
  await submitLogin(page, account.email, account.password);
  await page.getByLabel('Authentication code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('That code is not valid', { exact: false })).toBeVisible();
  await page.getByLabel('Authentication code').fill(codes[1]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // Turning it off asks for the password.
  await openSecurityTab(page);
  await card.getByRole('button', { name: 'Turn off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-factor authentication?' });
  await dialog.getByLabel('Password').fill('Wrong!Pass99');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  expect((await loginFromPhone(account.email, account.password)).status).toBe(200);
});

test('deletes the account after DELETE and the password; it cannot sign in afterwards', async ({ page, clientIp }) => {
  const account = await verifiedCoach(clientIp);
  await signIn(page, account);
  await openSecurityTab(page);

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  const word = dialog.getByLabel('Type DELETE to confirm');
  const password = dialog.getByLabel('Password');
  await expect(confirm).toBeDisabled();
  await word.fill('delete');
  await password.fill(account.password);
  await expect(dialog.getByText('Please type DELETE to confirm account deletion')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await word.fill('DELETE');
  await password.fill('');
  await password.blur();
  await expect(dialog.getByText('Please enter your password to confirm account deletion')).toBeVisible();
  await expect(confirm).toBeDisabled();

  await password.fill('Wrong!Pass99');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await shot(page, 'security-delete-modal');

  await password.fill(account.password);
  await confirm.click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your account and all its data have been deleted.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  await submitLogin(page, account.email, account.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  expect((await loginFromPhone(account.email, account.password)).status).toBe(401);
});
