import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import type { FakeMollie } from '../../test/fake-mollie.js';
import type { TestApp } from '../../test/harness.js';

/** Billing fields that pass every validator (docs/notes/subscriptions.md, Billing). */
export const BILLING = {
  billing_first_name: 'Ada',
  billing_last_name: 'Lovelace',
  billing_email: 'billing@example.com',
  billing_company_name: 'Analytical Ltd',
  billing_vat_number: 'BE0123456789',
  billing_address_one: 'Main street 1',
  billing_zipcode: '1000',
  billing_place: 'Brussels',
  billing_country: 'BE',
};

export type Call = (
  who: SignedIn,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

/**
 * Buying plans in a test app paid through the fake Mollie API: people with billing
 * fields, orders, the webhook, and reading the profile and an order back.
 */
export function purchases(t: TestApp, mollie: FakeMollie) {
  const call: Call = (who, method, url, payload) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  async function withBilling(name: string): Promise<SignedIn> {
    const person = await signedInUser(t, { name });
    const profile = (await call(person, 'GET', '/api/profile')).json();
    const res = await call(person, 'PATCH', `/api/user/profile/${profile.profile_id}`, BILLING);
    expect(res.statusCode, res.body).toBe(200);
    return person;
  }

  async function productId(code: string): Promise<number> {
    const row = await t.database.db
      .selectFrom('products')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function buy(who: SignedIn, code: string) {
    const res = await call(who, 'POST', '/api/order/mollie', {
      product: `/api/product/${await productId(code)}`,
      payment_success_redirect_url: 'http://memoria.test/subscription-result',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { id: number; payment_checkout_url: string };
    const paymentId = mollie.created.at(-1) as string;
    expect(body.payment_checkout_url).toBe(`https://fake-mollie.test/checkout/${paymentId}`);
    return { orderId: body.id, paymentId };
  }

  const webhook = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${id}`,
    });

  /** Buys and pays a plan; answers the order as its owner reads it. */
  async function buyPaid(who: SignedIn, code: string) {
    const { orderId, paymentId } = await buy(who, code);
    mollie.set(paymentId, 'paid');
    expect((await webhook(paymentId)).statusCode).toBe(200);
    return order(who, orderId);
  }

  const profile = async (who: SignedIn) => (await call(who, 'GET', '/api/profile')).json();
  const order = async (who: SignedIn, id: number) =>
    (await call(who, 'GET', `/api/order/${id}`)).json();

  return { call, withBilling, productId, buy, buyPaid, webhook, profile, order };
}
