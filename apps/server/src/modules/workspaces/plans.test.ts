import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/harness.js';
import { insertAccounts } from '../../test/factories.js';
import { planOf, recordingCompiled } from '../../test/query-plans.js';
import { workspacesShared } from './store.js';

/**
 * The workspaces people share with the viewer are asked for every list of people shown.
 * They must be reached from the people's memberships or from the workspace accounts alone
 * (users_workspace_idx, migration 0034), never by reading every account.
 */
describeDb('workspace query plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('finds the shared workspaces without reading every account', async () => {
    const [viewer, ...people] = await insertAccounts(t, 4);
    if (TEST_DB === 'postgres') {
      // thousands of accounts and none a workspace, with their statistics, as at scale: a
      // workspace then looks rare enough to PostgreSQL to be looked for among all accounts
      await sql`insert into users (usermail, password_hash, is_active, rules, created_at, updated_at)
        select 'filler' || n || '@example.test', 'not used', true, u.rules, now(), now()
        from generate_series(1, 3000) as s(n), (select rules from users limit 1) u`.execute(
        t.database.db,
      );
      await sql`analyze users`.execute(t.database.db);
    }
    const { db, compiled } = recordingCompiled(t.database.db);
    await workspacesShared(db, viewer as number, people);
    // one statement, compiled from the query cache's slots and (under test) from the values
    expect(new Set(compiled.map((query) => query.sql)).size).toBe(1);
    const plan = await planOf(t.database, compiled.at(-1)!);
    if (TEST_DB === 'sqlite') {
      expect(plan).not.toMatch(/^SCAN w\b/m);
    } else {
      // the accounts are read from the workspace index, or by key: not filtered one by one
      const lines = plan.split('\n');
      const at = lines.findIndex((line) => / on users w\b/.test(line));
      const read = `${lines[at]}\n${lines[at + 1] ?? ''}`;
      expect(read, plan).toMatch(/users_workspace_idx|Index Cond: \(id = /);
    }
  });
});
