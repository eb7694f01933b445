import { afterAll, beforeAll, expect, it } from 'vitest';
import { COLLECTION_TYPES, type CollectionType } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { insertCollection } from '../../test/content.js';
import {
  READS,
  VIEWER_KINDS,
  WRITES,
  buildViewerWorld,
  type ViewerWorld,
  type ViewerKind,
} from '../../test/viewer-world.js';

/**
 * Every memo endpoint × every viewer kind of docs/RULES.md, Audiences × every collection type: what
 * each may read and do, and that a refusal says 404 (blocked, or nothing there) or 403.
 */
describeDb('memo authorization by viewer kind and collection type', () => {
  let t: TestApp;
  let w: ViewerWorld;
  /** one memo of the author per collection type, with two todos */
  const memo = {} as Record<CollectionType, { id: number; todo: number }>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildViewerWorld(t);
    for (const person of Object.values(w.people)) {
      await insertCollection(t, person.id, 'private', { name: 'Mine' });
    }
    for (const type of COLLECTION_TYPES) memo[type] = await authorMemo(type);
  });
  afterAll(() => t?.close());

  async function authorMemo(type: CollectionType) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers: w.author.headers,
      payload: {
        title: `memo in ${type}`,
        memos_per_collection: [w.collections[type]],
        memo_todos: [{ description: 'first' }, { description: 'second' }],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    const body = res.json();
    return { id: body.id as number, todo: body.memo_todos[0].id as number };
  }

  const call = (kind: ViewerKind, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: w.headers[kind],
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const reads = (kind: ViewerKind, type: CollectionType) => READS[kind].includes(type);
  const isAuthor = (kind: ViewerKind) => kind === 'author' || kind === 'delegate';
  /** What a refused signed-in request answers; visitors get 401 on signed-in routes. */
  const refusal = (kind: ViewerKind, signedInOnly = true) => {
    if (kind === 'visitor' && signedInOnly) return 401;
    // blocked people are told nothing is there; others that it is not theirs to see or do
    return kind === 'blocked' ? 404 : 403;
  };

  async function check(
    kind: ViewerKind,
    endpoint: string,
    expected: (type: CollectionType) => number,
    run: (type: CollectionType) => Promise<{ statusCode: number }>,
  ) {
    const got: string[] = [];
    const want: string[] = [];
    for (const type of COLLECTION_TYPES) {
      got.push(`${endpoint} ${type}: ${(await run(type)).statusCode}`);
      want.push(`${endpoint} ${type}: ${expected(type)}`);
    }
    expect(got).toEqual(want);
  }

  it.each(VIEWER_KINDS)('%s: reading memos and lists', async (kind) => {
    await check(
      kind,
      'GET memo',
      (type) => (reads(kind, type) ? 200 : refusal(kind, false)),
      (type) => call(kind, 'GET', `/api/memo/${memo[type].id}`),
    );
    await check(
      kind,
      'GET p/memo',
      (type) => (type === 'public' ? 200 : 403),
      (type) => call(kind, 'GET', `/api/p/memo/${memo[type].id}`),
    );
    await check(
      kind,
      'GET collection list',
      (type) => (reads(kind, type) ? 200 : refusal(kind, false)),
      (type) => call(kind, 'GET', `/api/collection/${w.collections[type]}/memo`),
    );
    await check(
      kind,
      'GET p/collection list',
      (type) => (type === 'public' ? 200 : 403),
      (type) => call(kind, 'GET', `/api/p/collection/${w.collections[type]}/memo`),
    );
    // the collection list holds the memo when it answers
    for (const type of READS[kind]) {
      const list = (await call(kind, 'GET', `/api/collection/${w.collections[type]}/memo`)).json();
      expect([type, list.map((m: { id: number }) => m.id)]).toEqual([type, [memo[type].id]]);
    }
    // the author's list shows exactly the readable ones
    const own = await call(kind, 'GET', `/api/user/${w.author.id}/memo`);
    if (kind === 'blocked') {
      expect(own.statusCode).toBe(404);
    } else {
      expect(own.statusCode).toBe(200);
      const ids = own.json().map((m: { id: number }) => m.id);
      const expected = COLLECTION_TYPES.filter((type) => reads(kind, type)).map(
        (type) => memo[type].id,
      );
      expect([...ids].sort()).toEqual([...expected].sort());
    }
    const pub = await call(kind, 'GET', `/api/p/user/${w.author.id}/memo`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().map((m: { id: number }) => m.id)).toEqual([memo.public.id]);
  });

  it.each(VIEWER_KINDS)('%s: edit, pin, tick, copy, secret link, unwatch', async (kind) => {
    const denied = () => refusal(kind);
    await check(
      kind,
      'PUT',
      () => (isAuthor(kind) ? 200 : denied()),
      (type) =>
        call(kind, 'PUT', `/api/memo/${memo[type].id}`, {
          title: isAuthor(kind) ? `memo in ${type}` : 'taken over',
          memos_per_collection: [w.collections[type]],
          memo_todos: [{ description: 'first' }, { description: 'second' }],
        }),
    );
    await check(
      kind,
      'pin',
      () => (isAuthor(kind) ? 200 : denied()),
      (type) => call(kind, 'GET', `/api/memo/pin_on_top/${memo[type].id}`),
    );
    await check(
      kind,
      'unpin',
      () => (isAuthor(kind) ? 200 : denied()),
      (type) => call(kind, 'GET', `/api/memo/unpin/${memo[type].id}`),
    );
    // todos were replaced by the PUTs above: read the current first todo
    const firstTodo = async (type: CollectionType) =>
      (await call('author', 'GET', `/api/memo/${memo[type].id}`)).json().memo_todos[0].id as number;
    await check(
      kind,
      'todo change',
      (type) => (isAuthor(kind) || WRITES(kind).includes(type) ? 200 : denied()),
      async (type) => call(kind, 'GET', `/api/memo/todo/${await firstTodo(type)}/change`),
    );
    await check(
      kind,
      'copy',
      (type) => (kind !== 'visitor' && reads(kind, type) ? 201 : denied()),
      (type) => call(kind, 'POST', `/api/memo/copy/${memo[type].id}`),
    );
    await check(
      kind,
      'secret link',
      () => (isAuthor(kind) ? 200 : denied()),
      (type) => call(kind, 'GET', `/api/memo/${memo[type].id}/secret-link`),
    );
    await check(
      kind,
      'unwatch comments',
      (type) => (kind !== 'visitor' && reads(kind, type) ? 204 : denied()),
      (type) => call(kind, 'DELETE', `/api/memo/${memo[type].id}/delete-comment-watching`),
    );
    // nothing was taken over
    for (const type of COLLECTION_TYPES) {
      const title = (await call('author', 'GET', `/api/memo/${memo[type].id}`)).json().title;
      expect(title).toBe(`memo in ${type}`);
    }
  });

  it.each(VIEWER_KINDS)('%s: write into and delete from each collection type', async (kind) => {
    await check(
      kind,
      'POST into',
      (type) => {
        if (kind === 'visitor') return 401;
        if (WRITES(kind).includes(type)) return 201;
        return reads(kind, type) ? 403 : 422;
      },
      (type) =>
        call(kind, 'POST', '/api/memo', {
          title: `${kind} writes`,
          memos_per_collection: [w.collections[type]],
        }),
    );
    await check(
      kind,
      'DELETE',
      () => (isAuthor(kind) ? 204 : refusal(kind)),
      async (type) => call(kind, 'DELETE', `/api/memo/${(await authorMemo(type)).id}`),
    );
  });

  it('memo counts follow every write', async () => {
    for (const type of COLLECTION_TYPES) {
      const { db } = t.database;
      const row = await db
        .selectFrom('collections')
        .select('memos_count')
        .where('id', '=', w.collections[type])
        .executeTakeFirstOrThrow();
      const links = await db
        .selectFrom('memos_per_collection')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('collection_id', '=', w.collections[type])
        .executeTakeFirstOrThrow();
      expect([type, row.memos_count]).toEqual([type, Number(links.n)]);
    }
  });
});
