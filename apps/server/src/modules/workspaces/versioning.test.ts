import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser, switchInto, type SignedIn } from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { insertCollection, insertMemo, postUpload } from '../media/test-support.js';

const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Title (${text}) >>\nendobj\ntrailer\n<<>>\n%%EOF\n`);

/**
 * Document versioning by plan (docs/notes/workspaces.md, Plans): the collections of a
 * workspace whose plan runs keep a replaced document as an older version even where the
 * collection's preserve_documents_version is off; a personal account's do not, and the
 * workspace's stop once its plan no longer gives versioning.
 */
describeDb('document versioning for workspace collections by plan', () => {
  let t: TestApp;
  let ada: SignedIn;
  let workspaceId: number;
  let asWorkspace: { headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t, { name: 'Ada' });
    const me = (await t.app.inject({ url: '/api/profile', headers: ada.headers })).json();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/user/profile/${me.profile_id}`,
      headers: ada.headers,
      payload: {
        billing_first_name: 'Ada',
        billing_last_name: 'Lovelace',
        billing_email: 'ada@example.com',
        billing_address_one: 'Street 1',
        billing_zipcode: '1000',
        billing_place: 'Brussels',
        billing_country: 'BE',
      },
    });
    const products = (
      await t.app.inject({ url: '/api/product?type=workspace', headers: ada.headers })
    ).json() as Array<{ id: number; type: string; workspace_type: string | null }>;
    const plan = products.find((p) => p.type === 'workspace');
    expect(plan).toBeDefined();
    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/order/mollie',
      headers: ada.headers,
      payload: {
        product: `/api/product/${plan!.id}`,
        payment_success_redirect_url: `${t.config.publicUrl}/subscription-result`,
        workspace_name: 'Versioned Co',
      },
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const order = ordered.json() as {
      account_user: string;
      secure_token: string;
      payment_checkout_url: string;
    };
    workspaceId = Number(order.account_user.split('/').pop());
    const payment = new URL(order.payment_checkout_url).pathname.split('/').at(-1)!;
    await t.app.inject({
      method: 'POST',
      url: `/api/payment/local/${payment}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    asWorkspace = { headers: (await switchInto(t, ada, order)).headers };
  });
  afterAll(async () => t?.close());

  /** Adds a document to a fresh memo of `owner`'s new collection, replaces it; answers the old row. */
  async function replaceOnce(owner: number, who: { headers: Record<string, string> }) {
    const collection = await insertCollection(t, owner, 'private');
    const memoId = await insertMemo(t, owner, collection);
    const first = await postUpload(
      t,
      '/api/memo/document',
      who,
      { name: 'v1.pdf', content: pdf('one') },
      { memo: `/api/memo/${memoId}` },
    );
    expect(first.statusCode, first.body).toBe(201);
    const second = await postUpload(
      t,
      '/api/memo/document',
      who,
      { name: 'v2.pdf', content: pdf('two') },
      { replace_document_id: String(first.json().id) },
    );
    expect(second.statusCode, second.body).toBe(201);
    const versions = await t.app.inject({
      url: `/api/memo/document/${second.json().id}/versions`,
      headers: { ...who.headers, accept: 'application/ld+json' },
    });
    return {
      old: await t.database.db
        .selectFrom('attachments')
        .select(['status', 'replaced_by_document_id'])
        .where('id', '=', first.json().id as number)
        .executeTakeFirstOrThrow(),
      versions: versions.json()['hydra:totalItems'] as number,
    };
  }

  it('the paid plan gives the workspace versioning (the rule the domain decides)', async () => {
    const row = await t.database.db
      .selectFrom('users')
      .select('rules')
      .where('id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    const rules = typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules;
    expect(rules).toMatchObject({ has_subscription: true, document_versioning: true });
  });

  it("keeps the older version in the workspace's collection with preserve off", async () => {
    const { old, versions } = await replaceOnce(workspaceId, asWorkspace);
    expect(old.status).toBe('ready');
    expect(old.replaced_by_document_id).not.toBeNull();
    expect(versions).toBe(1);
  });

  it("a personal account's collection with preserve off keeps none", async () => {
    const { old, versions } = await replaceOnce(ada.id, ada);
    expect(old.status).not.toBe('ready');
    expect(versions).toBe(0);
  });

  it('once the plan no longer gives versioning, the workspace keeps none either', async () => {
    const { db, dialect } = t.database;
    const row = await db
      .selectFrom('users')
      .select('rules')
      .where('id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    const rules = typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules;
    await db
      .updateTable('users')
      .set({ rules: dialect.json({ ...rules, document_versioning: false }) })
      .where('id', '=', workspaceId)
      .execute();
    const { old, versions } = await replaceOnce(workspaceId, asWorkspace);
    expect(old.status).not.toBe('ready');
    expect(versions).toBe(0);
  });
});
