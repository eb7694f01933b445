import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordActivities } from '../../events/index.js';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/harness.js';
import { createUser } from '../../test/factories.js';
import { expectNoFullSort, planOf } from '../../test/query-plans.js';
import { NOTIFICATION_GROUPS } from './types.js';
import { listPageQuery, unreadPerRecipientQuery } from './store.js';

/**
 * Every notification written goes into each index that starts with its recipient, so there
 * are few: the list walks (recipient, id) newest first and stops at the page's end; the
 * unread counters of a thousand recipients are read from the counters the triggers keep on
 * SQLite (migration 0017) and from the partial unread index alone on PostgreSQL (0016).
 */
describeDb('notification query plans', () => {
  let t: TestApp;
  let readers: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const actor = await createUser(t);
    readers = [];
    for (let i = 0; i < 3; i++) readers.push((await createUser(t)).id);
    await recordActivities(
      t.database.db,
      readers.flatMap((recipientUserId) =>
        Array.from({ length: 20 }, () => ({
          type: 'new_follower',
          actorUserId: actor.id,
          recipientUserId,
        })),
      ),
    );
  });
  afterAll(() => t?.close());

  it('the unread counters read the counters (SQLite) or the unread index alone (PostgreSQL)', async () => {
    const { db, dialect } = t.database;
    const plan = await planOf(t.database, unreadPerRecipientQuery(db, dialect, readers).compile());
    if (TEST_DB === 'sqlite') {
      expect(plan).toMatch(/SEARCH notification_unread_counts USING INTEGER PRIMARY KEY/);
    } else {
      expect(plan).toContain('activity_events_unread_recipient_idx');
      expect(plan).toMatch(/Index Only Scan/);
    }
  });

  it('a page of the list walks activity_events_list_idx, with or without hidden groups', async () => {
    for (const hidden of [[], NOTIFICATION_GROUPS.filter((g) => g.key === 'followers')]) {
      const query = listPageQuery(t.database.db, readers[0]!, hidden, { limit: 10, offset: 0 });
      const plan = await planOf(t.database, query.compile());
      expect(plan).toContain('activity_events_list_idx');
      expectNoFullSort(plan);
    }
  });
});
