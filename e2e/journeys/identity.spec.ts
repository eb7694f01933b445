import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { connectMembers, newMember, pageFor } from '../support/members.js';
import { IDENTITY_SERVICE_NAME } from '../support/oidc-provider.js';

/**
 * Issue 20 in the browser: a person verifies their name through the identity service (the
 * local OpenID provider global-setup starts), their connection sees the official name with
 * the verified mark, and they sign in with that identity instead of a password.
 */

/** On the provider's own pages: any login, then its consent page when it asks. */
async function proveAtIdentityService(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  const consent = page.getByRole('button', { name: 'Continue' });
  const back = page.waitForURL((url) => !url.pathname.startsWith('/interaction/'), {
    timeout: 30_000,
  });
  await Promise.race([consent.waitFor({ timeout: 30_000 }).then(() => consent.click()), back]);
}

test('a person verifies their name, a connection sees it, and they sign in with the identity', async ({
  browser,
  request,
}) => {
  const official = `Grace Brewster Hopper ${Date.now().toString(36)}`;
  const grace = await newMember(request, 'Grace');
  const bob = await newMember(request, 'Bob Builder');
  await connectMembers(request, bob, grace);

  // Grace verifies her name: to the identity service and back, then the page waits
  const page = await pageFor(browser, grace);
  await page.goto('/account-settings/verify-name');
  const section = page.getByTestId('verify-name');
  await expect(section.getByText(`Prove your name with ${IDENTITY_SERVICE_NAME}.`)).toBeVisible({
    timeout: 45_000,
  });
  await section
    .getByRole('button', { name: `Verify my name with ${IDENTITY_SERVICE_NAME}` })
    .click();
  await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
  await proveAtIdentityService(page, official);
  await page.waitForURL(/\/account-settings\/verify-name\?result=done/);
  await expect(section.getByTestId('verify-done')).toHaveText(`Your name is verified: ${official}`);
  await page.context().close();

  // Bob sees the official name with the verified mark on his lists
  const bobPage = await pageFor(browser, bob);
  await bobPage.goto('/connections?status=verified');
  const officialLine = bobPage.getByTestId('official-name').filter({ hasText: official });
  await expect(officialLine).toBeVisible({ timeout: 30_000 });
  await expect(bobPage.getByRole('img', { name: 'Verified identity' }).first()).toBeVisible();
  // and the mark beside her name on his active connections
  await bobPage.goto('/connections');
  await expect(bobPage.getByTestId('card-name').filter({ hasText: 'Grace' })).toBeVisible();
  await expect(bobPage.getByRole('img', { name: 'Verified identity' }).first()).toBeVisible();
  await bobPage.context().close();

  // Signed out, Grace signs in with the identity: no password
  const visitor = await pageFor(browser);
  await visitor.goto('/auth');
  await visitor.getByRole('link', { name: `Log in with ${IDENTITY_SERVICE_NAME}` }).click();
  await expect(visitor).toHaveURL(/\/auth\/pim$/);
  await visitor.getByRole('button', { name: `Log in with ${IDENTITY_SERVICE_NAME}` }).click();
  await visitor.waitForURL((url) => url.pathname.startsWith('/interaction/'));
  await proveAtIdentityService(visitor, official);
  await visitor.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 30_000 });
  await visitor.goto('/account-settings');
  await expect(visitor.getByTestId('verify-name-link')).toHaveText(
    `Your name is verified: ${official}`,
    { timeout: 45_000 },
  );
  await visitor.context().close();
});

test('an identity no account verified does not sign in', async ({ browser }) => {
  const visitor = await pageFor(browser);
  await visitor.goto('/auth/pim');
  await visitor.getByRole('button', { name: `Log in with ${IDENTITY_SERVICE_NAME}` }).click();
  await visitor.waitForURL((url) => url.pathname.startsWith('/interaction/'));
  await proveAtIdentityService(visitor, `Nobody ${Date.now().toString(36)}`);
  await expect(visitor.getByTestId('pim-error')).toContainText(
    'No account is linked to this identity yet.',
  );
  await expect(visitor).toHaveURL(/\/auth\/pim\?result=failed/);
  await visitor.context().close();
});
