import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CompiledQuery } from 'kysely';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { insertCollection } from '../../test/content.js';
import { connectUsers } from '../../test/social.js';
import { genericPlanOf, planOf } from '../../test/query-plans.js';
import { listViewedCollections } from './store.js';

/**
 * A person's own list of collections (with those they may add memos to) reads collections
 * by owner through collections_user_idx, for themselves and the people who have them as a
 * contact, and never judges every collection in the table: at 50,000 collections that scan
 * took 160 ms on SQLite and 2 s on PostgreSQL (docs/PERFORMANCE.md, issue 26).
 */
describeDb('collection list query plans', () => {
  let t: TestApp;
  let ada: SignedIn;
  let bo: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t, { name: 'Ada' });
    bo = await signedInUser(t, { name: 'Bo' });
    await connectUsers(t, ada.id, bo.id);
    await insertCollection(t, ada.id, 'public');
    await insertCollection(t, bo.id, 'all_contacts', { collaboration: true });
  });
  afterAll(() => t?.close());

  /** The statements a list runs (its count and its page), compiled, as they ran. */
  async function statementsOf(ownerId: number, withCollaborations: boolean) {
    const compiled: CompiledQuery<unknown>[] = [];
    // the list's queries are built once and run through executeQuery (db/query-cache.ts)
    const db = t.database.db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => result,
    });
    const run = db.executeQuery.bind(db);
    db.executeQuery = ((query: CompiledQuery<unknown>) => {
      compiled.push(query);
      return run(query);
    }) as typeof db.executeQuery;
    const { rows } = await listViewedCollections(
      db,
      t.database.dialect,
      { userId: ownerId },
      { ownerId, withCollaborations, limit: 10, offset: 0 },
    );
    return { rows, compiled };
  }

  it('an own list reads collections by owner, with no scan of the table', async () => {
    const { rows, compiled } = await statementsOf(ada.id, true);
    // the list is the one the rules give: her own and Bo's collaboration
    expect(rows.map((r) => r.user_id).sort()).toEqual([ada.id, bo.id].sort());
    expect(compiled).toHaveLength(2);
    for (const query of compiled) {
      // PostgreSQL keeps one plan for both (prepared statements): it must read by owner too
      const plans = [await planOf(t.database, query)];
      if (TEST_DB === 'postgres') plans.push(await genericPlanOf(t.database, query));
      for (const plan of plans) {
        // by owner: hers, and those of the people who have her as a contact
        expect(plan).toContain('collections_user_idx');
        expect(plan).toContain('contacts_contact_idx');
        // never every collection of a type, nor every collection
        expect(plan).not.toContain('collections_type_idx');
        expect(plan).not.toMatch(TEST_DB === 'sqlite' ? /^SCAN c\b/m : /Seq Scan on collections/);
      }
    }
  });
});
