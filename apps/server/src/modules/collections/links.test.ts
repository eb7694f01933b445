import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { createCollection } from '../../test/content.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { blockUser, connectUsers, grantRules } from '../../test/social.js';

describeDb('collections: links, members, deleting, mute and watching', () => {
  let t: TestApp;
  let owner: SignedIn;
  let contact: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t, { name: 'Olga Owner' });
    contact = await signedInUser(t, { name: 'Carl Contact' });
    stranger = await signedInUser(t, { name: 'Sven Stranger' });
    await connectUsers(t, owner.id, contact.id);
    await grantRules(t, owner.id, { has_subscription: true, silver: true });
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = owner.headers) =>
    t.app.inject({ url, headers });
  const create = (payload: object, user: SignedIn = owner) => createCollection(t, user, payload);

  /** A memo by `userId` in these collections, written straight into the tables. */
  async function memoIn(userId: number, collectionIds: string[], title = 'memo'): Promise<number> {
    const { db, dialect } = t.database;
    const now = dialect.time(new Date());
    const memo = await db
      .insertInto('memos')
      .values({
        user_id: userId,
        title,
        notification_sent: dialect.bool(false),
        is_todo: dialect.bool(false),
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const collectionId of collectionIds) {
      await db
        .insertInto('memos_per_collection')
        .values({
          memo_id: memo.id,
          collection_id: collectionId,
          position: memo.id,
          created_at: now,
        })
        .execute();
      await db
        .updateTable('collections')
        .set((eb) => ({ memos_count: eb('memos_count', '+', 1) }))
        .where('id', '=', collectionId)
        .execute();
    }
    return memo.id;
  }

  it('the secret link opens the collection to anyone holding it, until refreshed or turned off', async () => {
    const id = await create({ name: 'Secret plans' });
    const link = async (query = '') =>
      (await get(`/api/collection/${id}/secret-link${query}`)).json().secret_link as string;
    const first = await link();
    const token = new URL(first).searchParams.get('secure_token') as string;
    expect(first).toBe(`http://memoria.test/p/collections/${id}?secure_token=${token}`);
    expect(await link()).toBe(first);
    const read = (secret: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        url: `/api/p/collection/${id}?collection_sec_link=${encodeURIComponent(secret)}`,
        headers,
      });
    expect((await read(token)).statusCode).toBe(200);
    expect((await read(token)).json()).toMatchObject({
      name: 'Secret plans',
      type: '',
      isOwner: false,
    });
    expect(
      (await get(`/api/collection/${id}?collection_sec_link=${token}`, stranger.headers))
        .statusCode,
    ).toBe(200);
    expect((await read('wrong')).statusCode).toBe(403);

    const second = await link('?refresh=1');
    expect(second).not.toBe(first);
    expect((await read(token)).statusCode).toBe(403);
    const fresh = new URL(second).searchParams.get('secure_token') as string;
    expect((await read(fresh)).statusCode).toBe(200);

    // the blocked never read by link
    await blockUser(t, owner.id, stranger.id);
    expect(
      (await get(`/api/collection/${id}?collection_sec_link=${fresh}`, stranger.headers))
        .statusCode,
    ).toBe(404);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/collection/${id}`,
      headers: owner.headers,
      payload: { public_link_on: false },
    });
    expect((await read(fresh)).statusCode).toBe(403);
    // asking for the link turns it on again
    expect(await link()).toBe(second);
    expect((await read(fresh)).statusCode).toBe(200);
  });

  it('the call token: the owner always, readers only when calls are allowed', async () => {
    const closed = await create({ name: 'No calls', type: 'all_contacts' });
    const open = await create({ name: 'Calls', type: 'all_contacts', user_can_join_call: true });
    const token = (id: string, headers: Record<string, string>) =>
      get(`/api/collection/${id}/secure-token`, headers);
    expect((await token(closed, contact.headers)).statusCode).toBe(403);
    const mine = (await token(closed, owner.headers)).json().call_secure_token;
    expect(mine).toMatch(/^[\w-]{32}$/);
    expect((await token(closed, owner.headers)).json().call_secure_token).toBe(mine);
    const theirs = (await token(open, contact.headers)).json().call_secure_token;
    expect(theirs).toMatch(/^[\w-]{32}$/);
    expect((await token(open, owner.headers)).json().call_secure_token).toBe(theirs);
  });

  it('members page in the database', async () => {
    const id = await create({ name: 'Many', type: 'all_contacts' });
    const more = [await signedInUser(t, { name: 'Zed' }), await signedInUser(t, { name: 'Amy' })];
    for (const person of more) await connectUsers(t, owner.id, person.id);
    const page = async (query: string) => {
      const res = await t.app.inject({
        url: `/api/collection/${id}/user${query}`,
        headers: { ...owner.headers, accept: 'application/ld+json' },
      });
      return res.json();
    };
    const all = await page('');
    expect(all['hydra:member'].map((m: { user: { name: string } }) => m.user.name)).toEqual([
      'Olga Owner',
      'Amy',
      'Carl Contact',
      'Zed',
    ]);
    const second = await page('?itemsPerPage=2&page=2');
    expect(second['hydra:totalItems']).toBe(4);
    expect(second['hydra:member'].map((m: { user: { name: string } }) => m.user.name)).toEqual([
      'Carl Contact',
      'Zed',
    ]);
    const plain = await get(`/api/collection/${id}/user`);
    expect(plain.json()[0]).toEqual({
      id: owner.id,
      role: 'owner',
      user: {
        id: owner.id,
        '@id': `/api/user/${owner.id}`,
        name: 'Olga Owner',
        picture: null,
        label: 'OO',
      },
    });
  });

  it('deleting removes the memos only in it, keeps memos also elsewhere, in one go', async () => {
    const doomed = await create({ name: 'Doomed', type: 'all_contacts', is_collaboration: true });
    const kept = await create({ name: 'Kept' });
    const alone = await memoIn(owner.id, [doomed], 'alone');
    const shared = await memoIn(owner.id, [doomed, kept], 'shared');
    const byContact = await memoIn(contact.id, [doomed], 'by contact');
    expect((await get(`/api/collection/${doomed}`)).json().memos_count).toBe(3);
    await t.app.inject({
      method: 'POST',
      url: '/api/muted/collection',
      headers: contact.headers,
      payload: { collection: doomed },
    });

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/collection/${doomed}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const { db } = t.database;
    const memos = await db
      .selectFrom('memos')
      .where('id', 'in', [alone, shared, byContact])
      .select('id')
      .execute();
    expect(memos.map((m) => m.id)).toEqual([shared]);
    const links = await db
      .selectFrom('memos_per_collection')
      .where('memo_id', '=', shared)
      .select('collection_id')
      .execute();
    expect(links).toEqual([{ collection_id: kept }]);
    const leftovers = await db
      .selectFrom('muted_collections')
      .where('collection_id', '=', doomed)
      .select('id')
      .execute();
    expect(leftovers).toEqual([]);
    expect((await get(`/api/collection/${doomed}`)).statusCode).toBe(404);
    expect((await get(`/api/collection/${kept}`)).json().memos_count).toBe(1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/collection/${doomed}`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  describe('mute and watching', () => {
    it('muting twice keeps one mute; unmuting takes its id or the collection id', async () => {
      const id = await create({ name: 'Noisy', type: 'all_contacts' });
      const mute = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/muted/collection',
          headers: contact.headers,
          payload: { collection: `/api/collection/${id}` },
        });
      const first = await mute();
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ id: expect.any(Number), collection: `/api/collection/${id}` });
      expect((await mute()).json().id).toBe(first.json().id);
      const unmute = (target: string | number, headers = contact.headers) =>
        t.app.inject({ method: 'DELETE', url: `/api/muted/collection/${target}`, headers });
      // someone else's mute id is not theirs to remove
      expect((await unmute(first.json().id, owner.headers)).statusCode).toBe(404);
      expect((await unmute(first.json().id)).statusCode).toBe(204);
      expect((await unmute(first.json().id)).statusCode).toBe(404);
      await mute();
      expect((await unmute(id)).statusCode).toBe(204);
      expect((await get(`/api/collection/${id}`, contact.headers)).json().is_muted).toBe(false);
    });

    it('bodies must name one thing to watch', async () => {
      const id = await create({ name: 'Watched', type: 'all_contacts' });
      const post = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url, headers: contact.headers, payload });
      expect((await post('/api/comment_watching', {})).json().violations[0].propertyPath).toBe(
        'collection',
      );
      const both = await post('/api/comment_watching', { collection: id, memo: 1 });
      expect(both.statusCode).toBe(422);
      expect(both.json().violations[0].propertyPath).toBe('memo');
      expect((await post('/api/content/watching', {})).statusCode).toBe(422);
      expect((await post('/api/content/watching', { collection: id, extra: 1 })).statusCode).toBe(
        422,
      );
      const rows = await t.database.db
        .selectFrom('collection_watchers')
        .where('collection_id', '=', id)
        .select('id')
        .execute();
      expect(rows).toEqual([]);
    });

    it('memo comment watching needs the memo to be visible', async () => {
      const shared = await create({ name: 'Shared', type: 'all_contacts' });
      const mine = await create({ name: 'Mine' });
      const visible = await memoIn(owner.id, [shared]);
      const hidden = await memoIn(owner.id, [mine]);
      const watch = (memo: number | string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/comment_watching',
          headers: contact.headers,
          payload: { memo },
        });
      const ok = await watch(`/api/memo/${visible}`);
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toEqual({
        id: expect.any(Number),
        memo: `/api/memo/${visible}`,
        notify_me: true,
      });
      expect((await watch(visible)).json().id).toBe(ok.json().id);
      const refused = await watch(hidden);
      expect(refused.statusCode).toBe(403);
      const rows = await t.database.db
        .selectFrom('memo_watchers')
        .where('user_id', '=', contact.id)
        .select('memo_id')
        .execute();
      expect(rows).toEqual([{ memo_id: visible }]);
    });
  });
});
