import { afterAll, beforeAll, expect, it } from 'vitest';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { collectionPage, userPage, type ListQuery } from './list-store.js';
import type { QueryCache } from './query-cache.js';
import { insertCollection } from './test-world.js';

/**
 * The list pages must walk their index in the list's order and stop at the page's end:
 * memos_per_collection_order_idx for a collection, memos_user_idx for a user, with no sort
 * of the whole list (SQLite: no temporary B-tree; PostgreSQL: at most an incremental sort
 * of rows already in order). Plans on a small test database can prefer a scan, so
 * PostgreSQL is asked to avoid sequential scans where it can.
 */
describeDb('memo list query plans', () => {
  let t: TestApp;
  let ada: SignedIn;
  let collection: string;
  const q: ListQuery = { search: [], limit: 10, offset: 0, withTotal: false };

  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t, { name: 'Ada' });
    collection = await insertCollection(t, ada.id, 'public');
    for (let i = 0; i < 30; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/memo',
        headers: ada.headers,
        payload: { title: `memo ${i}`, memos_per_collection: [collection] },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(() => t?.close());

  /** The query a list function would run, compiled with its values, not run. */
  async function compiledOf(
    run: (cache: QueryCache) => Promise<unknown>,
  ): Promise<CompiledQuery<unknown>> {
    let compiled: CompiledQuery<unknown> | undefined;
    const capture: QueryCache = {
      async rows<R>(
        _shape: string,
        values: readonly unknown[],
        build: (s: readonly unknown[]) => Compilable<R>,
      ) {
        compiled = build(values).compile() as CompiledQuery<unknown>;
        return [];
      },
    };
    await run(capture);
    if (!compiled) throw new Error('no query was built');
    return compiled;
  }

  async function planOf(query: CompiledQuery<unknown>): Promise<string> {
    const { db } = t.database;
    if (TEST_DB === 'sqlite') {
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      return plan.rows.map((row) => row.detail).join('\n');
    }
    return db.transaction().execute(async (trx) => {
      // A few rows make any plan cheap: take away scans and full sorts to see whether
      // the index can answer in order (at scale the costs choose it; see PERFORMANCE.md).
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) {
        await sql`select set_config(${setting}, 'off', true)`.execute(trx);
      }
      const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  /** No sort of the whole list before the page is cut. */
  function expectNoFullSort(plan: string) {
    if (TEST_DB === 'sqlite') {
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else {
      // a Sort node (an Incremental Sort of presorted rows is fine)
      expect(plan).not.toMatch(/(^|->)\s*Sort\s+\(/m);
    }
  }

  it('a collection page walks memos_per_collection_order_idx', async () => {
    const { db, dialect } = t.database;
    for (const viewer of [{ userId: ada.id }, { userId: null }]) {
      const query = await compiledOf((cache) =>
        collectionPage(cache, db, dialect, viewer, collection, q),
      );
      const plan = await planOf(query);
      expect(plan).toContain('memos_per_collection_order_idx');
      expectNoFullSort(plan);
    }
  });

  it('a user page walks memos_user_idx', async () => {
    const { db, dialect } = t.database;
    const query = await compiledOf((cache) =>
      userPage(cache, db, dialect, { userId: ada.id }, ada.id, q),
    );
    const plan = await planOf(query);
    expect(plan).toContain('memos_user_idx');
    expectNoFullSort(plan);
  });
});
