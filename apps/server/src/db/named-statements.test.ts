import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../test/harness.js';
import { signedInUser } from '../test/factories.js';

/**
 * On PostgreSQL every SELECT goes as a named prepared statement (database.ts
 * withNamedStatements): a read is parsed once per connection and its plan kept. The
 * server's own list of prepared statements of the connection shows it.
 */
describeDb('PostgreSQL named statements', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('a read answers with each call’s values; on PostgreSQL it is prepared once per connection', async () => {
    const ids = [
      (await signedInUser(t, { name: 'Ann' })).id,
      (await signedInUser(t, { name: 'Bert' })).id,
    ];
    const { db } = t.database;
    // one connection for all of it, so its prepared statements can be listed
    await db.connection().execute(async (conn) => {
      const nameOf = async (id: number) =>
        (
          await conn
            .selectFrom('user_profiles')
            .select('name')
            .where('user_id', '=', id)
            .executeTakeFirstOrThrow()
        ).name;
      expect(await nameOf(ids[0] as number)).toBe('Ann');
      expect(await nameOf(ids[1] as number)).toBe('Bert');
      await conn
        .updateTable('user_profiles')
        .set({ name: 'Anna' })
        .where('user_id', '=', ids[0] as number)
        .execute();
      expect(await nameOf(ids[0] as number)).toBe('Anna');
      if (TEST_DB !== 'postgres') return;
      const prepared = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements`.execute(conn);
      const mine = prepared.rows.filter((row) => row.statement.includes('user_profiles'));
      expect(mine).toHaveLength(1);
      expect(mine[0]?.name).toMatch(/^m[0-9a-f]{30}$/);
      // writes are not prepared by name
      expect(prepared.rows.some((row) => /^\s*update/i.test(row.statement))).toBe(false);
    });
  });
});
