import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/harness.js';
import type { SignedIn } from '../../test/factories.js';
import { planOf, recordingCompiled } from '../../test/query-plans.js';
import { connectUsers } from '../../test/social.js';
import { circle, groupThread } from './test-support.js';
import { groupWithMembers } from './store.js';

/**
 * Starting a group asks whether one with the same members exists. The lookup starts from the
 * caller's own memberships (thread_members_user_idx) and never reads every group thread, so
 * its cost does not grow with the groups on the server (docs/PERFORMANCE.md, "People per
 * machine").
 */
describeDb('messenger query plans', () => {
  let t: TestApp;
  let ada: SignedIn;
  let bo: SignedIn;
  let cy: SignedIn;
  const groups: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    [ada, bo, cy] = (await circle(t, 3)) as [SignedIn, SignedIn, SignedIn];
    await connectUsers(t, bo.id, cy.id);
    groups.all = await groupThread(t, ada, [bo, cy], 'All');
    groups.adaBo = await groupThread(t, ada, [bo], 'Two');
    groups.adaBoAgain = await groupThread(t, ada, [bo], 'Two again');
    groups.boCy = await groupThread(t, bo, [ada, cy], 'Bo first');
  });
  afterAll(() => t?.close());

  /** The lookup's answer and the statements it ran, compiled. */
  async function lookup(userIds: number[]) {
    const { db, compiled } = recordingCompiled(t.database.db);
    return { id: await groupWithMembers(db, userIds), compiled };
  }

  it('finds the first group with exactly the members, in any order', async () => {
    expect((await lookup([ada.id, bo.id])).id).toBe(groups.adaBo);
    expect((await lookup([bo.id, ada.id])).id).toBe(groups.adaBo);
    // "Bo first" has the same three members as "All": the older one is answered
    expect((await lookup([cy.id, ada.id, bo.id])).id).toBe(groups.all);
    // a subset or a superset of a group's members is not that group
    expect((await lookup([bo.id, cy.id])).id).toBeUndefined();
    expect((await lookup([ada.id])).id).toBeUndefined();
  });

  it('reads the caller’s memberships by person, with no scan of the threads', async () => {
    const { compiled } = await lookup([ada.id, bo.id, cy.id]);
    expect(compiled).toHaveLength(1);
    const plan = await planOf(t.database, compiled[0]!);
    expect(plan).toContain('thread_members_user_idx');
    if (TEST_DB === 'sqlite') {
      expect(plan).toMatch(/SEARCH m USING (COVERING )?INDEX thread_members_user_idx \(user_id=\?/);
      expect(plan).not.toMatch(/^SCAN t\b/m);
      expect(plan).not.toMatch(/^SCAN m\b/m);
    } else {
      expect(plan).toMatch(
        /Index (Only )?Scan using thread_members_user_idx on thread_members m\b/,
      );
      expect(plan).toMatch(/Index Cond: \(+user_id = /);
      // the threads are read by id, one per membership, never scanned
      expect(plan).not.toMatch(/Scan on threads/);
      expect(plan).not.toMatch(
        /Index Scan using threads_pkey on threads t\s+\(cost[^\n]*\n\s+Filter/,
      );
    }
  });
});
