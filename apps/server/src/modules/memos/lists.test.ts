import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { queryCountingApp } from '../../test/query-count.js';
import { connectUsers } from '../../test/social.js';
import { insertCollection } from '../../test/content.js';

const HYDRA = { accept: 'application/ld+json' };

describeDb('memo lists', () => {
  let t: TestApp;
  let ada: SignedIn;
  let bo: SignedIn;
  let stranger: SignedIn;
  let pub: string;
  let contacts: string;
  let hidden: string;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t, { name: 'Ada' });
    bo = await signedInUser(t, { name: 'Bo' });
    stranger = await signedInUser(t, { name: 'Stan' });
    await connectUsers(t, ada.id, bo.id);
    pub = await insertCollection(t, ada.id, 'public', { name: 'Open' });
    contacts = await insertCollection(t, ada.id, 'all_contacts', { name: 'Friends' });
    hidden = await insertCollection(t, ada.id, 'private', { name: 'Mine' });
    const titles = [
      'Walk in the park',
      'Shopping list',
      'Plan 100% done',
      'under_score',
      'Trip to Gent',
      'Books',
      'Recipes',
      'Garden',
      'Music',
      'Films',
      'Ideas',
      'Last one',
    ];
    for (const [i, title] of titles.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/memo',
        headers: ada.headers,
        payload: {
          title,
          description: i === 5 ? '<p>Novels by <em>Hella</em> S. Haasse</p>' : null,
          memos_per_collection: i % 2 === 0 ? [pub, contacts, hidden] : [pub],
          memo_todos: [
            { description: `a${i}` },
            { description: `b${i}` },
            { description: `c${i}` },
          ],
          memo_tags: i === 7 ? ['Outdoors', 'spring'] : ['misc', `t${i}`],
        },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      ids.push(res.json().id as number);
    }
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = ada.headers) =>
    t.app.inject({ url, headers });
  const idsOf = (res: { json(): unknown }) =>
    (res.json() as Array<{ id: number }>).map((m) => m.id);
  const newestFirst = () => [...ids].reverse();

  it('user list: newest first, ten a page, page and offset paging, hydra total', async () => {
    const first = await get(`/api/user/${ada.id}/memo`);
    expect(first.statusCode).toBe(200);
    expect(idsOf(first)).toEqual(newestFirst().slice(0, 10));
    expect(idsOf(await get(`/api/user/${ada.id}/memo?page=2`))).toEqual(newestFirst().slice(10));
    expect(idsOf(await get(`/api/user/${ada.id}/memo?offset=3&itemsPerPage=2&page=5`))).toEqual(
      newestFirst().slice(3, 5),
    );
    const hydra = await get(`/api/user/${ada.id}/memo?itemsPerPage=5`, {
      ...ada.headers,
      ...HYDRA,
    });
    expect(hydra.headers['content-type']).toContain('application/ld+json');
    expect(hydra.json()).toMatchObject({
      '@type': 'hydra:Collection',
      '@id': `/api/user/${ada.id}/memo`,
      'hydra:totalItems': 12,
    });
    expect(hydra.json()['hydra:member']).toHaveLength(5);
    const beyond = await get(`/api/user/${ada.id}/memo?page=9`, { ...ada.headers, ...HYDRA });
    expect(beyond.json()).toMatchObject({ 'hydra:member': [], 'hydra:totalItems': 12 });
    const unknown = await get('/api/user/999999/memo');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
  });

  it('search matches title, description text and tags, every word, % and _ literally', async () => {
    const search = async (q: string) =>
      idsOf(await get(`/api/user/${ada.id}/memo?search=${encodeURIComponent(q)}`));
    expect(await search('GENT')).toEqual([ids[4]]);
    expect(await search('haasse')).toEqual([ids[5]]);
    expect(await search('hella novels')).toEqual([ids[5]]);
    expect(await search('#outdoors')).toEqual([ids[7]]);
    expect(await search('100%')).toEqual([ids[2]]);
    expect(await search('%')).toEqual([ids[2]]);
    expect(await search('_')).toEqual([ids[3]]);
    expect(await search('nothing like this')).toEqual([]);
    const hydra = await get(`/api/collection/${pub}/memo?search=misc`, {
      ...ada.headers,
      ...HYDRA,
    });
    expect(hydra.json()['hydra:totalItems']).toBe(11);
  });

  it('collection list: pinned first, then newest; sequence_number is the pin in that collection', async () => {
    const pin = await get(`/api/memo/pin_on_top/${ids[2]}?collection=${contacts}`);
    expect(pin.statusCode).toBe(200);
    expect(pin.json().sequence_number).toBe(1);
    const list = await get(`/api/collection/${contacts}/memo`);
    const evens = ids.filter((_, i) => i % 2 === 0).reverse();
    expect(idsOf(list)).toEqual([ids[2], ...evens.filter((id) => id !== ids[2])]);
    expect(list.json()[0].sequence_number).toBe(1);
    expect(list.json()[1].sequence_number).toBe(0);
    // not pinned in the public collection
    const inPub = (await get(`/api/collection/${pub}/memo?itemsPerPage=50`)).json();
    expect(inPub.find((m: { id: number }) => m.id === ids[2]).sequence_number).toBe(0);
    // unpinning restores its place
    await get(`/api/memo/unpin/${ids[2]}?collection=${contacts}`);
    expect(idsOf(await get(`/api/collection/${contacts}/memo`))).toEqual(evens);
  });

  it('only collections the viewer may see are named; isHidden when all of those are muted', async () => {
    const memo = (await get(`/api/memo/${ids[0]}`, bo.headers)).json();
    expect(
      memo.memos_per_collection.map((l: { collection: { id: string } }) => l.collection.id),
    ).toEqual([pub, contacts]);
    expect(memo.collection).toMatchObject({ id: pub, type: '', name: 'Open' });
    expect(memo.is_connected).toBe(true);
    expect(memo.isHidden).toBe(false);
    expect((await get(`/api/memo/${ids[0]}`, stranger.headers)).json().is_connected).toBe(false);
    const { db, dialect } = t.database;
    await db
      .insertInto('muted_collections')
      .values({ user_id: bo.id, collection_id: pub, created_at: dialect.time(new Date()) })
      .execute();
    const list = (await get(`/api/user/${ada.id}/memo?itemsPerPage=50`, bo.headers)).json();
    const hiddenOf = (id: number) => list.find((m: { id: number }) => m.id === id).isHidden;
    expect(hiddenOf(ids[1] as number)).toBe(true); // only in the muted public collection
    expect(hiddenOf(ids[0] as number)).toBe(false); // also in the unmuted contacts one
    await db
      .insertInto('muted_collections')
      .values({ user_id: bo.id, collection_id: contacts, created_at: dialect.time(new Date()) })
      .execute();
    const muted = (await get(`/api/memo/${ids[0]}`, bo.headers)).json();
    expect(muted.isHidden).toBe(true);
    expect(muted.collection.is_muted).toBe(true);
    // the author's own view is not affected by someone else's mute
    expect((await get(`/api/memo/${ids[0]}`)).json().isHidden).toBe(false);
  });

  it('notify_me follows the viewer’s watch, and unwatching removes it', async () => {
    const { db, dialect } = t.database;
    await db
      .insertInto('memo_watchers')
      .values({ user_id: bo.id, memo_id: ids[0] as number, created_at: dialect.time(new Date()) })
      .execute();
    expect((await get(`/api/memo/${ids[0]}`, bo.headers)).json().notify_me).toBe(true);
    expect((await get(`/api/memo/${ids[0]}`)).json().notify_me).toBe(false);
    const off = await t.app.inject({
      method: 'DELETE',
      url: `/api/memo/${ids[0]}/delete-comment-watching`,
      headers: bo.headers,
    });
    expect(off.statusCode).toBe(204);
    expect((await get(`/api/memo/${ids[0]}`, bo.headers)).json().notify_me).toBe(false);
  });

  it('secret links: the collection’s opens it and its memos; the memo’s opens that memo alone', async () => {
    const secretCollection = await insertCollection(t, ada.id, 'private', {
      secret: 'coll-secret',
    });
    const inSecret = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers: ada.headers,
      payload: { title: 'Behind a link', memos_per_collection: [secretCollection] },
    });
    const id = inSecret.json().id as number;
    expect((await get(`/api/p/collection/${secretCollection}/memo`, {})).statusCode).toBe(403);
    const opened = await get(
      `/api/p/collection/${secretCollection}/memo?collection_sec_link=coll-secret`,
      {},
    );
    expect(idsOf(opened)).toEqual([id]);
    expect(
      (await get(`/api/p/memo/${id}?collection_sec_link=coll-secret`, {})).json().collection.id,
    ).toBe(secretCollection);
    expect(
      (await get(`/api/p/collection/${secretCollection}/memo?collection_sec_link=nope`, {}))
        .statusCode,
    ).toBe(403);

    const link = (await get(`/api/memo/${ids[1]}/secret-link`)).json().secret_link as string;
    expect(link).toMatch(new RegExp(`^http://memoria.test/p/memo/${ids[1]}\\?smt=[\\w-]{20,}$`));
    const smt = new URL(link).searchParams.get('smt') as string;
    // ids[1] is only in the public collection; use a private memo for the memo link
    const privateMemo = (
      await t.app.inject({
        method: 'POST',
        url: '/api/memo',
        headers: ada.headers,
        payload: { title: 'Private', memos_per_collection: [hidden] },
      })
    ).json().id as number;
    const privateLink = (await get(`/api/memo/${privateMemo}/secret-link`)).json().secret_link;
    const token = new URL(privateLink).searchParams.get('smt') as string;
    expect((await get(`/api/p/memo/${privateMemo}`, {})).statusCode).toBe(403);
    const visitorView = await get(`/api/p/memo/${privateMemo}?memo_sec_link=${token}`, {});
    expect(visitorView.statusCode).toBe(200);
    // it reveals no collection the visitor may not see, and opens no list
    expect(visitorView.json()).toMatchObject({ collection: null, memos_per_collection: [] });
    expect(
      (await get(`/api/p/collection/${hidden}/memo?memo_sec_link=${token}`, {})).statusCode,
    ).toBe(403);
    // the same link again until refreshed; refresh invalidates the old one
    expect((await get(`/api/memo/${privateMemo}/secret-link`)).json().secret_link).toBe(
      privateLink,
    );
    const refreshed = (await get(`/api/memo/${privateMemo}/secret-link?refresh=1`)).json()
      .secret_link;
    expect(refreshed).not.toBe(privateLink);
    expect((await get(`/api/p/memo/${privateMemo}?memo_sec_link=${token}`, {})).statusCode).toBe(
      403,
    );
    expect(smt).not.toBe(token);
  });

  it('presentIds (for feed and discover) keeps the order given and leaves out what is not visible', async () => {
    const onlyMine = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers: ada.headers,
      payload: { title: 'Only mine', memos_per_collection: [hidden] },
    });
    const mine = onlyMine.json().id as number;
    const order = [ids[3] as number, mine, ids[0] as number, 987654];
    const forStranger = await t.app.memos.presentIds({ userId: stranger.id }, order);
    expect(forStranger.map((m) => m.id)).toEqual([ids[3], ids[0]]);
    const forAda = await t.app.memos.presentIds({ userId: ada.id }, order);
    expect(forAda.map((m) => m.id)).toEqual([ids[3], mine, ids[0]]);
    expect(forAda[2]?.memo_todos).toHaveLength(3);
  });

  it('answers a list page in at most 5 queries, whatever the page size', async () => {
    // every request reaches the database: no kept answers
    const counting = await queryCountingApp(t, { answerCacheMb: 0 });
    try {
      const measure = async (url: string, headers: Record<string, string>) => {
        const { status, body, queries } = await counting.get(url, headers);
        expect([url, status]).toEqual([url, 200]);
        return { queries, members: body as Array<{ memo_todos: unknown[]; memo_tags: unknown[] }> };
      };
      for (const headers of [ada.headers, bo.headers, { ...bo.headers, ...HYDRA }, {}]) {
        for (const url of [
          `/api/user/${ada.id}/memo`,
          `/api/user/${ada.id}/memo?itemsPerPage=50`,
          `/api/collection/${pub}/memo`,
          `/api/collection/${pub}/memo?itemsPerPage=50&search=misc`,
          `/api/p/collection/${pub}/memo?itemsPerPage=50`,
          `/api/user/${ada.id}/memo?page=50`,
        ]) {
          const { queries } = await measure(url, headers);
          expect([url, queries <= 5]).toEqual([url, true]);
        }
      }
      // a full page with todos and tags really was loaded in those queries
      const { members, queries } = await measure(`/api/collection/${pub}/memo`, bo.headers);
      expect(members).toHaveLength(10);
      expect(members.every((m: { memo_todos: unknown[] }) => m.memo_todos.length === 3)).toBe(true);
      expect(members.every((m: { memo_tags: unknown[] }) => m.memo_tags.length === 2)).toBe(true);
      // the page; its todos, tags, reactions and collections in one; attachments (media); and
      // the session check when the guard reads it again
      expect(queries).toBeGreaterThanOrEqual(3);
      expect(queries).toBeLessThanOrEqual(4);
      expect(
        members.every(
          (m) => (m as { memos_per_collection?: unknown[] }).memos_per_collection?.length,
        ),
      ).toBe(true);
    } finally {
      await counting.close();
    }
  });

  it('a page presents each collection once and shares it, answering as before', async () => {
    // the memos with three collections each (even titles), newest first
    const page = newestFirst().filter((_, i) => i % 2 === 1);
    const memos = await t.app.memos.presentIds({ userId: ada.id }, page);
    expect(memos.map((m) => m.id)).toEqual(page);
    const refs = memos.flatMap((m) => [
      m.collection,
      ...m.memos_per_collection.map((link) => link.collection),
    ]);
    // one answer object per collection on the page (docs/PERFORMANCE.md, cold reads)
    expect(new Set(refs).size).toBe(3);
    for (const memo of memos) {
      expect(memo.collection).toBe(memo.memos_per_collection[0]?.collection);
    }
    // the same answer as each memo read on its own
    for (const memo of memos) {
      const [alone] = await t.app.memos.presentIds({ userId: ada.id }, [memo.id]);
      expect(JSON.stringify(memo)).toBe(JSON.stringify(alone));
    }
  });
});
