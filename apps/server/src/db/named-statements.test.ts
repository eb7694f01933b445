import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql, type CompiledQuery } from 'kysely';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../test/harness.js';
import { signedInUser } from '../test/factories.js';
import { PREPARED_MARK } from './database.js';
import { countsFor } from '../modules/connections/counts-store.js';
import { relationsTo } from '../modules/profiles/store.js';
import { workspacesShared } from '../modules/workspaces/store.js';
import { visibleSubjects } from '../modules/notifications/store.js';
import { insertCollection } from '../test/content.js';

/**
 * SQL marked with PREPARED_MARK goes as a named prepared statement on PostgreSQL
 * (database.ts withNamedStatements), parsed once per connection; everything else is
 * planned per call. The server's list of the connection's prepared statements shows it.
 * SQLite reads the mark as a comment.
 */
describeDb('prepared statements by mark', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('a marked read answers with each call’s values and is prepared once per connection', async () => {
    const ids = [
      (await signedInUser(t, { name: 'Ann' })).id,
      (await signedInUser(t, { name: 'Bert' })).id,
    ];
    const { db } = t.database;
    // one connection for all of it, so its prepared statements can be listed
    await db.connection().execute(async (conn) => {
      const byId = (id: number) =>
        conn.selectFrom('user_profiles').select('name').where('user_id', '=', id).compile();
      const marked = async (id: number) => {
        const query = byId(id);
        const markedQuery: CompiledQuery<{ name: string }> = {
          ...query,
          sql: PREPARED_MARK + query.sql,
        };
        const result = await conn.executeQuery(markedQuery);
        return result.rows[0]?.name;
      };
      const plain = async (id: number) => (await conn.executeQuery(byId(id))).rows[0]?.name;
      expect(await marked(ids[0] as number)).toBe('Ann');
      expect(await marked(ids[1] as number)).toBe('Bert');
      await conn
        .updateTable('user_profiles')
        .set({ name: 'Anna' })
        .where('user_id', '=', ids[0] as number)
        .execute();
      expect(await marked(ids[0] as number)).toBe('Anna');
      expect(await plain(ids[1] as number)).toBe('Bert');
      if (TEST_DB !== 'postgres') return;
      const prepared = await sql<{
        name: string;
        statement: string;
        generic_plans: string;
        custom_plans: string;
      }>`select name, statement, generic_plans, custom_plans from pg_prepared_statements`.execute(
        conn,
      );
      const profiles = prepared.rows.filter((row) => row.statement.includes('user_profiles'));
      // the marked read once, under a name made from its text; the plain one not at all
      expect(profiles).toHaveLength(1);
      expect(profiles[0]?.name).toMatch(/^m[0-9a-f]{30}$/);
      expect(profiles[0]?.statement.startsWith(PREPARED_MARK)).toBe(true);
      // planned for any values from its first run, never again for each call's own
      expect(Number(profiles[0]?.custom_plans)).toBe(0);
      expect(Number(profiles[0]?.generic_plans)).toBe(3);
    });
  });

  it('the reads behind a page of people are prepared (PostgreSQL planned them on every call)', async () => {
    const people = [
      (await signedInUser(t, { name: 'Cleo' })).id,
      (await signedInUser(t, { name: 'Dirk' })).id,
    ];
    const [viewer] = people as [number];
    await t.database.db.connection().execute(async (conn) => {
      for (let round = 0; round < 2; round += 1) {
        expect((await countsFor(conn, t.database.dialect, people)).size).toBe(2);
        expect((await relationsTo(conn, viewer, people)).following.size).toBe(0);
        expect(await workspacesShared(conn, viewer, people)).toEqual([]);
      }
      if (TEST_DB !== 'postgres') return;
      const { rows } = await sql<{ statement: string }>`
          select statement from pg_prepared_statements`.execute(conn);
      for (const part of ["'followings' as kind", 'as follows_viewer', 'as "held"']) {
        const named = rows.filter((row) => row.statement.includes(part));
        expect([part, named.length]).toEqual([part, 1]);
      }
    });
  });

  it('a notification page’s subjects are one prepared statement whatever the page holds', async () => {
    const [reader, other] = [
      (await signedInUser(t, { name: 'Eve' })).id,
      (await signedInUser(t, { name: 'Finn' })).id,
    ] as [number, number];
    const own = await insertCollection(t, reader, 'private');
    const hidden = await insertCollection(t, other, 'private');
    const { dialect } = t.database;
    await t.database.db
      .insertInto('blocks')
      .values({ blocker_id: other, blocked_id: reader, created_at: dialect.time(new Date()) })
      .execute();
    const row = (collection: string | null, actor: number | null) => ({
      memo_id: null,
      collection_id: collection,
      actor_user_id: actor,
    });
    // pages of different lengths and kinds: actors alone, collections alone, both
    const pages = [
      [row(null, other)],
      [row(own, null), row(hidden, null)],
      [row(own, other), row(hidden, reader), row(null, other)],
    ];
    await t.database.db.connection().execute(async (conn) => {
      for (let round = 0; round < 2; round += 1) {
        const [actors, collections, both] = await Promise.all(
          pages.map((page) => visibleSubjects(conn, dialect, reader, page)),
        );
        expect([...actors!.blockedActors]).toEqual([other]);
        expect([...collections!.collections]).toEqual([own]);
        expect([...both!.collections, ...both!.blockedActors]).toEqual([own, other]);
      }
      if (TEST_DB !== 'postgres') return;
      const { rows } = await sql<{ statement: string }>`
          select statement from pg_prepared_statements`.execute(conn);
      expect(rows.filter((r) => r.statement.includes("'blocked' as kind"))).toHaveLength(1);
    });
  });
});
