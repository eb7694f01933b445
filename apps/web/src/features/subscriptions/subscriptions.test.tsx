import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, Product } from '@memoria/domain';
import { json, mockApi, renderApp, renderWidget, signIn, testUser } from '../../test/render';
import { hydra } from '../connections/test-support';
import { OrdersSection } from './orders-section';
import { PAYMENT_RESULT_PATH, type PaymentWindow } from './payment';
import { SubscriptionModal } from './subscription-modal';
import { SubscriptionRequired } from './subscription-required';
import { Route, Routes } from 'react-router';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 45_000 });
const slow = { timeout: 20_000 };

const product = (
  id: number,
  name: string,
  type: Product['type'],
  price: number,
  extra: Partial<Product> = {},
): Product => ({
  id,
  name,
  type,
  price_net: price,
  storage: 10,
  features: [],
  workspace_type: null,
  maximum_users: null,
  is_disabled_for_user: false,
  ...extra,
});
// on purpose out of order: the list sorts by type
const PRODUCTS = [
  product(5, 'Group', 'workspace', 149, { workspace_type: 'group', maximum_users: 25 }),
  product(3, 'Silver', 'professional', 99, { features: ['scheduling'] }),
  product(4, 'Extra storage', 'storage', 25),
  product(2, 'Bronze', 'personal', 49),
  product(1, 'Free', 'personal', 0, { is_disabled_for_user: true }),
];
const BILLING = {
  billing_first_name: 'Ada',
  billing_last_name: 'Lovelace',
  billing_email: 'ada@example.com',
  billing_address_one: 'Main street 1',
  billing_zipcode: '1000',
  billing_place: 'Brussels',
  billing_country: 'BE',
};
const billedUser = () => {
  const user = testUser();
  return { ...user, user_profile: { ...user.user_profile, ...BILLING } };
};

function order(id: number, status: Order['status'], extra: Partial<Order> = {}): Order {
  return {
    id,
    status,
    payment_status: 'paid',
    created_at: '2026-01-01T10:00:00Z',
    modified_at: '2026-01-01T10:00:00Z',
    starts_at: '2026-01-01T10:00:00Z',
    ends_at: '2027-01-01T10:00:00Z',
    price_net: 99,
    credit: 0,
    product: { ...PRODUCTS[1]!, features: undefined } as unknown as Order['product'],
    invoice_url: `/api/order/${id}/invoice`,
    ...extra,
  };
}

function api(
  extra: (url: string, init: RequestInit) => Response | undefined = () => undefined,
  user: object = testUser(),
) {
  signIn();
  const times: Record<string, number> = {};
  const calls = mockApi((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === '/api/profile') return json(200, user);
    if (url === '/api/product') {
      times.products = Date.now();
      return json(200, PRODUCTS);
    }
    if (url.startsWith('/api/order?')) return json(200, hydra([]));
    return undefined;
  });
  return { calls, times };
}

