import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { createCollection } from '../../test/content.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { queryCountingApp } from '../../test/query-count.js';
import { connectUsers, grantRules } from '../../test/social.js';

describeDb('collections: bad ids, lists, group names', () => {
  let t: TestApp;
  let owner: SignedIn;
  let contact: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t, { name: 'Olga Owner' });
    contact = await signedInUser(t, { name: 'Carl Contact' });
    await connectUsers(t, owner.id, contact.id);
    await grantRules(t, owner.id, { has_subscription: true, silver: true });
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = owner.headers) =>
    t.app.inject({ url, headers });
  const create = (payload: object, user: SignedIn = owner) => createCollection(t, user, payload);

  describe('bad ids are 404, never a server error', () => {
    const ids = [
      'short',
      'abcdefghijk',
      'ABCDEFGHIJ',
      'abc%20defgh',
      '%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9',
      '0000000000',
    ];
    const routes: [string, string, object?][] = [
      ['GET', '/api/collection/{id}'],
      ['GET', '/api/p/collection/{id}'],
      ['PUT', '/api/collection/{id}', { name: 'x' }],
      ['PATCH', '/api/collection/{id}', { name: 'x' }],
      ['DELETE', '/api/collection/{id}'],
      ['GET', '/api/collection/{id}/user'],
      ['GET', '/api/collection/{id}/secret-link'],
      ['GET', '/api/collection/{id}/secure-token'],
      ['DELETE', '/api/collection/{id}/delete-content-watching'],
      ['DELETE', '/api/collection/{id}/delete-comment-watching'],
      ['DELETE', '/api/muted/collection/{id}'],
      ['POST', '/api/muted/collection', { collection: '/api/collection/{id}' }],
      ['POST', '/api/content/watching', { collection: '{id}' }],
      ['POST', '/api/comment_watching', { collection: '{id}' }],
    ];
    const cases = routes.flatMap(([method, path, body]) =>
      ids.map((id) => [method, path, id, body] as const),
    );
    it.each(cases)('%s %s with %s', async (method, path, id, body) => {
      const res = await t.app.inject({
        method: method as 'GET',
        url: path.replace('{id}', id),
        headers: owner.headers,
        ...(body ? { payload: JSON.parse(JSON.stringify(body).replace('{id}', id)) } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Collection not found');
    });

    it.each(['abc', '0', '-1', '99999999', '1.5', '/api/memo/1'])(
      'user lists with %s',
      async (id) => {
        for (const url of [
          `/api/user/${encodeURIComponent(id)}/collection`,
          `/api/p/user/${encodeURIComponent(id)}/collection`,
        ]) {
          expect((await get(url)).statusCode).toBe(404);
        }
      },
    );

    it('a memo that does not exist or is no memo reference', async () => {
      for (const memo of [99999999, '/api/memo/abc', '/api/user/1']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/comment_watching',
          headers: owner.headers,
          payload: { memo },
        });
        expect(res.statusCode).toBe(404);
      }
    });

    it('calls without a session are 401 except the public ones', async () => {
      const id = await create({ name: 'Private' });
      expect((await t.app.inject({ url: `/api/collection/${id}` })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/collection/groups' })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/collection', payload: { name: 'x' } }))
          .statusCode,
      ).toBe(401);
      expect((await t.app.inject({ url: `/api/p/collection/${id}` })).statusCode).toBe(403);
    });
  });

  describe('lists', () => {
    let lister: SignedIn;
    beforeAll(async () => {
      lister = await signedInUser(t);
      await grantRules(t, lister.id, { silver: true });
      const names = ['Garden', 'Kitchen 50%', 'garden tools', 'Books', 'Kitchen_x'];
      for (const [index, name] of names.entries()) {
        const id = await create({ name, type: 'public' }, lister);
        // distinct modification times, a minute apart, in the past
        await t.database.db
          .updateTable('collections')
          .set({
            updated_at: t.database.dialect.time(new Date(Date.now() - (10 - index) * 60_000)),
          })
          .where('id', '=', id)
          .execute();
      }
    });
    const names = async (query: string, headers = lister.headers) => {
      const res = await get(`/api/user/${lister.id}/collection${query}`, headers);
      expect(res.statusCode).toBe(200);
      return (res.json() as { name: string }[]).map((c) => c.name);
    };

    it('answers newest modified first; an edit moves a collection up', async () => {
      expect(await names('')).toEqual([
        'Kitchen_x',
        'Books',
        'garden tools',
        'Kitchen 50%',
        'Garden',
      ]);
      const list = (await get(`/api/user/${lister.id}/collection`, lister.headers)).json();
      const garden = list.find((c: { name: string }) => c.name === 'Garden').id;
      await t.app.inject({
        method: 'PATCH',
        url: `/api/collection/${garden}`,
        headers: lister.headers,
        payload: { description: 'moved' },
      });
      expect((await names(''))[0]).toBe('Garden');
    });

    it('searches names case-insensitively, wildcards taken literally', async () => {
      expect((await names('?name=GARDEN')).sort()).toEqual(['Garden', 'garden tools']);
      expect(await names('?name=50%25')).toEqual(['Kitchen 50%']);
      expect(await names('?name=n_x')).toEqual(['Kitchen_x']);
      expect(await names('?name=%25')).toEqual(['Kitchen 50%']);
      expect(await names('?name=nothing')).toEqual([]);
    });

    it('pages in the database, with hydra totals', async () => {
      const res = await t.app.inject({
        url: `/api/user/${lister.id}/collection?itemsPerPage=2&page=2`,
        headers: { ...lister.headers, accept: 'application/ld+json' },
      });
      const body = res.json();
      expect(body['hydra:totalItems']).toBe(5);
      expect(body['hydra:member']).toHaveLength(2);
      const all = await names('');
      expect(body['hydra:member'].map((c: { name: string }) => c.name)).toEqual(all.slice(2, 4));
      expect(await names('?itemsPerPage=2&offset=3')).toEqual(all.slice(3, 5));
      expect(await names('?itemsPerPage=0&page=-3')).toEqual(all.slice(0, 1));
    });

    it('the public list shows public collections to visitors', async () => {
      await create({ name: 'Hidden' }, lister);
      const res = await t.app.inject({ url: `/api/p/user/${lister.id}/collection?name=e` });
      expect((res.json() as { name: string }[]).map((c) => c.name).sort()).toEqual(
        ['Garden', 'Kitchen 50%', 'Kitchen_x', 'garden tools'].sort(),
      );
    });
  });

  it('favourite_id is the viewer’s own favourite row', async () => {
    const id = await create({ name: 'Loved', type: 'all_contacts' });
    // written straight into the favourites table (the favourites routes are the social work's)
    const favourite = await t.database.db
      .insertInto('favourites')
      .values({
        user_id: contact.id,
        type: 'collection',
        collection_id: id,
        favourite_user_id: null,
        created_at: t.database.dialect.time(new Date()),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const favouriteId = favourite.id;
    expect((await get(`/api/collection/${id}`, contact.headers)).json().favourite_id).toBe(
      favouriteId,
    );
    const listed = await get(`/api/user/${owner.id}/collection?name=Loved`, contact.headers);
    expect(listed.json()[0].favourite_id).toBe(favouriteId);
    expect((await get(`/api/collection/${id}`)).json().favourite_id).toBeNull();
  });

  it('answers a list of collections in at most 5 queries, whatever its length', async () => {
    const shared = await create({
      name: 'Shared work',
      type: 'all_contacts',
      is_collaboration: true,
    });
    await create({
      name: 'Picked',
      type: 'selected_contacts',
      users_per_collection: [`/api/user/${contact.id}`],
    });
    // every request reaches the database: no kept answers
    const counting = await queryCountingApp(t, { answerCacheMb: 0 });
    try {
      const HYDRA = { accept: 'application/ld+json' };
      for (const [url, headers] of [
        [`/api/user/${owner.id}/collection`, owner.headers],
        [`/api/user/${owner.id}/collection?itemsPerPage=50`, { ...owner.headers, ...HYDRA }],
        [`/api/user/${owner.id}/collection?itemsPerPage=1`, owner.headers],
        [`/api/user/${contact.id}/collection`, contact.headers],
        [`/api/user/${owner.id}/collection?itemsPerPage=50`, contact.headers],
        [`/api/p/user/${owner.id}/collection`, {}],
      ] as const) {
        // the first request of a session also reads the session (the auth layer keeps it)
        await counting.get(url, headers);
        const { status, body, queries } = await counting.get(url, headers);
        expect([url, status]).toEqual([url, 200]);
        // owner, blocks (another's list), count, page, selected people (own), favourites
        expect([url, queries <= 5]).toEqual([url, true]);
        if (url === `/api/user/${contact.id}/collection`) {
          // the collaboration of the contact's contact is on their own list
          expect((body as { id: string }[]).map((c) => c.id)).toContain(shared);
        }
      }
    } finally {
      await counting.close();
    }
  });

  it('group names: distinct, sorted, only yours', async () => {
    const user = await signedInUser(t);
    for (const group of ['Work', 'Home', 'Work', null, '  ']) {
      await create({ name: 'g', group_name: group }, user);
    }
    await create({ name: 'theirs', group_name: 'Other' });
    const res = await get('/api/collection/groups', user.headers);
    expect(res.json()).toEqual(['Home', 'Work']);
  });
});
