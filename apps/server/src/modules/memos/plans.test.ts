import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CompiledQuery, Compilable } from 'kysely';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { collectionPage, userPage, type ListQuery } from './list-store.js';
import type { QueryCache } from './query-cache.js';
import {
  expectNoFullSort,
  genericPlanOf,
  planOf,
  runGenericPlanOf,
} from '../../test/query-plans.js';
import { insertCollection, postMemos } from '../../test/content.js';

/**
 * The list pages must walk their index in the list's order and stop at the page's end:
 * memos_per_collection_order_idx for a collection, memos_user_idx for a user, with no sort
 * of the whole list (SQLite: no temporary B-tree; PostgreSQL: at most an incremental sort
 * of rows already in order). Plans on a small test database can prefer a scan, so
 * PostgreSQL is asked to avoid sequential scans where it can. The pages are prepared
 * statements there, so the generic plan kept for them must walk the index too, for the
 * first page and a later one.
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
    await postMemos(t, ada, collection, 30);
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

  /** The plan each call gets, and on PostgreSQL also the generic plan it would keep. */
  async function plansOf(query: CompiledQuery<unknown>): Promise<string[]> {
    const plan = await planOf(t.database, query);
    return TEST_DB === 'postgres' ? [plan, await genericPlanOf(t.database, query)] : [plan];
  }

  it('a collection page walks memos_per_collection_order_idx', async () => {
    const { db, dialect } = t.database;
    for (const viewer of [{ userId: ada.id }, { userId: null }]) {
      for (const offset of [0, 20]) {
        const query = await compiledOf((cache) =>
          collectionPage(cache, db, dialect, viewer, collection, { ...q, offset }),
        );
        for (const plan of await plansOf(query)) {
          expect(plan).toContain('memos_per_collection_order_idx');
          expectNoFullSort(plan);
        }
      }
    }
  });

  it('a user page walks memos_user_idx', async () => {
    const { db, dialect } = t.database;
    for (const offset of [0, 20]) {
      const query = await compiledOf((cache) =>
        userPage(cache, db, dialect, { userId: ada.id }, ada.id, { ...q, offset }),
      );
      for (const plan of await plansOf(query)) {
        expect(plan).toContain('memos_user_idx');
        expectNoFullSort(plan);
      }
    }
  });

  it("a big collection's page with its total reads no more than the page, planned for small ones", async () => {
    const { db, dialect } = t.database;
    // 200 collections of one memo each beside the 30-memo one: the statistics say a
    // collection holds about one memo, which is what a generic plan is made for
    const small = [];
    for (let n = 0; n < 200; n += 1) small.push(await insertCollection(t, ada.id, 'public'));
    const memos = await db.selectFrom('memos').select('id').where('user_id', '=', ada.id).execute();
    await db
      .insertInto('memos_per_collection')
      .values(
        small.map((id, n) => ({
          memo_id: memos[n % memos.length]!.id,
          collection_id: id,
          sequence_number: 0,
          position: 1,
          created_at: dialect.time(new Date()),
        })),
      )
      .execute();
    await sql`analyze`.execute(db);
    if (TEST_DB === 'postgres') await sql`vacuum memos_per_collection`.execute(db);
    const query = await compiledOf((cache) =>
      collectionPage(cache, db, dialect, { userId: ada.id }, collection, { ...q, withTotal: true }),
    );
    if (TEST_DB === 'sqlite') {
      // planned for these values: the blocked people's memos are found by their author
      const plan = await planOf(t.database, query);
      expect(plan, plan).toMatch(/SEARCH bm USING (COVERING )?INDEX \w+ \(user_id=\?\)/);
      return;
    }
    const plan = await runGenericPlanOf(t.database, query);
    // the page: the order index walked backwards, ten links read, no sort of the list
    expect(plan, plan).toMatch(
      /Index Only Scan Backward using memos_per_collection_order_idx on memos_per_collection lp \(actual rows=10 /,
    );
    expect(plan).not.toMatch(/Sort Key: lp\./);
    // the total: Ada blocked nobody, so no memo is read to count the blocked people's
    const blockedMemos = plan.split('\n').filter((line) => / on memos bm\b/.test(line));
    expect(blockedMemos.length, plan).toBeGreaterThan(0);
    for (const line of blockedMemos) expect(line, plan).toContain('never executed');
  });
});
