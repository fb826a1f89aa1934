import type { Locator, Page } from '@playwright/test';
import { latestPhoneCode, uniqueIp, uniquePhone } from '../helpers/http';
import { expect, linkIn, reviewShot, shot, signIn, stack, test, type TestUser, toast, verifiedCoach, waitForEmail } from './fixtures';

// One account for the file: later tests build on what earlier ones saved.
test.describe.configure({ mode: 'serial' });

let account: TestUser;

test.beforeAll(async () => {
  account = await verifiedCoach(uniqueIp());
});


test('edits the coach profile, validates it and keeps it after a reload', async ({ page }) => {
  await signIn(page, account);
  await page.goto('/settings?tab=profile');

  const section = page.getByRole('button', { name: 'Coach Profile Information' });
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('First name')).toHaveValue(account.firstName);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);

  // The disclosure hides and shows the form.
  await section.click();
  await expect(section).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('First name')).toBeHidden();
  await section.click();
  await expect(page.getByLabel('First name')).toBeVisible();

  // Client-side validation with the spec's messages.
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Phone').fill('012-abc');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
  await expect(page.getByText('Please enter a valid phone number', { exact: true })).toBeVisible();
  await expect(toast(page, 'Please correct the errors in the form')).toBeVisible();

  // The timezone select offers the eight settings zones.
  const timezone = page.getByLabel('Timezone', { exact: true });
  await expect(timezone.locator('option')).toHaveCount(8);
  await expect(timezone).toHaveValue('America/New_York');

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('First name').fill('Joanna');
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('Phone').fill('+44 20 7946 0958');
  await page.getByLabel('Professional title').fill('Executive Coach');
  await page.getByLabel('Organization').fill('Rivera Coaching Ltd');
  await page.getByLabel('Location').fill('London, UK');
  await timezone.selectOption('Europe/London');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Joanna');
  await expect(page.getByLabel('Last name')).toHaveValue('Rivera');
  await expect(page.getByLabel('Phone')).toHaveValue('+442079460958');
  await expect(page.getByLabel('Professional title')).toHaveValue('Executive Coach');
  await expect(page.getByLabel('Organization')).toHaveValue('Rivera Coaching Ltd');
  await expect(page.getByLabel('Location')).toHaveValue('London, UK');
  await expect(page.getByLabel('Timezone', { exact: true })).toHaveValue('Europe/London');
  await shot(page, 'settings-profile');
});

