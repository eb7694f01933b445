import { describe, expect, it, vi } from 'vitest';
import type { Order, OrderCreated } from '@memoria/domain';
import { NO_PAYMENT_URL, PAYMENT_RESULT_PATH, runPayment, type PaymentWindow } from './payment';

/** A payment window the test drives: where it is, and whether it was closed. */
function fakeWindow() {
  const win = {
    closed: false,
    location: { href: '/subscription-process', pathname: '/subscription-process' },
    close: vi.fn(() => {
      win.closed = true;
    }),
    /** the provider sends the window back to the result page */
    comeBack() {
      win.location.pathname = PAYMENT_RESULT_PATH;
    },
  };
  return win;
}

const created: OrderCreated = {
  id: 5,
  name: 'Silver',
  payment_checkout_url: 'https://pay.example/checkout/5',
  order: '/api/order/5',
};
const order = (status: Order['status']) => ({ id: 5, status, payment_status: 'paid' }) as Order;
const tick = () => new Promise((resolve) => setTimeout(resolve, 15));

describe('the payment window', () => {
  it('sends the window to the checkout and, back on the result page, confirms: paid', async () => {
    const win = fakeWindow();
    const confirm = vi.fn(async () => order('active'));
    const running = runPayment({
      open: () => win as PaymentWindow,
      createOrder: async () => created,
      confirm,
      pollMs: 5,
    });
    await tick();
    expect(win.location.href).toBe(created.payment_checkout_url);
    expect(confirm).not.toHaveBeenCalled();
    win.comeBack();
    await expect(running).resolves.toMatchObject({ result: 'paid', order: { status: 'active' } });
    expect(win.close).toHaveBeenCalled();
    expect(confirm).toHaveBeenCalledWith(5);
  });

  it('a window closed before it came back is "closed", and nothing is asked', async () => {
    const win = fakeWindow();
    const confirm = vi.fn();
    const running = runPayment({
      open: () => win as PaymentWindow,
      createOrder: async () => created,
      confirm,
      pollMs: 5,
    });
    await tick();
    win.closed = true;
    await expect(running).resolves.toMatchObject({ result: 'closed' });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('an order that did not get paid is "failed"', async () => {
    const win = fakeWindow();
    const running = runPayment({
      open: () => win as PaymentWindow,
      createOrder: async () => created,
      confirm: async () => order('failed'),
      pollMs: 5,
    });
    await tick();
    win.comeBack();
    await expect(running).resolves.toMatchObject({ result: 'failed' });
  });

  it('an error, or an answer without a payment url, is "failed" and closes the window', async () => {
    const win = fakeWindow();
    const outcome = await runPayment({
      open: () => win as PaymentWindow,
      createOrder: async () => ({ ...created, payment_checkout_url: '' }),
      confirm: vi.fn(),
    });
    expect(outcome).toMatchObject({ result: 'failed' });
    expect((outcome as { error: Error }).error.message).toBe(NO_PAYMENT_URL);
    expect(win.close).toHaveBeenCalled();

    const other = fakeWindow();
    const refused = await runPayment({
      open: () => other as PaymentWindow,
      createOrder: async () => {
        throw new Error('422');
      },
      confirm: vi.fn(),
    });
    expect(refused).toMatchObject({ result: 'failed' });
    expect(other.close).toHaveBeenCalled();
  });

  it('opens the window before anything is asked (inside the click), and reads a provider page as "not back yet"', async () => {
    const events: string[] = [];
    const win = fakeWindow();
    Object.defineProperty(win.location, 'pathname', {
      get() {
        events.push('read');
        throw new DOMException('cross-origin', 'SecurityError');
      },
      configurable: true,
    });
    const running = runPayment({
      open: () => {
        events.push('open');
        return win as PaymentWindow;
      },
      createOrder: async () => {
        events.push('order');
        return created;
      },
      confirm: vi.fn(),
      pollMs: 5,
    });
    expect(events[0]).toBe('open');
    await tick();
    win.closed = true;
    await expect(running).resolves.toMatchObject({ result: 'closed' });
    expect(events.slice(0, 3)).toEqual(['open', 'order', 'read']);
  });

  it('without a window (blocked), the page itself goes to the checkout', async () => {
    const redirect = vi.fn();
    const outcome = await runPayment({
      open: () => null,
      createOrder: async () => created,
      confirm: vi.fn(),
      redirect,
    });
    expect(redirect).toHaveBeenCalledWith(created.payment_checkout_url);
    expect(outcome.result).toBe('closed');
  });
});
