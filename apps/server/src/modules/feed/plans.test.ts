import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/harness.js';
import { insertAccounts, signedInUser, type SignedIn } from '../../test/factories.js';
import { followUser } from '../../test/social.js';
import { expectNoFullSort, genericPlanOf, planOf } from '../../test/query-plans.js';
import { insertCollection, postMemos } from '../../test/content.js';
import { discoverQuery, feedByAuthorsQuery, feedQuery } from './store.js';
import { publicProfilesPageQuery } from '../profiles/store.js';

/**
 * The feed and discover pages must walk memos_feed_idx newest first and stop at the page's
 * end, never sort every memo of the people followed (SQLite: no temporary B-tree for the
 * ORDER BY; PostgreSQL: no Sort node). On a tiny database PostgreSQL would rather scan, so
 * scans and sorts are priced out here, as at scale the costs do by themselves (see
 * docs/PERFORMANCE.md, Feed and discover).
 */
describeDb('feed and discover query plans', () => {
  let t: TestApp;
  let ada: SignedIn;
  let bo: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t, { name: 'Ada' });
    bo = await signedInUser(t, { name: 'Bo' });
    await followUser(t, ada.id, bo.id);
    await postMemos(t, bo, await insertCollection(t, bo.id, 'public'), 30);
  });
  afterAll(() => t?.close());

  /**
   * PostgreSQL: thousands of memos of others (one in a hundred by a person the viewer follows),
   * most of them not discoverable, with their
   * statistics, as at scale (on a few rows either index is as cheap). Added once.
   */
  let filled = false;
  async function fillMemosOfOthers() {
    if (TEST_DB !== 'postgres' || filled) return;
    filled = true;
    const { db } = t.database;
    const [stranger] = await insertAccounts(t, 1);
    await sql`insert into memos (user_id, title, status, published_at, created_at, updated_at)
      select case when n % 100 = 0 then ${sql.lit(bo.id)} else ${sql.lit(stranger)} end, 'filler ' || n, 'published',
        now() - n * interval '1 minute', now(), now() from generate_series(1, 20000) as s(n)`.execute(
      db,
    );
    await sql`analyze memos`.execute(db);
  }

  /** A memo of Bo's, somewhere in Ada's feed: the one a later page follows. */
  async function eleventhMemoOfBo(): Promise<number> {
    const [memo] = await t.database.db
      .selectFrom('memos')
      .select('id')
      .where('user_id', '=', bo.id)
      .orderBy('id')
      .offset(10)
      .limit(1)
      .execute();
    return memo!.id;
  }

  /**
   * The first line of the plan that reads memos: the feed's alias `fm` must walk
   * memos_feed_idx, discover's `dm` memos_discover_idx (public memos alone), in order.
   */
  function expectFeedIndexWalk(plan: string, alias: 'fm' | 'dm') {
    const index = alias === 'fm' ? 'memos_feed_idx' : 'memos_discover_idx';
    if (TEST_DB === 'sqlite') {
      const memosLine = plan
        .split('\n')
        .find((line) => new RegExp(`^SCAN ${alias}\\b|^SEARCH ${alias}\\b`).test(line));
      expect(memosLine, plan).toContain(index);
    } else {
      expect(plan).toMatch(
        new RegExp(`Index (Only )?Scan Backward using ${index} on memos ${alias}`),
      );
      expect(plan).not.toMatch(/memos_user_idx/);
    }
    expectNoFullSort(plan);
  }

  it('a feed page walks memos_feed_idx newest first, for page 1 and later pages', async () => {
    const { db, dialect } = t.database;
    for (const offset of [0, 20]) {
      const plan = await planOf(
        t.database,
        feedQuery(db, dialect, ada.id, offset, [], 11).compile(),
      );
      expectFeedIndexWalk(plan, 'fm');
    }
    const searched = await planOf(
      t.database,
      feedQuery(db, dialect, ada.id, 0, ['%memo%'], 11).compile(),
    );
    expectFeedIndexWalk(searched, 'fm');
  });

  it('on PostgreSQL the generic plan (kept for the prepared statement) walks it too', async () => {
    if (TEST_DB === 'sqlite') return;
    await fillMemosOfOthers();
    const { db, dialect } = t.database;
    const queries = [
      feedQuery(db, dialect, ada.id, 0, [], 11).compile(),
      discoverQuery(db, dialect, ada.id, false, 0, 11).compile(),
    ];
    for (const [i, query] of queries.entries()) {
      const plan = await genericPlanOf(t.database, query);
      expectFeedIndexWalk(plan, i === 0 ? 'fm' : 'dm');
    }
  });

  it('a page after a memo starts the walk at that memo, in the index', async () => {
    await fillMemosOfOthers();
    const { db, dialect } = t.database;
    const after = await eleventhMemoOfBo();
    const queries = [
      { alias: 'fm' as const, query: feedQuery(db, dialect, ada.id, 0, [], 11, { after }) },
      { alias: 'dm' as const, query: discoverQuery(db, dialect, ada.id, false, 0, 11, [], after) },
      { alias: 'dm' as const, query: discoverQuery(db, dialect, 0, true, 0, 11, [], after) },
    ];
    for (const { alias, query } of queries) {
      const plans = [await planOf(t.database, query.compile())];
      if (TEST_DB === 'postgres') plans.push(await genericPlanOf(t.database, query.compile()));
      for (const plan of plans) {
        expectFeedIndexWalk(plan, alias);
        // the walk starts at the memo's time: an upper bound of the index range
        expect(plan).toMatch(
          TEST_DB === 'sqlite'
            ? new RegExp(
                `SEARCH ${alias} USING COVERING INDEX \\w+ \\(published_at>\\? AND published_at<\\?\\)`,
              )
            : /Index Cond: \(.*published_at <= \$\d+\)/,
        );
      }
    }
  });

  it('a discover page walks memos_discover_idx newest first, for people and visitors', async () => {
    await fillMemosOfOthers();
    const { db, dialect } = t.database;
    for (const visitor of [false, true]) {
      const plan = await planOf(
        t.database,
        discoverQuery(db, dialect, ada.id, visitor, 0, 11).compile(),
      );
      expectFeedIndexWalk(plan, 'dm');
    }
  });
  it('a discover people page walks the public-name index in order, for people and visitors', async () => {
    const { db, dialect } = t.database;
    for (const viewer of [ada.id, null]) {
      for (const offset of [0, 20]) {
        const query = publicProfilesPageQuery(db, dialect, viewer, { limit: 11, offset });
        const plan = await planOf(t.database, query.compile());
        if (TEST_DB === 'sqlite') {
          expect(plan).toMatch(/^SCAN p USING INDEX user_profiles_public_name_idx/m);
        } else {
          expect(plan).toMatch(/Index Scan using user_profiles_public_name_idx on user_profiles p/);
        }
        expectNoFullSort(plan);
      }
    }
  });

  it('a feed page per author reads each author’s newest memos from memos_author_feed_idx', async () => {
    const { db, dialect } = t.database;
    // With a few rows either index is as cheap; with thousands of memos of others (and the
    // statistics of them), as at scale, the author's index is what answers by itself.
    await fillMemosOfOthers();
    // page 1 goes per author on PostgreSQL only (SQLite walks it: feedPage)
    for (const offset of TEST_DB === 'postgres' ? [0, 10, 30] : [10, 30]) {
      const plan = await planOf(
        t.database,
        feedByAuthorsQuery(db, dialect, ada.id, offset, 11).compile(),
      );
      if (TEST_DB === 'sqlite') {
        // the floor of each author and the range above it, both index only
        expect(plan).toMatch(/SEARCH f USING COVERING INDEX memos_author_feed_idx \(user_id=\?/);
        expect(plan).toMatch(/SEARCH m USING COVERING INDEX memos_author_feed_idx \(user_id=\?/);
        expect(plan).not.toMatch(/SCAN (f|m)\b/);
      } else {
        expect(plan).toMatch(/Index Only Scan Backward using memos_author_feed_idx on memos m/);
        const generic = await genericPlanOf(
          t.database,
          feedByAuthorsQuery(db, dialect, ada.id, offset, 11).compile(),
        );
        expect(generic).toMatch(/Index Only Scan Backward using memos_author_feed_idx on memos m/);
      }
    }
    if (TEST_DB === 'postgres') {
      // from the last memo held (what PostgreSQL answers `after_memo` with): the same index,
      // each author's range ending at that memo's time
      const held = await eleventhMemoOfBo();
      const query = feedByAuthorsQuery(db, dialect, ada.id, 0, 11, held).compile();
      for (const plan of [
        await planOf(t.database, query),
        await genericPlanOf(t.database, query),
      ]) {
        expect(plan).toMatch(
          /Index Only Scan Backward using memos_author_feed_idx on memos m\b.*\n\s+Index Cond: \(\(user_id = \w+\.\w+\) AND \(published_at <= \$\d+\)\)/,
        );
      }
    }
  });
});
