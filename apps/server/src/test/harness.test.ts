import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createTestApp, describeDb, TEST_DB } from './harness.js';
import { createUser } from './factories.js';

/** The harness's promise: every app starts on a database as new, whatever ran before it. */
describeDb('test harness', () => {
  async function writeSomething() {
    const t = await createTestApp();
    const first = await createUser(t);
    const rows = await t.database.db.selectFrom('users').select('id').execute();
    return { t, first, rows };
  }

  it('gives the next app no row of the previous one, and ids from the start again', async () => {
    const earlier = await writeSomething();
    await createUser(earlier.t);
    await earlier.t.close();
    const later = await writeSomething();
    try {
      expect(later.rows).toEqual([{ id: later.first.id }]);
      expect(later.first.id).toBe(earlier.first.id);
      const migrations = await sql<{
        n: number;
      }>`select count(*) as n from kysely_migration`.execute(later.t.database.db);
      expect(Number(migrations.rows[0]!.n)).toBeGreaterThan(30);
    } finally {
      await later.t.close();
    }
  });

  // PostgreSQL schemas are emptied and reused within a worker (harness.ts, emptiedForReuse).
  if (TEST_DB === 'postgres') {
    const schemaOf = (t: { config: { database: unknown } }) =>
      (t.config.database as { schema: string }).schema;

    it('reuses a PostgreSQL schema only while nothing in it can change a plan', async () => {
      const plain = await writeSomething();
      const reusable = schemaOf(plain.t);
      await plain.t.close();

      const analysed = await writeSomething();
      expect(schemaOf(analysed.t)).toBe(reusable);
      await sql`analyze users`.execute(analysed.t.database.db);
      await analysed.t.close();

      const next = await createTestApp();
      try {
        expect(schemaOf(next)).not.toBe(reusable);
        const left = await sql<{ n: number }>`
          select count(*) as n from pg_namespace where nspname = ${reusable}`.execute(
          next.database.db,
        );
        expect(Number(left.rows[0]!.n)).toBe(0);
      } finally {
        await next.close();
      }
    });
  }
});
