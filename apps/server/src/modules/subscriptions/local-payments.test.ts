import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUBSCRIPTION } from '@memoria/domain';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';

const BILLING = {
  billing_first_name: 'Lou',
  billing_last_name: 'Local',
  billing_email: 'lou@example.com',
  billing_address_one: 'Main street 1',
  billing_zipcode: '1000',
  billing_place: 'Brussels',
  billing_country: 'BE',
};

/**
 * The built-in provider (docs/notes/subscriptions.md): its checkout page sends the customer
 * back to the return address with the order; an unpaid payment expires through a durable job
 * and fails its order; the profile carries the paid orders; the buyer of a new group reads
 * that order after the payment window.
 */
describeDb('subscriptions paid through the built-in provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const checkout = (url: string, outcome: string) =>
    t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    });

  async function withBilling(name: string) {
    const person = await signedInUser(t, { name });
    const me = (await call(person, 'GET', '/api/profile')).json();
    const res = await call(person, 'PATCH', `/api/user/profile/${me.profile_id}`, BILLING);
    expect(res.statusCode, res.body).toBe(200);
    return person;
  }

  async function productId(code: string) {
    const row = await t.database.db
      .selectFrom('products')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function buy(who: SignedIn, code: string, workspaceName?: string) {
    const res = await call(who, 'POST', '/api/order/mollie', {
      product: `/api/product/${await productId(code)}`,
      payment_success_redirect_url: `${t.config.publicUrl}/subscription-result`,
      ...(workspaceName ? { workspace_name: workspaceName } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      id: number;
      payment_checkout_url: string;
      account_user?: string;
      secure_token?: string;
    };
  }

  it('pays on the checkout page, goes back with the order, and the profile lists it', async () => {
    const lou = await withBilling('Lou');
    const order = await buy(lou, 'silver');
    expect(order.payment_checkout_url).toMatch(/\/api\/payment\/local\/lp_[0-9a-f]+$/);
    const page = await t.app.inject({ url: new URL(order.payment_checkout_url).pathname });
    expect(page.body).toContain('value="pay"');

    const back = await checkout(order.payment_checkout_url, 'pay');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(
      `${t.config.publicUrl}/subscription-result?order=${order.id}`,
    );
    const after = (await call(lou, 'GET', `/api/order/success/${order.id}`)).json();
    expect(after).toMatchObject({ status: 'active', payment_status: 'paid' });

    const me = (await call(lou, 'GET', '/api/profile')).json();
    expect(me.orders).toEqual([
      expect.objectContaining({
        id: order.id,
        status: 'active',
        product: expect.objectContaining({ type: 'professional', name: 'Silver', price_net: 99 }),
      }),
    ]);
    expect(me.orders[0].created_at).toEqual(expect.any(String));
    expect(me.orders[0].modified_at).toEqual(expect.any(String));
    // a failed payment is not an order of the profile
    const failed = await buy(lou, 'storage');
    await checkout(failed.payment_checkout_url, 'fail');
    expect((await call(lou, 'GET', `/api/order/success/${failed.id}`)).json().status).toBe(
      'failed',
    );
    expect((await call(lou, 'GET', '/api/profile')).json().orders).toHaveLength(1);
  });

  it('expires an unpaid payment through its job; the order fails and paying later does nothing', async () => {
    const max = await withBilling('Max');
    const order = await buy(max, 'bronze');
    const paymentId = new URL(order.payment_checkout_url).pathname.split('/').at(-1);
    const job = await t.database.db
      .selectFrom('jobs')
      .select(['run_at'])
      .where('unique_key', '=', `payment.local-expire:${paymentId}`)
      .executeTakeFirstOrThrow();
    const due = new Date(job.run_at as string | Date).getTime();
    expect(due - Date.now()).toBeGreaterThan((SUBSCRIPTION.localPaymentExpiryMinutes - 1) * 60_000);

    // not yet due: nothing happens
    await t.app.jobs.runDue({ now: new Date(due - 60_000) });
    expect((await call(max, 'GET', `/api/order/${order.id}`)).json().status).toBe('pending');

    await t.app.jobs.runDue({ now: new Date(due + 1000) });
    expect((await call(max, 'GET', `/api/order/${order.id}`)).json()).toMatchObject({
      status: 'failed',
      payment_status: 'expired',
    });
    const page = await t.app.inject({ url: new URL(order.payment_checkout_url).pathname });
    expect(page.body).not.toContain('value="pay"');
    await checkout(order.payment_checkout_url, 'pay');
    expect((await call(max, 'GET', `/api/order/${order.id}`)).json().status).toBe('failed');
    expect((await call(max, 'GET', '/api/profile')).json().rules.bronze).toBe(false);
  });

  it('leaves a paid payment alone when its expiry job runs', async () => {
    const ned = await withBilling('Ned');
    const order = await buy(ned, 'bronze');
    await checkout(order.payment_checkout_url, 'pay');
    const later = new Date(Date.now() + (SUBSCRIPTION.localPaymentExpiryMinutes + 1) * 60_000);
    await t.app.jobs.runDue({ now: later });
    expect((await call(ned, 'GET', `/api/order/${order.id}`)).json().status).toBe('active');
  });

  it('lets the buyer of a new group read its order after paying; nobody else', async () => {
    const ora = await withBilling('Ora');
    const order = await buy(ora, 'group', 'Ora Rowing');
    expect(order.account_user).toMatch(/^\/api\/user\/\d+$/);
    await checkout(order.payment_checkout_url, 'pay');
    const after = await call(ora, 'GET', `/api/order/success/${order.id}`);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({ status: 'active', product: { workspace_type: 'group' } });
    // the order is the group's: not in the buyer's list, and not cancellable by her from there
    expect((await call(ora, 'GET', '/api/order')).json()).toEqual([]);
    expect((await call(ora, 'POST', `/api/order/${order.id}/cancel`)).statusCode).toBe(404);
    const pat = await signedInUser(t, { name: 'Pat' });
    expect((await call(pat, 'GET', `/api/order/success/${order.id}`)).statusCode).toBe(404);
  });
});
