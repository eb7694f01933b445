import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { createCollection } from '../../test/content.js';
import { down, up } from '../../db/migrations/0033_discoverable_memos.js';

const HYDRA = { accept: 'application/ld+json' };

/**
 * Discover reads only memos flagged `discoverable` (in a public collection), a flag the
 * database's triggers keep (migration 0033). Each way a memo enters or leaves a public
 * collection must move it in and out of discover, as a stranger sees it.
 */
describeDb('discover: the discoverable flag follows the collections', () => {
  let t: TestApp;
  let author: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    author = await signedInUser(t, { name: 'Ada' });
    stranger = await signedInUser(t, { name: 'Sam' });
  });
  afterAll(() => t?.close());

  const post = async (title: string, collections: string[]): Promise<number> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers: author.headers,
      payload: { title, memos_per_collection: collections },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  const send = async (method: 'PATCH' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers: author.headers, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  const patch = (url: string, payload: object) => send('PATCH', url, payload);
  /** The memo edited into these collections (the editor sends the whole memo). */
  const move = (memoId: number, title: string, collections: string[]) =>
    send('PUT', `/api/memo/${memoId}`, { title, memos_per_collection: collections });

  const discovered = async (): Promise<number[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/discover?itemsPerPage=50',
      headers: { ...stranger.headers, ...HYDRA },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json()['hydra:member'] as Array<{ id: number }>).map((memo) => memo.id);
  };

  const flagOf = async (memoId: number): Promise<boolean> => {
    const row = await t.database.db
      .selectFrom('memos')
      .select('discoverable')
      .where('id', '=', memoId)
      .executeTakeFirstOrThrow();
    return Boolean(row.discoverable);
  };

  /** The flag and discover agree, and say `expected` for every memo given. */
  const expectDiscoverable = async (expected: Record<number, boolean>) => {
    const seen = await discovered();
    for (const [id, yes] of Object.entries(expected)) {
      expect([id, await flagOf(Number(id))]).toEqual([id, yes]);
      expect([id, seen.includes(Number(id))]).toEqual([id, yes]);
    }
  };

  it('follows memos in and out of public collections, and collections changing type', async () => {
    const open = await createCollection(t, author, { name: 'Open', type: 'public' });
    const closed = await createCollection(t, author, { name: 'Closed', type: 'all_contacts' });
    const inOpen = await post('in the open one', [open]);
    const inClosed = await post('in the closed one', [closed]);
    const inBoth = await post('in both', [open, closed]);
    await expectDiscoverable({ [inOpen]: true, [inClosed]: false, [inBoth]: true });

    // the memo moves: out of the public collection, then back
    await move(inBoth, 'in both', [closed]);
    await expectDiscoverable({ [inBoth]: false });
    await move(inBoth, 'in both', [closed, open]);
    await expectDiscoverable({ [inBoth]: true });

    // the collection changes type: every memo of it follows, unless another collection holds it
    await patch(`/api/collection/${closed}`, { type: 'public' });
    await expectDiscoverable({ [inClosed]: true, [inBoth]: true });
    await patch(`/api/collection/${open}`, { type: 'all_contacts' });
    await expectDiscoverable({ [inOpen]: false, [inBoth]: true, [inClosed]: true });
    await patch(`/api/collection/${closed}`, { type: 'all_contacts' });
    await expectDiscoverable({ [inOpen]: false, [inBoth]: false, [inClosed]: false });

    // a deleted collection takes its memos' public place with it (the rows cascade)
    const again = await createCollection(t, author, { name: 'Again', type: 'public' });
    const last = await post('last', [again, closed]);
    await expectDiscoverable({ [last]: true });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/collection/${again}`,
      headers: author.headers,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await expectDiscoverable({ [last]: false });
  });

  it('flags the memos already in public collections when it is applied', async () => {
    const { db, dialect } = t.database;
    const raw = db as unknown as Kysely<unknown>;
    const open = await createCollection(t, author, { name: 'Before', type: 'public' });
    const closed = await createCollection(t, author, {
      name: 'Before closed',
      type: 'all_contacts',
    });
    await down(raw, dialect);
    const inOpen = await post('posted before the flag', [open]);
    const inClosed = await post('posted before, not public', [closed]);
    await up(raw, dialect);
    await expectDiscoverable({ [inOpen]: true, [inClosed]: false });
    // and the triggers are back
    await patch(`/api/collection/${closed}`, { type: 'public' });
    await expectDiscoverable({ [inClosed]: true });
  });
});
