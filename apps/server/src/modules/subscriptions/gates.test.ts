import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUBSCRIPTION } from '@memoria/domain';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { startFakeMollie, type FakeMollie } from '../../test/fake-mollie.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { insertCollection } from '../../test/content.js';
import { purchases } from './test-support.js';

const DAY = 86_400_000;

/**
 * Every plan gate follows what was bought (docs/notes/subscriptions.md, "One source of
 * truth"): refused on the free plan, allowed once a purchase is paid, refused again when the
 * plan's rules switch off 7 days after its year, while what was made under the plan stays
 * readable and editable.
 */
describeDb('plan gates follow a purchase and an expiry', () => {
  let t: TestApp;
  let mollie: FakeMollie;
  let shop: ReturnType<typeof purchases>;
  beforeAll(async () => {
    mollie = await startFakeMollie();
    t = await createTestApp({
      config: {
        payments: { provider: 'mollie', apiKey: mollie.apiKey, apiEndpoint: mollie.apiEndpoint },
      },
    });
    shop = purchases(t, mollie);
  });
  afterAll(async () => {
    await t?.close();
    await mollie?.close();
  });

  const soon = () => new Date(Date.now() + 3_600_000).toISOString();

  /** The first violation's field and message, or the status when the write passed. */
  async function outcome(res: LightMyRequestResponse) {
    if (res.statusCode < 300) return res.statusCode;
    expect(res.statusCode, res.body).toBe(422);
    const [first] = res.json().violations as Array<{ propertyPath: string; message: string }>;
    return `${first!.propertyPath}: ${first!.message}`;
  }

  async function gates(who: SignedIn, own: string, round: string) {
    const { call } = shop;
    const collection = (payload: { type: string } & Record<string, unknown>) =>
      call(who, 'POST', '/api/collection', { name: `${round} ${payload.type}`, ...payload });
    return {
      public: await outcome(await collection({ type: 'public' })),
      followers: await outcome(await collection({ type: 'all_contacts_followers' })),
      collaboration: await outcome(
        await collection({ type: 'all_contacts', is_collaboration: true }),
      ),
      versioning: await outcome(
        await collection({
          type: 'private',
          allow_add_documents: true,
          allow_replace_documents: true,
          preserve_documents_version: true,
        }),
      ),
      scheduling: await outcome(
        await call(who, 'POST', '/api/memo', {
          title: `${round} later`,
          memos_per_collection: [own],
          isScheduled: true,
          memo_scheduled: soon(),
        }),
      ),
    };
  }

  const REFUSED = {
    public: 'type: You can have up to 3 public collections. Upgrade to Silver for more.',
    followers: 'type: Sharing with followers needs a subscription.',
    collaboration: 'is_collaboration: Collaboration needs a subscription or a workspace.',
    versioning:
      'preserve_documents_version: Keeping older versions of documents needs a subscription or a workspace.',
    scheduling: 'memo_scheduled: Scheduling a memo needs the Silver plan.',
  };

  it('Silver opens every gate while it runs and closes them 7 days after its year', async () => {
    const sam = await shop.withBilling('Sam Silver');
    const own = await insertCollection(t, sam.id, 'private', { name: 'Notes' });
    for (let i = 0; i < 3; i++) await insertCollection(t, sam.id, 'public', { name: `Open ${i}` });

    expect(await gates(sam, own, 'free')).toEqual(REFUSED);

    const paid = await shop.buyPaid(sam, 'silver');
    expect(paid.status).toBe('active');
    expect(await gates(sam, own, 'silver')).toEqual({
      public: 201,
      followers: 201,
      collaboration: 201,
      versioning: 201,
      scheduling: 201,
    });

    const end = new Date(paid.ends_at).getTime();
    await t.app.jobs.runDue({ now: new Date(end + 1000) });
    // expired, but inside the grace the gates stay open
    expect((await shop.order(sam, paid.id)).status).toBe('expired');
    expect((await gates(sam, own, 'grace')).scheduling).toBe(201);

    await t.app.jobs.runDue({
      now: new Date(end + SUBSCRIPTION.disabledAfterExpiryDays * DAY + 1000),
    });
    expect(await gates(sam, own, 'after')).toEqual(REFUSED);

    // what was made under the plan stays: readable, and editable without a new gated change
    const mine = await t.database.db
      .selectFrom('collections')
      .select([
        'id',
        'name',
        'type',
        'is_collaboration',
        'allow_add_documents',
        'allow_replace_documents',
        'preserve_documents_version',
      ])
      .where('user_id', '=', sam.id)
      .where('name', 'like', 'silver %')
      .execute();
    expect(mine.map((c) => c.type).sort()).toEqual(
      ['all_contacts', 'all_contacts_followers', 'private', 'public'].sort(),
    );
    for (const kept of mine) {
      const read = await shop.call(sam, 'GET', `/api/collection/${kept.id}`);
      expect(read.statusCode).toBe(200);
      const edit = await shop.call(sam, 'PUT', `/api/collection/${kept.id}`, {
        name: `${kept.name} (renamed)`,
        type: kept.type,
        is_collaboration: Boolean(kept.is_collaboration),
        allow_add_documents: Boolean(kept.allow_add_documents),
        allow_replace_documents: Boolean(kept.allow_replace_documents),
        preserve_documents_version: Boolean(kept.preserve_documents_version),
      });
      expect([kept.type, edit.statusCode, edit.statusCode === 200 ? '' : edit.body]).toEqual([
        kept.type,
        200,
        '',
      ]);
    }
  });

  it('Bronze opens the subscription gates but not the Silver ones', async () => {
    const bea = await shop.withBilling('Bea Bronze');
    const own = await insertCollection(t, bea.id, 'private', { name: 'Notes' });
    for (let i = 0; i < 3; i++) await insertCollection(t, bea.id, 'public', { name: `Open ${i}` });
    await shop.buyPaid(bea, 'bronze');
    expect(await gates(bea, own, 'bronze')).toEqual({
      public: REFUSED.public,
      followers: 201,
      collaboration: 201,
      versioning: 201,
      scheduling: REFUSED.scheduling,
    });
  });

  it('a connection that requires a subscription follows the purchase', async () => {
    const org = await signedInUser(t, { name: 'Picky Org' });
    await t.database.db
      .updateTable('users')
      .set({ rules: t.database.dialect.json({ connections_require_product_id: 4 }) })
      .where('id', '=', org.id)
      .execute();
    const cid = await shop.withBilling('Cid Customer');
    const ask = () => shop.call(cid, 'POST', '/api/connection', { user_to_email: org.usermail });
    const before = await ask();
    expect(before.statusCode).toBe(422);
    expect(before.json().violations[0].propertyPath).toBe('user_to_email');
    await shop.buyPaid(cid, 'bronze');
    expect((await ask()).statusCode).toBe(201);
  });
});
