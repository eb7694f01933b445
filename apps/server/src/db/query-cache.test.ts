import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import { signedInUser } from '../test/factories.js';
import {
  createQueryCache,
  pageStatement,
  PREPARED_OFFSETS_UP_TO,
  queryCacheOf,
} from './query-cache.js';
import { viewerSlots } from '../modules/memos/query-cache.js';

describe('pageStatement', () => {
  it('prepares the pages people scroll to, and plans deeper ones per call', () => {
    expect(pageStatement(0).prepared).toBe(true);
    expect(pageStatement(PREPARED_OFFSETS_UP_TO).prepared).toBe(true);
    expect(pageStatement(PREPARED_OFFSETS_UP_TO + 1).prepared).toBe(false);
    expect(pageStatement(Number.MAX_SAFE_INTEGER).prepared).toBe(false);
  });
});

describe('viewerSlots', () => {
  it('keys the kind of viewer and the secrets given, never their values', () => {
    expect(viewerSlots({ userId: 4 }).key).toBe(viewerSlots({ userId: 9 }).key);
    expect(viewerSlots({ userId: null }).key).not.toBe(viewerSlots({ userId: 4 }).key);
    expect(viewerSlots({ userId: 4, collectionSecret: 'a' }).key).toBe(
      viewerSlots({ userId: 5, collectionSecret: 'b' }).key,
    );
    expect(viewerSlots({ userId: 4, collectionSecret: 'a' }).key).not.toBe(
      viewerSlots({ userId: 4, memoSecret: 'a' }).key,
    );
    const who = viewerSlots({ userId: 4, memoSecret: 'm' });
    expect(who.values).toEqual([4, null, 'm']);
    expect(who.slotted(['U', 'C', 'M'])).toEqual({
      userId: 'U',
      collectionSecret: null,
      memoSecret: 'M',
    });
  });
});

describeDb('query cache', () => {
  let t: TestApp;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ['Ann', 'Bert', 'Cleo']) ids.push((await signedInUser(t, { name })).id);
  });
  afterAll(() => t?.close());

  const namesQuery = (slots: readonly unknown[]) =>
    t.database.db
      .selectFrom('user_profiles')
      .select('name')
      .where('user_id', 'in', slots as number[])
      .orderBy('name');

  it('builds a shape once and runs it with each call’s values', async () => {
    const cache = createQueryCache(t.database.db, { verify: false });
    let builds = 0;
    const names = async (values: number[]) =>
      (
        await cache.rows('names', values, (slots) => {
          builds += 1;
          return namesQuery(slots);
        })
      ).map((row) => row.name);
    expect(await names([ids[0] as number, ids[1] as number])).toEqual(['Ann', 'Bert']);
    expect(await names([ids[2] as number, ids[1] as number])).toEqual(['Bert', 'Cleo']);
    expect(builds).toBe(1);
    // another number of values is another shape
    expect(await names([ids[2] as number])).toEqual(['Cleo']);
    expect(builds).toBe(2);
  });

  it('under verification, a builder that keeps a value of its own fails instead of answering wrongly', async () => {
    const cache = createQueryCache(t.database.db, { verify: true });
    const byName = (name: string) =>
      cache.rows('by-name', [], () =>
        t.database.db
          .selectFrom('user_profiles')
          .select('user_id')
          .where(sql<boolean>`name = ${name}`),
      );
    expect((await byName('Ann')).map((r) => r.user_id)).toEqual([ids[0]]);
    await expect(byName('Bert')).rejects.toThrow(/does not name what changed/);
    // with verification the right shape answers as before
    const right = await cache.rows('names', [ids[1] as number], namesQuery);
    expect(right.map((r) => r.name)).toEqual(['Bert']);
  });

  it('verifies by default under test', () => {
    expect(process.env.NODE_ENV).toBe('test');
  });
  it('queryCacheOf: one per database, whose transactions find its shapes and run them themselves', async () => {
    const db = t.database.db;
    expect(queryCacheOf(db)).toBe(queryCacheOf(db));
    let builds = 0;
    // under test every run is also built from its values (verify): count the builds with slots
    const build = (slots: readonly unknown[]) => {
      if (typeof slots[0] !== 'number') builds += 1;
      return namesQuery(slots);
    };
    const names = async (on: typeof db) =>
      (await queryCacheOf(on).rows('shared-names', [ids[0] as number], build)).map((r) => r.name);
    expect(await names(db)).toEqual(['Ann']);
    const rolledBack = new Error('roll back');
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('user_profiles')
          .set({ name: 'Anna' })
          .where('user_id', '=', ids[0] as number)
          .execute();
        // on the transaction's connection: it sees its own write (on SQLite, a run on the
        // database instead would wait for the transaction to end)
        expect(await names(trx)).toEqual(['Anna']);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await names(db)).toEqual(['Ann']);
    expect(builds).toBe(1);
    // a plugin may change the SQL: a database with one keeps shapes of its own
    const plugged = db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => result,
    });
    expect(await names(plugged)).toEqual(['Ann']);
    expect(builds).toBe(2);
  });
});
