import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { signInContext } from '../support/accounts.js';
import {
  STRONG_PASSWORD,
  openAccountMenuIfNeeded,
  seedActivatedUser,
  uniqueEmail,
} from '../support/session.js';

const PIN = '482916';

async function lockFromAccountMenu(page: Page): Promise<void> {
  await openAccountMenuIfNeeded(page);
  await page.getByTestId('lock-app').click();
  await expect(page.getByTestId('pin-lock-screen')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Memoria is locked' })).toBeVisible();
}

test('a PIN locks the app across a reload, unlocks with the right PIN and is removed with the password', async ({
  page,
  request,
}) => {
  const usermail = uniqueEmail('hedy');
  await signInContext(page, await seedActivatedUser(request, 'Hedy Lamarr', usermail));
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();

  // Set a PIN in account settings
  await page.goto('/account-settings');
  const section = page.getByTestId('pin-section');
  await expect(section.getByTestId('pin-status')).toHaveText(
    'Set a PIN to lock the app when you step away.',
  );
  await section.getByTestId('pin-new').fill(PIN);
  await section.getByTestId('pin-repeat').fill(PIN);
  await section.getByTestId('pin-save').click();
  await expect(page.getByText('Your PIN has been saved.')).toBeVisible();
  await expect(section.getByTestId('pin-status')).toHaveText(
    'You have a PIN. Use "Lock with PIN" in the menu to lock the app.',
  );

  // Lock from the account menu; a reload stays locked
  await lockFromAccountMenu(page);
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('pin-lock-screen')).toBeVisible();
  await expect(page.getByTestId('account-settings')).toBeHidden();

  // A wrong PIN shows the error, the right one unlocks where the user was
  await page.getByTestId('pin-input').fill('000000');
  await page.getByTestId('pin-unlock').click();
  await expect(page.getByText('Wrong PIN')).toBeVisible();
  await expect(page.getByTestId('pin-input')).toHaveValue('');
  await page.getByTestId('pin-input').fill(PIN);
  await page.getByTestId('pin-unlock').click();
  await expect(page.getByTestId('pin-lock-screen')).toBeHidden();
  await expect(page.getByTestId('account-settings')).toBeVisible();

  // Lock again and use "forgot PIN": the password removes the PIN and unlocks
  await lockFromAccountMenu(page);
  await page.getByTestId('pin-forgot').click();
  const dialog = page.getByRole('dialog', { name: 'Forgot your PIN?' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('pin-forgot-password').fill(STRONG_PASSWORD);
  await dialog.getByTestId('pin-forgot-confirm').click();
  await expect(page.getByText('Your PIN has been removed.')).toBeVisible();
  await expect(page.getByTestId('pin-lock-screen')).toBeHidden();
  await expect(page.getByTestId('pin-section').getByTestId('pin-status')).toHaveText(
    'Set a PIN to lock the app when you step away.',
  );

  // Without a PIN the account menu offers no lock, and a reload stays unlocked
  await page.reload();
  await expect(page.getByTestId('account-settings')).toBeVisible();
  await openAccountMenuIfNeeded(page);
  await expect(page.getByTestId('logout')).toBeVisible();
  await expect(page.getByTestId('lock-app')).toHaveCount(0);
});
