import { expect, test } from '../support/test.js';
import { escapeRegExp } from '../support/accounts.js';
import { E2E_BASE_URL } from '../support/env.js';
import { mailCount, waitForMail } from '../support/mailbox.js';
import {
  STRONG_PASSWORD,
  logout,
  seedActivatedUser,
  submitLogin,
  uniqueEmail,
} from '../support/session.js';

const RESET_LINK = new RegExp(`(${escapeRegExp(E2E_BASE_URL)}/auth/reset\\?token=[^\\s"'<>]+)`);
const RESET_PASSWORD = 'Marigold!2027';
const CHANGED_PASSWORD = 'Hollyhock$2028';

test('a forgotten password is reset from the emailed link, then changed in account settings', async ({
  page,
  request,
}) => {
  const usermail = uniqueEmail('rosalind');
  await seedActivatedUser(request, 'Rosalind Franklin', usermail);

  // Ask for a reset link from the login screen
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  const before = await mailCount(usermail);
  await page.getByTestId('forgot-usermail').fill(usermail);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-sent')).toHaveText(
    'If an account exists for this address, we sent a link to reset the password.',
  );

  // The link in the mail text opens the reset screen
  const { match } = await waitForMail(usermail, RESET_LINK, { after: before });
  const link = match[1]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByTestId('reset-password').fill(RESET_PASSWORD);
  await page.getByTestId('reset-repeat').fill(RESET_PASSWORD);
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Your password has been changed. You can log in now.')).toBeVisible();

  // The old password is refused with the visible error
  await submitLogin(page, usermail, STRONG_PASSWORD);
  await expect(page.getByTestId('login-error')).toHaveText('Wrong email or password.');

  // The same link does not work twice
  await page.goto(link);
  await page.getByTestId('reset-password').fill('Snapdragon%2029');
  await page.getByTestId('reset-repeat').fill('Snapdragon%2029');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-error')).toContainText(
    'This reset link is invalid or has expired.',
  );
  await expect(page.getByTestId('reset-error').getByRole('link')).toHaveText('Request a new link');

  // The new password signs in
  await submitLogin(page, usermail, RESET_PASSWORD);
  await expect(page.getByTestId('home-page')).toBeVisible();

  // Change it in account settings with the current one
  await page.goto('/account-settings');
  const section = page.getByTestId('password-section');
  await section.getByTestId('password-current').fill(RESET_PASSWORD);
  await section.getByTestId('password-new').fill(CHANGED_PASSWORD);
  await section.getByTestId('password-repeat').fill(CHANGED_PASSWORD);
  await section.getByTestId('password-submit').click();
  await expect(page.getByText('Your password has been changed.', { exact: true })).toBeVisible();
  await expect(section.getByTestId('password-current')).toHaveValue('');

  await logout(page);
  await submitLogin(page, usermail, CHANGED_PASSWORD);
  // Sign-in returns to the last route before logout
  await expect(page).toHaveURL(/\/account-settings$/);
  await expect(page.getByTestId('account-settings')).toBeVisible();
});
