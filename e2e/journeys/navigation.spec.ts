import { expect, test } from '../support/test.js';
import { seedUnactivatedUser } from '../support/accounts.js';
import { E2E_BASE_URL } from '../support/env.js';
import { waitForMail } from '../support/mailbox.js';
import {
  STRONG_PASSWORD,
  seedActivatedUser,
  submitLogin,
  uniqueEmail,
} from '../support/session.js';

test('a visitor is sent to log in and back to the protected route; signed-in routing rules hold', async ({
  page,
  request,
}) => {
  const usermail = uniqueEmail('katherine');
  await seedActivatedUser(request, 'Katherine Johnson', usermail);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });

  // A visitor on an unknown path still gets the 404 inside the layout (welcome panel)
  await page.goto('/no/such/place');
  await expect(page.getByTestId('error-page-404')).toContainText("That page doesn't exist");
  await expect(page.getByTestId('guest-welcome')).toBeVisible();

  // A protected route sends the visitor to /auth, remembering where they were going
  await page.goto('/collections');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fcollections$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByTestId('login-usermail').fill(usermail);
  await page.getByTestId('login-password').fill(STRONG_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/collections$/);
  await expect(page.getByTestId('collections-page')).toBeVisible();
  await expect(page.getByTestId('nav-collections')).toHaveAttribute('aria-current', 'page');

  // Signed in, the login screen is not shown: /auth goes to the start page
  await page.goto('/auth');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(page.getByTestId('home-page')).toBeVisible();

  // An unknown path shows the 404 page inside the layout (menus stay)
  await page.goto('/this-page-does-not-exist');
  const notFound = page.getByTestId('error-page-404');
  await expect(notFound.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(notFound).toContainText("That page doesn't exist");
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await notFound.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page.getByTestId('home-page')).toBeVisible();

  // The old transfer address moves to file transfer
  await page.goto('/transfer');
  await expect(page).toHaveURL(/\/file-transfer$/);
  await expect(page.getByTestId('transfer-page')).toBeVisible();

  // The subscriptions route opens the plans over the account settings, in the layout
  await page.goto('/account-settings/subscriptions');
  await expect(page.getByRole('dialog', { name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByTestId('side-menu')).toBeVisible();

  // The side menu marks the page it leads to
  await page.goto('/discover');
  await expect(page.getByTestId('discover-page')).toBeVisible();
  await expect(page.getByTestId('nav-discover')).toHaveAttribute('aria-current', 'page');

  // The page carries the boot script inline and its policy lets that script run: it started
  // the first reads for the app (src/api/early.ts), and nothing was refused on the way
  expect(await page.locator('script:not([src])').count()).toBe(1);
  expect(
    await page.evaluate(() =>
      Array.isArray((window as { __memoriaEarly?: unknown }).__memoriaEarly),
    ),
  ).toBe(true);
  expect(refused).toEqual([]);
});

test('an account that was never activated gets the activation step on login, then home', async ({
  page,
  request,
}) => {
  const usermail = uniqueEmail('barbara');
  await seedUnactivatedUser(request, 'Barbara Liskov', usermail);
  const { match } = await waitForMail(usermail, /\b(\d{6})\b/);

  await submitLogin(page, usermail, STRONG_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await expect(page.getByText(`Enter the 6-digit code we emailed to ${usermail}.`)).toBeVisible();
  await page.getByTestId('login-code').fill(match[1]!);
  await page.getByTestId('login-code-submit').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByText('Your account is activated. Welcome!')).toBeVisible();
});

test('the login form is filled and sent with the keyboard alone', async ({ page, request }) => {
  const usermail = uniqueEmail('alan');
  await seedActivatedUser(request, 'Alan Turing', usermail);

  await page.goto('/auth');
  await expect(page.getByTestId('login-submit')).toBeVisible();

  // The first Tab reaches the skip link, which leads straight into the form
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('login-usermail')).toBeFocused();
  await page.keyboard.type(usermail);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('login-password')).toBeFocused();
  await page.keyboard.type(STRONG_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('home-page')).toBeVisible();
});
