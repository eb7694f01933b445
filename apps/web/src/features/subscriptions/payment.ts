import { SUBSCRIPTION, type Order, type OrderCreated } from '@memoria/domain';

/** The popup's own pages (docs/notes/subscriptions.md, The web app). */
export const PAYMENT_PROCESS_PATH = '/subscription-process';
export const PAYMENT_RESULT_PATH = '/subscription-result';
export const PAYMENT_WINDOW_NAME = 'memoria-payment';

/** Thrown when the server answered an order without a place to pay it. */
export const NO_PAYMENT_URL = 'No payment url present';

/** What the payment window needs of a browser window (a fake one in tests). */
export interface PaymentWindow {
  readonly closed: boolean;
  location: { href: string; readonly pathname: string };
  close(): void;
}

export type PaymentOutcome =
  /** the window was closed before the payment finished: nothing changed */
  | { result: 'closed'; created?: OrderCreated }
  | { result: 'paid'; created: OrderCreated; order: Order }
  | { result: 'failed'; created?: OrderCreated; error: unknown };

export interface PaymentSteps {
  /** opens the window (synchronously, inside the click, or the browser blocks it) */
  open: () => PaymentWindow | null;
  createOrder: () => Promise<OrderCreated>;
  confirm: (orderId: number) => Promise<Order>;
  /** where the page goes when no window could be opened (the provider returns to the result page) */
  redirect?: (url: string) => void;
  pollMs?: number;
}

/** Opens a 500x500 window centred over the page, at the popup's waiting page. */
export function openPaymentWindow(): PaymentWindow | null {
  const width = SUBSCRIPTION.paymentWindowWidth;
  const height = SUBSCRIPTION.paymentWindowHeight;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return window.open(
    PAYMENT_PROCESS_PATH,
    PAYMENT_WINDOW_NAME,
    `width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`,
  );
}

/** The window's path, or undefined while it shows another site (the provider's checkout). */
function pathOf(win: PaymentWindow): string | undefined {
  try {
    return win.location.pathname;
  } catch {
    return undefined;
  }
}

const paidStatuses: readonly string[] = ['active', 'expiring', 'renewed'];

/**
 * The payment: open the window, create the order, send the window to the checkout, then look
 * at the window every 100 ms. Closed before it came back: 'closed'. Back on the result page:
 * the window is closed and the order checked with the server, 'paid' when it is running,
 * 'failed' otherwise. Any error on the way (no payment address included): 'failed', window
 * closed.
 */
export async function runPayment(steps: PaymentSteps): Promise<PaymentOutcome> {
  const win = steps.open();
  let created: OrderCreated | undefined;
  try {
    created = await steps.createOrder();
    if (!created.payment_checkout_url) throw new Error(NO_PAYMENT_URL);
    if (!win) {
      (steps.redirect ?? ((url: string) => window.location.assign(url)))(
        created.payment_checkout_url,
      );
      return { result: 'closed', created };
    }
    if (win.closed) return { result: 'closed', created };
    win.location.href = created.payment_checkout_url;
    const pollMs = steps.pollMs ?? SUBSCRIPTION.paymentPollMs;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      if (win.closed) return { result: 'closed', created };
      if (pathOf(win) === PAYMENT_RESULT_PATH) break;
    }
    win.close();
    const order = await steps.confirm(created.id);
    if (paidStatuses.includes(order.status)) return { result: 'paid', created, order };
    return { result: 'failed', created, error: new Error(order.payment_status ?? order.status) };
  } catch (error) {
    if (win && !win.closed) win.close();
    return { result: 'failed', created, error };
  }
}
