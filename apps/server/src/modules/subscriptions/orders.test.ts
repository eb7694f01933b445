import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUBSCRIPTION } from '@memoria/domain';
import { signedInUser, switchInto, type SignedIn } from '../../test/factories.js';
import { startFakeMollie, type FakeMollie } from '../../test/fake-mollie.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { BILLING, purchases, type Call } from './test-support.js';
import { readJson } from '../../db/dialect.js';

const DAY = 86_400_000;

/**
 * Buying plans through the real Mollie client against a fake Mollie API on 127.0.0.1
 * (docs/notes/subscriptions.md): the webhook, forged and repeated reports, the outcomes of a
 * payment, the gates that follow a purchase and the lifecycle jobs up to the switch-off.
 */
describeDb('subscriptions paid through Mollie', () => {
  let t: TestApp;
  let mollie: FakeMollie;
  beforeAll(async () => {
    mollie = await startFakeMollie();
    t = await createTestApp({
      config: {
        payments: { provider: 'mollie', apiKey: mollie.apiKey, apiEndpoint: mollie.apiEndpoint },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await mollie?.close();
  });

  // the purchase helpers of this app (test-support.ts), made once it has started
  const shop = () => purchases(t, mollie);
  const call: Call = (...args) => shop().call(...args);
  const withBilling = (name: string) => shop().withBilling(name);
  const productId = (code: string) => shop().productId(code);
  const buy = (who: SignedIn, code: string) => shop().buy(who, code);
  const webhook = (id: string) => shop().webhook(id);
  const profile = (who: SignedIn) => shop().profile(who);
  const order = (who: SignedIn, id: number) => shop().order(who, id);

  it('lists the seeded plans with yearly prices and what the caller may buy', async () => {
    const ada = await signedInUser(t, { name: 'Lister' });
    const all = (await call(ada, 'GET', '/api/product')).json() as Array<Record<string, unknown>>;
    expect(all.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Free', 'Bronze', 'Silver', 'Extra storage', 'Group', 'Workspace']),
    );
    expect(all.find((p) => p.name === 'Silver')).toMatchObject({
      type: 'professional',
      price_net: 99,
      storage: 100,
      is_disabled_for_user: false,
    });
    expect(all.find((p) => p.name === 'Free')?.is_disabled_for_user).toBe(true);
    const groups = (await call(ada, 'GET', '/api/product?workspace_type=group')).json();
    expect(groups.map((p: { name: string }) => p.name)).toEqual(['Group']);
    const one = await call(ada, 'GET', `/api/product/${await productId('bronze')}`);
    expect(one.json()).toMatchObject({ name: 'Bronze', is_disabled_for_user: false });
    expect((await call(ada, 'GET', '/api/product/999999')).statusCode).toBe(404);
    expect((await call(ada, 'GET', '/api/product?type=nonsense')).statusCode).toBe(422);
  });

  it('refuses bad orders and changes nothing', async () => {
    const ben = await signedInUser(t, { name: 'Ben' });
    const post = (payload: object) => call(ben, 'POST', '/api/order/mollie', payload);
    const redirect = 'http://memoria.test/subscription-result';
    const unknown = await post({
      product: '/api/product/999999',
      payment_success_redirect_url: redirect,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().violations[0]).toMatchObject({
      propertyPath: 'product',
      message: 'This plan does not exist.',
    });
    const free = await post({
      product: `/api/product/${await productId('free')}`,
      payment_success_redirect_url: redirect,
    });
    expect(free.json().violations[0].message).toBe('This plan is not available for your account.');
    const noBilling = await post({
      product: `/api/product/${await productId('silver')}`,
      payment_success_redirect_url: redirect,
    });
    expect(noBilling.statusCode).toBe(422);
    expect(
      noBilling.json().violations.map((v: { propertyPath: string }) => v.propertyPath),
    ).toEqual([
      'billing_first_name',
      'billing_last_name',
      'billing_email',
      'billing_address_one',
      'billing_zipcode',
      'billing_place',
      'billing_country',
    ]);
    const elsewhere = await post({
      product: `/api/product/${await productId('silver')}`,
      payment_success_redirect_url: 'https://evil.example/x',
    });
    expect(elsewhere.statusCode).toBe(422);
    const shortName = await post({
      product: `/api/product/${await productId('group')}`,
      payment_success_redirect_url: redirect,
      workspace_name: 'ab',
    });
    expect(shortName.json().violations[0].propertyPath).toBe('workspace_name');
    const orders = await call(ben, 'GET', '/api/order');
    expect(orders.json()).toEqual([]);
    // billing fields are checked as they are written too
    const me = await profile(ben);
    const bad = await call(ben, 'PATCH', `/api/user/profile/${me.profile_id}`, {
      billing_email: 'not-an-email',
    });
    expect(bad.statusCode).toBe(422);
  });

  it('a workspace plan makes the workspace when ordered; paying it gives the workspace its plan', async () => {
    const cleo = await withBilling('Cleo');
    const res = await call(cleo, 'POST', '/api/order/mollie', {
      product: `/api/product/${await productId('workspace')}`,
      payment_success_redirect_url: 'http://memoria.test/subscription-result',
      workspace_name: 'Cleo & Co',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: number; account_user: string; secure_token: string };
    expect(created.account_user).toMatch(/^\/api\/user\/\d+$/);
    expect(created.secure_token).toEqual(expect.any(String));
    const workspaceId = Number(created.account_user.split('/').pop());

    // the buyer administers the new workspace; the order is the workspace's, not the buyer's
    const mine = (await call(cleo, 'GET', '/api/user/workspace')).json() as Array<{ id: number }>;
    expect(mine.map((w) => w.id)).toContain(workspaceId);
    expect((await call(cleo, 'GET', '/api/order')).json()).toEqual([]);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['user_id', 'buyer_id', 'workspace_name'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: workspaceId,
      buyer_id: cleo.id,
      workspace_name: 'Cleo & Co',
    });

    const paymentId = mollie.created.at(-1) as string;
    mollie.set(paymentId, 'paid');
    expect((await webhook(paymentId)).statusCode).toBe(200);
    const workspace = await t.database.db
      .selectFrom('users')
      .select(['rules', 'user_type'])
      .where('id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    expect(workspace.user_type).toBe('workspace');
    const rules = (
      typeof workspace.rules === 'string' ? JSON.parse(workspace.rules) : workspace.rules
    ) as Record<string, unknown>;
    const plan = await t.database.db
      .selectFrom('products')
      .select('maximum_users')
      .where('code', '=', 'workspace')
      .executeTakeFirstOrThrow();
    expect(rules).toMatchObject({ has_subscription: true, maximum_users: plan.maximum_users });
  });

  it('a group moving to the workspace plan gets the unused part of its year credited', async () => {
    const dan = await withBilling('Dan');
    const bought = await call(dan, 'POST', '/api/order/mollie', {
      product: `/api/product/${await productId('group')}`,
      payment_success_redirect_url: 'http://memoria.test/subscription-result',
      workspace_name: 'Dan and friends',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const created = bought.json() as { id: number; account_user: string; secure_token: string };
    const first = mollie.created.at(-1) as string;
    mollie.set(first, 'paid');
    await webhook(first);

    // Dan acts for the group: its own billing fields, then the bigger plan
    const group = { ...dan, headers: (await switchInto(t, dan, created)).headers };
    const me = (await call(group, 'GET', '/api/profile')).json();
    expect(
      (await call(group, 'PATCH', `/api/user/profile/${me.profile_id}`, BILLING)).statusCode,
    ).toBe(200);
    const upgrade = await buy(group, 'workspace');
    const pending = await order(group, upgrade.orderId);
    const [groupPlan, workspacePlan] = await Promise.all(
      ['group', 'workspace'].map((code) =>
        t.database.db
          .selectFrom('products')
          .select(['price_cents', 'maximum_users'])
          .where('code', '=', code)
          .executeTakeFirstOrThrow(),
      ),
    );
    // nearly the whole group year is unused
    expect(pending.credit).toBeGreaterThan((groupPlan!.price_cents / 100) * 0.99);
    expect(pending.price_net).toBeCloseTo(workspacePlan!.price_cents / 100 - pending.credit, 2);
    mollie.set(upgrade.paymentId, 'paid');
    await webhook(upgrade.paymentId);
    expect((await order(group, created.id)).status).toBe('cancelled');
    expect((await order(group, upgrade.orderId)).status).toBe('active');
    const account = await t.database.db
      .selectFrom('users')
      .select('rules')
      .where('id', '=', Number(created.account_user.split('/').pop()))
      .executeTakeFirstOrThrow();
    expect(readJson<Record<string, unknown>>(account.rules, {}).maximum_users).toBe(
      workspacePlan!.maximum_users,
    );
  });

  it('activates a paid order once through the webhook; a forged webhook does nothing', async () => {
    const dora = await withBilling('Dora');
    expect((await profile(dora)).rules.silver).toBe(false);
    const { orderId, paymentId } = await buy(dora, 'silver');
    expect(await order(dora, orderId)).toMatchObject({ status: 'pending', payment_status: 'open' });

    // a forged report: an id Mollie does not know, and one it knows but not paid yet
    expect((await webhook('tr_forged123')).statusCode).toBe(200);
    expect((await webhook(paymentId)).statusCode).toBe(200);
    expect((await order(dora, orderId)).status).toBe('pending');
    expect((await profile(dora)).rules.silver).toBe(false);

    mollie.set(paymentId, 'paid');
    for (let i = 0; i < 10; i++) expect((await webhook(paymentId)).statusCode).toBe(200);
    const paid = await order(dora, orderId);
    expect(paid).toMatchObject({ status: 'active', payment_status: 'paid', price_net: 99 });
    expect(paid.invoice_url).toBe(`/api/order/${orderId}/invoice`);
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select('unique_key')
      .where('unique_key', 'like', `subscription.%:${orderId}`)
      .execute();
    expect(jobs).toHaveLength(3);

    const me = await profile(dora);
    expect(me.rules).toMatchObject({ silver: true, has_subscription: true, bronze: false });
    expect(me.user_has_professional_subscription).toBe(true);
    expect(me.storage_usage.product).toBe(100 * 1024 ** 3);
    expect(me.user_can_create_public_collection).toBe(true);

    const invoice = await call(dora, 'GET', paid.invoice_url);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toContain('text/html');
    expect(invoice.body).toContain('BE0123456789');
    expect(invoice.body).toContain('€ 99.00');

    // someone else's order answers as unknown
    const eve = await signedInUser(t, { name: 'Eve' });
    expect((await call(eve, 'GET', `/api/order/${orderId}`)).statusCode).toBe(404);
    expect((await call(eve, 'GET', `/api/order/${orderId}/invoice`)).statusCode).toBe(404);
    expect((await call(eve, 'GET', `/api/order/success/${orderId}`)).statusCode).toBe(404);
    expect((await call(eve, 'GET', '/api/order')).json()).toEqual([]);

    // the plan below Silver is not offered any more
    const bronze = (await call(dora, 'GET', `/api/product/${await productId('bronze')}`)).json();
    expect(bronze.is_disabled_for_user).toBe(true);
  });

  it('fails the order on a failed, cancelled or expired payment', async () => {
    for (const outcome of ['failed', 'canceled', 'expired'] as const) {
      const fay = await withBilling(`Fay ${outcome}`);
      const { orderId, paymentId } = await buy(fay, 'bronze');
      mollie.set(paymentId, outcome);
      // the return page checks with Mollie without waiting for the webhook
      const res = await call(fay, 'GET', `/api/order/success/${orderId}`);
      expect(res.json()).toMatchObject({ status: 'failed', payment_status: outcome });
      mollie.set(paymentId, 'paid');
      await webhook(paymentId);
      expect((await order(fay, orderId)).status).toBe('failed');
      expect((await profile(fay)).rules.has_subscription).toBe(false);
    }
  });

  it('runs the year: expiring notice, expiry, rules off 7 days later; upgrade credits the rest', async () => {
    const gus = await withBilling('Gus');
    const { orderId, paymentId } = await buy(gus, 'bronze');
    mollie.set(paymentId, 'paid');
    await webhook(paymentId);
    const paid = await order(gus, orderId);
    const end = new Date(paid.ends_at).getTime();
    expect((await profile(gus)).rules).toMatchObject({ bronze: true, has_subscription: true });

    await t.app.jobs.runDue({ now: new Date(end - SUBSCRIPTION.expiringNoticeDays * DAY + 1000) });
    expect((await order(gus, orderId)).status).toBe('expiring');
    expect(t.mail.sent.some((m) => m.template === 'subscription_expiring')).toBe(true);

    await t.app.jobs.runDue({ now: new Date(end + 1000) });
    expect((await order(gus, orderId)).status).toBe('expired');
    // inside the grace the rules stay; the job then switches them off
    expect((await profile(gus)).rules.bronze).toBe(true);
    const afterGrace = new Date(end + SUBSCRIPTION.disabledAfterExpiryDays * DAY + 1000);
    await t.app.jobs.runDue({ now: afterGrace });
    const me = await profile(gus);
    expect(me.rules).toMatchObject({ bronze: false, has_subscription: false });
    expect(me.storage_usage.product).toBe(SUBSCRIPTION.freeStorageGb * 1024 ** 3);
    // nothing is deleted: the order is still there, as expired
    expect((await order(gus, orderId)).status).toBe('expired');
  });

  it('credits the unused part of Bronze on an upgrade to Silver', async () => {
    const hal = await withBilling('Hal');
    const first = await buy(hal, 'bronze');
    mollie.set(first.paymentId, 'paid');
    await webhook(first.paymentId);
    const upgrade = await buy(hal, 'silver');
    const pending = await order(hal, upgrade.orderId);
    expect(pending.credit).toBeGreaterThan(48);
    expect(pending.price_net).toBeCloseTo(99 - pending.credit, 2);
    mollie.set(upgrade.paymentId, 'paid');
    await webhook(upgrade.paymentId);
    expect((await order(hal, first.orderId)).status).toBe('cancelled');
    expect((await profile(hal)).rules).toMatchObject({ silver: true, bronze: false });
  });

  it('cancels: the plan stays to the end of its year and the customer is told', async () => {
    const ida = await withBilling('Ida');
    const { orderId, paymentId } = await buy(ida, 'bronze');
    mollie.set(paymentId, 'paid');
    await webhook(paymentId);
    const res = await call(ida, 'POST', `/api/order/${orderId}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect((await profile(ida)).rules.bronze).toBe(true);
    expect((await call(ida, 'POST', `/api/order/${orderId}/cancel`)).statusCode).toBe(409);
    expect(t.mail.sent.some((m) => m.template === 'subscription_cancelled')).toBe(true);
  });
});