test('walks the coaching survey and shows the answers after a reload', async ({ page }) => {
  await signIn(page, account);
  await page.goto('/settings?tab=profile');
  const survey = page.getByRole('region', { name: 'Your Coaching Approach' });
  await expect(survey.getByText('Not answered yet')).toHaveCount(5);
  await expect(survey.getByText(/AI uses these answers/)).toBeVisible();

  await survey.getByRole('button', { name: 'Complete' }).click();
  await expect(survey.getByText('Question 1 of 5')).toBeVisible();
  await expect(survey.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await survey.getByLabel('How would you describe your coaching style?').fill('Direct and structured, with warmth.');
  await survey.getByRole('button', { name: 'Next' }).click();

  await expect(survey.getByText('Question 2 of 5')).toBeVisible();
  await survey.getByLabel('What do you expect from your clients between sessions?').fill('A short reply to every check-in within a day.');
  await survey.getByRole('button', { name: 'Previous' }).click();
  await expect(survey.getByLabel('How would you describe your coaching style?')).toHaveValue('Direct and structured, with warmth.');

  // The progress dots jump straight to a question.
  await survey.getByRole('button', { name: 'Question 4' }).click();
  await expect(survey.getByRole('button', { name: 'Question 4' })).toHaveAttribute('aria-current', 'step');
  await survey.getByLabel('How do you like to give feedback?').fill('Specific and kind, praise first.');
  await survey.getByRole('button', { name: 'Next' }).click();
  await expect(survey.getByText('Question 5 of 5')).toBeVisible();
  await expect(survey.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await survey.getByLabel('How do you respond when a client misses a goal or a check-in?').fill('I ask what got in the way, then we reset the next step.');
  await shot(page, 'settings-survey-open');
  await survey.getByRole('button', { name: 'Finish' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();

  // Closed: the overview lists every answer, the unanswered one as such.
  await expect(survey.getByRole('button', { name: 'Finish' })).toHaveCount(0);
  await expect(survey.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(survey.getByRole('textbox')).toHaveCount(0);
  await expect(survey.getByText('Not answered yet')).toHaveCount(1);

  await page.reload();
  const overview = page.getByRole('region', { name: 'Your Coaching Approach' });
  await expect(overview.getByText('Direct and structured, with warmth.')).toBeVisible();
  await expect(overview.getByText('A short reply to every check-in within a day.')).toBeVisible();
  await expect(overview.getByText('Specific and kind, praise first.')).toBeVisible();
  await expect(overview.getByText('I ask what got in the way, then we reset the next step.')).toBeVisible();
  await expect(overview.getByText('Not answered yet')).toHaveCount(1);
  await expect(overview.getByText('4 of 5 answered')).toBeVisible();
  // Saving the survey keeps the rest of the profile.
  await expect(page.getByLabel('Phone')).not.toHaveValue('');

  // Edit → answer the missing question → Save & Close.
  await overview.getByRole('button', { name: 'Edit' }).click();
  await overview.getByRole('button', { name: 'Question 3' }).click();
  await overview.getByLabel('How do you keep clients motivated when progress slows down?').fill('We look back at how far they came.');
  await overview.getByRole('button', { name: 'Save & Close' }).click();
  await expect(overview.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(overview.getByRole('textbox')).toHaveCount(0);
  await expect(overview.getByText('We look back at how far they came.')).toBeVisible();
  await expect(overview.getByText('5 of 5 answered')).toBeVisible();
  await expect(overview.getByText('Not answered yet')).toHaveCount(0);
  await shot(page, 'settings-survey-overview');
});

test('changing the e-mail asks for the current password and waits for the confirmation link', async ({ page }) => {
  await signIn(page, account);
  await page.goto('/settings?tab=profile');
  const email = page.getByLabel('Email');
  await expect(email).toHaveValue(account.email);
  await expect(page.getByLabel('Current password')).toHaveCount(0);

  const newEmail = `new-${account.email}`;
  await email.fill(newEmail);
  const password = page.getByLabel('Current password');
  await expect(password).toBeVisible();

  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Enter your current password to change your email address')).toBeVisible();

  await password.fill('wrong-password');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.locator('#profile-currentPassword-error')).toHaveText('Current password is incorrect');

  await password.fill(account.password);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  const pending = page.getByRole('status').filter({ hasText: `We sent a link to ${newEmail}` });
  await expect(pending).toBeVisible();
  // The address changes only when the link is opened.
  await expect(email).toHaveValue(account.email);
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await shot(page, 'settings-profile-email-pending');

  const mail = await waitForEmail(newEmail);
  await page.goto(new URL(linkIn(mail.text, 'verify-email')).pathname);
  await page.waitForURL('**/login**');
  account.email = newEmail;
  await signIn(page, account);
  await page.goto('/settings?tab=profile');
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);
});

test('the /profile page updates username, e-mail and phone', async ({ page }) => {
  await signIn(page, account);
  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'User Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Email')).toHaveValue(account.email);

  await page.getByLabel('Phone').fill('abc');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Please enter a valid phone number', { exact: true })).toBeVisible();
  await expect(toast(page, 'Please correct the errors in the form')).toBeVisible();

  await page.getByLabel('Username').fill('joanna.rivera');
  await page.getByLabel('Phone').fill('+1 (555) 987-6543');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Username')).toHaveValue('joanna.rivera');
  await expect(page.getByLabel('Phone')).toHaveValue('+15559876543');
  await shot(page, 'profile-page');

  // The profile fields edited in Settings are untouched by this page.
  await page.goto('/settings?tab=profile');
  await expect(page.getByLabel('Professional title')).toHaveValue('Executive Coach');
});

/** The screen around `target` on a desktop and a 390 px wide phone, light and dark, for a human to look at. */
async function fourShots(page: Page, name: string, target: Locator): Promise<void> {
  const size = page.viewportSize();
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await target.scrollIntoViewIfNeeded();
      await reviewShot(page, `${name}-${width}-${theme}.png`);
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  if (size) await page.setViewportSize(size);
}

test('verifies the phone by a texted code, by keyboard, before any notification text goes to it', async ({ page }) => {
  test.setTimeout(90_000);
  const phone = uniquePhone();
  await signIn(page, account);
  await page.goto('/settings?tab=profile');
  await page.getByLabel('Phone').fill(phone);
  const verification = page.getByTestId('phone-verification');
  // A number typed but not saved cannot be verified yet.
  await expect(page.getByText('Save the new number first, then verify it.')).toBeVisible();
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(verification).toContainText('Not verified');
  await shot(page, 'settings-phone-unverified');

  // Keyboard only: focus Verify, Enter sends the code and moves focus to the code input.
  await verification.getByRole('button', { name: 'Verify' }).focus();
  await page.keyboard.press('Enter');
  const codeInput = verification.getByLabel('Verification code');
  await expect(codeInput).toBeFocused();
  await expect(verification).toContainText(`Enter the 6-digit code we texted to ${phone}.`);
  let code: string | null = null;
  await expect.poll(() => (code = latestPhoneCode(stack().outboxDir, phone)), { timeout: 15_000 }).not.toBeNull();

  // A wrong code: the error is announced and the input keeps the focus for another try.
  await page.keyboard.type(code === '000000' ? '111111' : '000000');
  await page.keyboard.press('Enter');
  await expect(verification.getByRole('alert')).toHaveText('That code is not right. Check the text message and try again.');
  await expect(codeInput).toHaveAttribute('aria-invalid', 'true');
  await expect(codeInput).toBeFocused();
  await fourShots(page, 'settings-phone-code-error', verification);
  await codeInput.focus();

  await codeInput.fill(code!);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Phone number verified')).toBeVisible();
  const verified = page.getByTestId('phone-verified');
  await expect(verified).toContainText('Verified');

  // The badge survives a reload; the profile form itself was not submitted by the Enter key.
  await page.reload();
  await expect(page.getByTestId('phone-verified')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue(phone);

  await fourShots(page, 'settings-phone-verified', page.getByTestId('phone-verified'));

  // Changing the number clears the verification.
  await page.getByLabel('Phone').fill(phone.replace(/\d$/, (d) => String((Number(d) + 1) % 10)));
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(page.getByTestId('phone-verification')).toContainText('Not verified');
});