describe('the subscription modal', () => {
  it('lists the plans sorted by type with yearly euro prices, asked for after 1 s', async () => {
    const { times } = api();
    const started = Date.now();
    await renderApp('/account-settings/subscriptions');
    const modal = await screen.findByTestId('subscription-modal', {}, slow);
    expect(within(modal).getAllByTestId('plan-skeleton').length).toBeGreaterThan(0);
    const cards = await within(modal).findAllByTestId('plan', {}, slow);
    expect(times.products! - started).toBeGreaterThanOrEqual(950);
    expect(cards.map((card) => card.dataset.type)).toEqual([
      'personal',
      'personal',
      'professional',
      'storage',
      'workspace',
    ]);
    expect(cards.map((card) => card.dataset.plan)).toEqual([
      'Free',
      'Bronze',
      'Silver',
      'Extra storage',
      'Group',
    ]);
    expect(within(cards[2]!).getByTestId('plan-price')).toHaveTextContent('€ 99 / year');
    // the free plan is never bought
    expect(within(cards[0]!).queryByTestId('plan-choose')).toBeNull();
  });

  it('shows only the group plans when asked for them (the side menu entry)', async () => {
    api();
    await renderApp('/account-settings/subscriptions?workspace_type=group');
    const modal = await screen.findByTestId('subscription-modal', {}, slow);
    const cards = await within(modal).findAllByTestId('plan', {}, slow);
    expect(cards.map((card) => card.dataset.plan)).toEqual(['Group']);
  });

  it('closes to the account settings from the list, to the plans from a plan', async () => {
    api();
    const { router } = await renderApp(`/account-settings/subscriptions/3`);
    await screen.findByTestId('billing-form', {}, slow);
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/account-settings/subscriptions'),
    );
    await screen.findAllByTestId('plan', {}, slow);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-settings'));
  });

  it('sends an unknown or disabled plan back to the subscriptions', async () => {
    api();
    const { router } = await renderApp('/account-settings/subscriptions/999');
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/account-settings/subscriptions'),
      slow,
    );
    await router.navigate('/account-settings/subscriptions/1');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/account-settings/subscriptions'),
    );
  });

  it('checks the billing fields before any window opens; a new group needs a name of 3', async () => {
    api();
    await renderApp('/account-settings/subscriptions/5');
    const form = await screen.findByTestId('billing-form', {}, slow);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await userEvent.type(within(form).getByTestId('billing-workspace-name'), 'Ab');
    await userEvent.type(within(form).getByTestId('billing-email'), 'x@');
    await userEvent.click(within(form).getByTestId('billing-pay'));
    expect(await within(form).findByText('First name is required')).toBeInTheDocument();
    expect(within(form).getByText('You must input a valid email address')).toBeInTheDocument();
    expect(within(form).getByText('The name needs at least 3 characters.')).toBeInTheDocument();
    expect(within(form).getByText('Country is required')).toBeInTheDocument();
    // company and VAT number are optional
    expect(within(form).queryByText('Company name is required')).toBeNull();
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });
});

/** The modal on its routes with a fake payment window the test moves. */
async function renderPayment(
  fake: ReturnType<typeof fakeWindow>,
  extra: (url: string, init: RequestInit) => Response | undefined,
) {
  const { calls } = api(extra, billedUser());
  const utils = await renderWidget(
    <Routes>
      <Route path="/account-settings/subscriptions">
        <Route
          path=":id"
          element={<SubscriptionModal openWindow={() => fake as PaymentWindow} pollMs={5} />}
        />
        <Route path="success" element={<SubscriptionModal />} />
        <Route path="fail" element={<SubscriptionModal />} />
      </Route>
    </Routes>,
    { path: '/account-settings/subscriptions/3' },
  );
  return { ...utils, calls };
}

function fakeWindow() {
  const win = {
    closed: false,
    location: { href: '', pathname: '/subscription-process' },
    close() {
      win.closed = true;
    },
  };
  return win;
}

const created = {
  id: 9,
  name: 'Silver',
  payment_checkout_url: 'http://localhost/api/payment/local/lp_1',
  order: '/api/order/9',
};

describe('paying in the window', () => {
  it('closed without paying: a note, nothing else', async () => {
    const win = fakeWindow();
    const { calls } = await renderPayment(win, (url) =>
      url === '/api/order/mollie' ? json(201, created) : undefined,
    );
    await userEvent.click(await screen.findByTestId('billing-pay', {}, slow));
    await waitFor(() => expect(win.location.href).toBe(created.payment_checkout_url));
    win.closed = true;
    expect(await screen.findByTestId('payment-closed')).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/order/success'))).toBe(false);
    const sent = calls.find((call) => call.url === '/api/order/mollie');
    expect(sent?.body).toMatchObject({ product: '/api/product/3' });
    expect(
      (sent?.body as { payment_success_redirect_url: string }).payment_success_redirect_url,
    ).toMatch(/\/subscription-result$/);
  });

  it('confirmed: the window closes and the success result shows', async () => {
    const win = fakeWindow();
    const status = 'active';
    await renderPayment(win, (url) => {
      if (url === '/api/order/mollie') return json(201, created);
      if (url === '/api/order/success/9') return json(200, order(9, status as Order['status']));
      return undefined;
    });
    await userEvent.click(await screen.findByTestId('billing-pay', {}, slow));
    await waitFor(() => expect(win.location.href).toBe(created.payment_checkout_url));
    win.location.pathname = PAYMENT_RESULT_PATH;
    const result = await screen.findByTestId('payment-result', {}, slow);
    expect(result.dataset.success).toBe('true');
    expect(result).toHaveTextContent('Your Silver subscription is active.');
    expect(win.closed).toBe(true);
  });

  it('a failed payment or a missing payment url goes to the failed result', async () => {
    const win = fakeWindow();
    await renderPayment(win, (url) =>
      url === '/api/order/mollie' ? json(201, { ...created, payment_checkout_url: '' }) : undefined,
    );
    await userEvent.click(await screen.findByTestId('billing-pay', {}, slow));
    const result = await screen.findByTestId('payment-result', {}, slow);
    expect(result.dataset.success).toBe('false');
    expect(result).toHaveTextContent(
      'There was an issue with the payment and the subscription was not successful.',
    );
    expect(result).toHaveTextContent('No payment has been done.');
    expect(win.closed).toBe(true);
  });
});

