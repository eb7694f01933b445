import type { Page } from '@playwright/test';
import { api, newMember, pageFor, type Member } from '../support/members.js';
import { expect, test } from '../support/test.js';

interface Plan {
  id: number;
  name: string;
  type: string;
  workspace_type: string | null;
}

const BILLING = {
  billing_first_name: 'Bo',
  billing_last_name: 'Buyer',
  billing_email: 'billing@example.com',
  billing_address_one: 'Quay 1',
  billing_zipcode: '9000',
  billing_place: 'Gent',
  billing_country: 'BE',
};

const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });

/** Presses Pay in the modal; answers the payment window once it shows the built-in checkout. */
async function openCheckout(page: Page): Promise<Page> {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('billing-pay').click(),
  ]);
  await expect(popup.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  return popup;
}

/**
 * Issue 23 on the built-in payment provider: Ada meets the subscription prompt in the memo
 * editor, follows it to Silver, closes one payment window without paying, has one payment
 * fail, then pays; the editor offers scheduling and her orders list the plan with its
 * invoice. Bo buys a group plan, sees the new group under /workspaces and switches into it.
 */
test('buying Silver through the payment window, and a group one switches into', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const [ada, bo] = await Promise.all([
    newMember(request, 'Ada Buyer'),
    newMember(request, 'Bo Group'),
  ]);
  const plans = await api<Plan[]>(request, ada, 'GET', '/api/product');
  const silver = plans.find((plan) => plan.name === 'Silver')!;
  const group = plans.find((plan) => plan.workspace_type === 'group')!;

  // the editor locks scheduling and names the plan that unlocks it, with its yearly price
  const page = await pageFor(browser, ada);
  await page.goto('/');
  await page.getByTestId('memo-create').click();
  await page.getByTestId('memo-date-add').click();
  const prompt = page.getByTestId('subscription-required');
  await expect(prompt).toHaveAttribute('data-gate', 'scheduling');
  await expect(prompt.getByTestId('subscription-required-plan')).toHaveText('Silver: € 99 a year');
  await prompt.getByTestId('subscription-required-link').click();
  await expect(page).toHaveURL(new RegExp(`/account-settings/subscriptions/${silver.id}$`));

  // the billing form checks its fields before any window opens
  const modal = page.getByTestId('subscription-modal');
  await modal.getByTestId('billing-pay').click();
  await expect(modal.getByText('First name is required')).toBeVisible();
  await modal.getByTestId('billing-first_name').fill('Ada');
  await modal.getByTestId('billing-last_name').fill('Buyer');
  await modal.getByTestId('billing-email').fill('ada.billing@example.com');
  await modal.getByTestId('billing-address_one').fill('Main street 1');
  await modal.getByTestId('billing-zipcode').fill('1000');
  await modal.getByTestId('billing-place').fill('Brussels');
  await modal.getByTestId('billing-country').fill('Belgium');
  await page
    .getByRole('listbox', { name: 'Country' })
    .getByRole('option', { name: 'Belgium' })
    .click();

  // 1. the window is closed without paying: nothing changes
  const closed = await openCheckout(page);
  await closed.close();
  await expect(modal.getByTestId('payment-closed')).toBeVisible();

  // 2. the payment fails: the failed result
  const failing = await openCheckout(page);
  await failing.getByRole('button', { name: 'Make the payment fail' }).click();
  await expect(page).toHaveURL(/\/account-settings\/subscriptions\/fail$/);
  await expect(modal.getByTestId('payment-result')).toHaveAttribute('data-success', 'false');
  await expect(modal).toContainText(
    'There was an issue with the payment and the subscription was not successful.',
  );
  await expect(modal).toContainText('No payment has been done.');

  // 3. back to the plans (sorted by type, priced per year), Silver again, paid
  await modal.getByTestId('payment-retry').click();
  await expect(modal.getByTestId('plan').first()).toBeVisible();
  const types = await modal
    .getByTestId('plan')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-type') ?? ''));
  expect(types).toEqual([...types].sort());
  await modal.locator('[data-plan="Silver"]').getByTestId('plan-choose').click();
  await expect(modal.getByTestId('billing-first_name')).toHaveValue('Ada');
  const paying = await openCheckout(page);
  await paying.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/account-settings\/subscriptions\/success$/);
  await expect(modal).toContainText('Your Silver subscription is active.');
  expect(paying.isClosed()).toBe(true);

  // closing the result goes to the account settings: the order, active, with its invoice
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/account-settings$/);
  const order = page.getByTestId('orders-section').getByTestId('order').first();
  await expect(order).toContainText('Silver');
  await expect(order.getByTestId('order-status')).toHaveText('Active');
  await expect(order.getByTestId('order-invoice')).toBeVisible();

  // the editor now offers scheduling
  await page.goto('/');
  await page.getByTestId('memo-create').click();
  await page.getByTestId('memo-date-add').click();
  await expect(page.getByTestId('date-time-picker')).toBeVisible();
  await expect(page.getByTestId('subscription-required')).toHaveCount(0);
  await expect(
    page.getByTestId('date-kind').getByRole('radio', { name: 'Schedule' }),
  ).toBeEnabled();

  // Bo buys a group: its name is asked, the payment window pays, the group is his to run
  await buyGroup(browser, request, bo, group);
});

async function buyGroup(
  browser: Parameters<typeof pageFor>[0],
  request: Parameters<typeof newMember>[0],
  bo: Member,
  group: Plan,
) {
  const me = await api<{ profile_id: number }>(request, bo, 'GET', '/api/profile');
  await api(request, bo, 'PATCH', `/api/user/profile/${me.profile_id}`, BILLING);
  const page = await pageFor(browser, bo);
  await page.goto(`/account-settings/subscriptions/${group.id}`);
  const modal = page.getByTestId('subscription-modal');
  await modal.getByTestId('billing-workspace-name').fill('Bo');
  await modal.getByTestId('billing-pay').click();
  await expect(modal.getByText('The name needs at least 3 characters.')).toBeVisible();
  await modal.getByTestId('billing-workspace-name').fill('Bo Rowing Club');
  const popup = await openCheckout(page);
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(modal.getByTestId('payment-result')).toHaveAttribute('data-success', 'true');
  await expect(modal).toContainText('Bo Rowing Club is ready.');

  // the new group is under /workspaces (another tab of the same session)
  const other = await page.context().newPage();
  await other.goto('/workspaces');
  const card = other.getByTestId('workspace-card').filter({ hasText: 'Bo Rowing Club' });
  await expect(card).toContainText('Admin');
  await other.close();

  // "Manage your group" switches in: the page reloads as the group, Bo behind it
  await modal.getByTestId('payment-manage-workspace').click();
  await expect
    .poll(async () => {
      const token = await page.evaluate(() => localStorage.getItem('token')).catch(() => null);
      if (!token) return null;
      return (await request.get('/api/profile', { headers: bearerOf(token) })).json();
    })
    .toMatchObject({
      user_type: 'workspace',
      workspace_type: 'group',
      root_user: { id: bo.id },
      user_profile: { name: 'Bo Rowing Club' },
    });
}