describe('the orders list', () => {
  it('shows each order with its state, and an invoice for paid ones', async () => {
    api((url) =>
      url.startsWith('/api/order?')
        ? json(
            200,
            hydra([
              order(1, 'active'),
              order(2, 'expiring'),
              order(3, 'expired'),
              order(4, 'cancelled'),
              order(5, 'renewed'),
              order(6, 'failed', { invoice_url: null, starts_at: null, ends_at: null }),
            ]),
          )
        : undefined,
    );
    await renderWidget(<OrdersSection />);
    const rows = await screen.findAllByTestId('order', {}, slow);
    expect(rows.map((row) => within(row).getByTestId('order-status').textContent)).toEqual([
      'Active',
      'Expiring',
      'Expired',
      'Cancelled',
      'Renewed',
      'Payment failed',
    ]);
    expect(within(rows[0]!).getByTestId('order-invoice')).toBeInTheDocument();
    expect(within(rows[5]!).queryByTestId('order-invoice')).toBeNull();
    // a running plan may be cancelled; an ended, cancelled or failed one not
    expect(rows.map((row) => within(row).queryByTestId('order-cancel') !== null)).toEqual([
      true,
      true,
      false,
      false,
      true,
      false,
    ]);
  });

  it('cancels a running plan after confirming: it runs to the end of its year', async () => {
    let cancelled = false;
    const { calls } = api((url, init) => {
      if (url === '/api/order/1/cancel' && init.method === 'POST') {
        cancelled = true;
        return json(200, order(1, 'cancelled'));
      }
      if (url.startsWith('/api/order?')) {
        return json(200, hydra([order(1, cancelled ? 'cancelled' : 'active')]));
      }
      return undefined;
    });
    await renderWidget(<OrdersSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('order-cancel', {}, slow));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('is not renewed after that');
    expect(calls.some((c) => c.url.endsWith('/cancel'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the plan' }));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Cancelled'));
    expect(screen.queryByTestId('order-cancel')).toBeNull();
  });
});

describe('the subscription required prompt', () => {
  it('names the plan that unlocks the control, its yearly price, and links to it', async () => {
    api();
    await renderWidget(
      <>
        <SubscriptionRequired gate="scheduling" />
        <SubscriptionRequired gate="followers" />
      </>,
    );
    const [scheduling, followers] = screen.getAllByTestId('subscription-required');
    await waitFor(() =>
      expect(within(scheduling!).getByTestId('subscription-required-plan')).toHaveTextContent(
        'Silver: € 99 a year',
      ),
    );
    expect(within(scheduling!).getByTestId('subscription-required-link')).toHaveAttribute(
      'href',
      '/account-settings/subscriptions/3',
    );
    expect(within(followers!).getByTestId('subscription-required-plan')).toHaveTextContent(
      'Bronze: € 49 a year',
    );
    expect(within(followers!).getByTestId('subscription-required-link')).toHaveAttribute(
      'href',
      '/account-settings/subscriptions/2',
    );
  });
});

describe('the payment window pages', () => {
  it('/subscription-process waits; /subscription-result on its own checks the order', async () => {
    api((url) => (url === '/api/order/success/9' ? json(200, order(9, 'active')) : undefined));
    const { router } = await renderApp('/subscription-process');
    expect(await screen.findByTestId('subscription-process', {}, slow)).toHaveTextContent(
      'Preparing the payment…',
    );
    await router.navigate('/subscription-result?order=9');
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/account-settings/subscriptions/success'),
      slow,
    );
  });

  it('/subscription-result goes to the failed result when the order was not paid', async () => {
    api((url) => (url === '/api/order/success/9' ? json(200, order(9, 'failed')) : undefined));
    const { router } = await renderApp('/subscription-result?order=9');
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/account-settings/subscriptions/fail'),
      slow,
    );
  });
});
