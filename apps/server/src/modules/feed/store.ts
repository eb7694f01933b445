import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/database.js';
import { collectionVisible, memoVisible, type Viewer } from '../audience/index.js';
import type { QueryCache } from '../memos/query-cache.js';
import { compilableRaw, pageStatement } from '../../db/query-cache.js';

type Db = Database['db'];

/**
 * The feed and discover pages as pipelines (docs/notes/feed-and-discover.md): this file selects the
 * ids of one page; the memo module loads and presents them (presentIds, which checks visibility
 * again). Both can walk memos_feed_idx (published_at, id, user_id WHERE status = 'published')
 * newest first (a feed page without search is found per author instead: feedByAuthorsQuery)
 * and stop after the page's last row plus one (so the caller knows whether more follow). Per
 * index entry only the author is tested, against sets made once per query: the viewer's
 * contacts and followings (hashed by both engines) and the people blocked either way. The
 * collection test (one memos_per_collection lookup and the collection's audience rules) runs
 * only for the entries whose author passes.
 */

export interface PageQuery {
  limit: number;
  offset: number;
  /** lower-cased words that must all be in the memo's search text */
  search: string[];
  /**
   * The id of the last memo the client holds (`after_memo`): the page is the memos after it
   * in the list's order, found from it in the index rather than by counting `offset` from the
   * top (docs/notes/feed-and-discover.md, Paging from the last memo).
   */
  after?: number;
}

export interface PageIds {
  ids: number[];
  /** a memo after the page exists */
  more: boolean;
}

const always = sql<SqlBool>`(1 = 1)`;

/** LIKE patterns for the search words (`\` escapes the wildcards). */
export function searchPatterns(words: string[]): string[] {
  return words.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

function searchCondition(alias: string, patterns: readonly unknown[]): RawBuilder<SqlBool> {
  if (patterns.length === 0) return always;
  const col = sql.ref(`${alias}.search_text`);
  const parts = patterns.map((pattern) => sql<SqlBool>`${col} like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** People the viewer blocked or was blocked by. */
function blockedPeople(v: unknown) {
  return sql`(select bl.blocked_id from blocks bl where bl.blocker_id = ${v}
    union select bl.blocker_id from blocks bl where bl.blocked_id = ${v})`;
}

/** People the viewer is connected with or follows. */
function feedAuthors(v: unknown) {
  return sql`(select ct.contact_id from contacts ct where ct.user_id = ${v}
    union select fw.following_id from follows fw where fw.follower_id = ${v})`;
}

/**
 * Where the walk starts: at the oldest date (all of the index) when the viewer follows or
 * is connected with someone, nowhere (NULL) otherwise. An uncorrelated bound of the index
 * range, so both engines compute it once, and a viewer with nobody (every new account) does
 * not walk 1,000,000 entries for authors that cannot match (about 60 ms). `unless`: nowhere
 * either when that uncorrelated condition holds (the per-author page found its answer).
 */
function walkFrom(
  d: DialectHelpers,
  v: unknown,
  unless?: RawBuilder<SqlBool>,
): RawBuilder<SqlBool> {
  const start = unless
    ? sql`(select case when ${unless} then null else ${oldest(d)} end)`
    : oldest(d);
  return sql<SqlBool>`fm.published_at >= (select case when
    exists (select 1 from contacts ac where ac.user_id = ${v})
    or exists (select 1 from follows af where af.follower_id = ${v}) then ${start} end)`;
}

/** A time before every memo's (published_at is text on SQLite, timestamptz on PostgreSQL). */
function oldest(d: DialectHelpers) {
  return d.name === 'sqlite' ? sql`''` : sql`'-infinity'::timestamptz`;
}

/**
 * The memo's author is among feedAuthors, tested per index entry against a hash of them.
 * PostgreSQL would turn a plain `IN (subquery)` into a join that compares every entry with
 * every author in turn (100 comparisons per entry, some 50 ms for a page at 10,000 users);
 * `IS TRUE` keeps it a hashed subplan, built once per query, as SQLite does by itself.
 */
function amongAuthors(d: DialectHelpers, v: unknown): RawBuilder<SqlBool> {
  return d.name === 'sqlite'
    ? sql<SqlBool>`fm.user_id in ${feedAuthors(v)}`
    : sql<SqlBool>`(fm.user_id in ${feedAuthors(v)}) is true`;
}

/**
 * Memo `alias` is in a collection the viewer may read and has not muted (a memo shared
 * into several collections shows while one of them qualifies).
 */
function inFeedCollection(alias: string, viewer: Viewer, d: DialectHelpers) {
  return sql<SqlBool>`exists (select 1 from memos_per_collection fp
    inner join collections fc on fc.id = fp.collection_id
    where fp.memo_id = ${sql.ref(`${alias}.id`)} and ${collectionVisible('fc', viewer, d)}
    and not exists (select 1 from muted_collections mu
      where mu.user_id = ${viewer.userId} and mu.collection_id = fc.id))`;
}

/** Memo `alias` is in a public collection the viewer may read (its owner not blocked). */
function inPublicCollection(alias: string, viewer: Viewer, d: DialectHelpers) {
  return sql<SqlBool>`exists (select 1 from memos_per_collection dp
    inner join collections dc on dc.id = dp.collection_id
    where dp.memo_id = ${sql.ref(`${alias}.id`)} and dc.type = 'public'
    and ${collectionVisible('dc', viewer, d)})`;
}

/**
 * memos as `alias`, read through memos_feed_idx. SQLite is told (INDEXED BY): without
 * statistics (the server never runs ANALYZE) it would take memos_schedule_idx for the
 * status test, or walk memos_user_idx once per followed person and sort all their memos.
 * PostgreSQL chooses it from its own statistics (plans.test.ts checks that it does).
 */
function memosByFeedIndex(alias: 'fm', d: DialectHelpers) {
  return d.name === 'sqlite'
    ? sql`memos ${sql.raw(alias)} indexed by memos_feed_idx`
    : sql`memos ${sql.raw(alias)}`;
}

/**
 * memos as `alias`, read through memos_discover_idx: the published memos in a public
 * collection (migration 0033), so a discover page reads no private memo on its way. The
 * condition is the index's own, word for word, which both engines need to use a partial
 * index; SQLite is told the index as for the feed.
 */
function discoverableMemos(alias: 'dm', d: DialectHelpers) {
  return d.name === 'sqlite'
    ? sql`memos ${sql.raw(alias)} indexed by memos_discover_idx`
    : sql`memos ${sql.raw(alias)}`;
}

function isDiscoverable(alias: 'dm', d: DialectHelpers) {
  return sql<SqlBool>`(${sql.ref(`${alias}.status`)} = 'published' and ${sql.ref(`${alias}.discoverable`)} = ${sql.raw(d.name === 'sqlite' ? '1' : 'true')})`;
}

/**
 * LIMIT and OFFSET are written into the SQL, so each page is its own statement with a plan
 * that fits it: SQLite re-plans a statement whose LIMIT is bound, and PostgreSQL prices a
 * generic plan with an unknown OFFSET as if it skipped a tenth of the table (cost enough
 * to switch JIT compilation on, over a second). Offsets are multiples of the page size
 * give or take a few (docs/DOMAIN.md, States: Offsets), so the statements are few.
 */
const fetchSize = (q: PageQuery) => Math.max(1, Math.trunc(q.limit)) + 1;
const offsetOf = (q: PageQuery) => Math.max(0, Math.trunc(q.offset));

function cut(rows: Array<{ id: number }>, q: PageQuery): PageIds {
  const size = Math.max(1, Math.trunc(q.limit));
  return { ids: rows.slice(0, size).map((r) => Number(r.id)), more: rows.length > size };
}

/**
 * The memo a page follows (PageQuery.after): its id, and its time where that memo is published
 * and the viewer may read it, NULL otherwise (then nothing is after it and the caller pages by
 * offset). Someone else's hidden memo bounds nothing: a page never tells when a memo the viewer
 * may not read was published. `time` is an uncorrelated scalar, computed once by both engines.
 */
export interface PageCursor {
  id: unknown;
  time: RawBuilder<unknown>;
}

export function pageCursor(after: unknown, viewer: Viewer, d: DialectHelpers): PageCursor {
  return {
    id: after,
    time: sql`(select c.published_at from memos c where c.id = ${after}
      and c.status = 'published' and ${memoVisible('c', viewer, d)})`,
  };
}

/**
 * Entries of `alias` after the cursor's memo in the lists' order (newest first, the higher id
 * first at the same time). The time is an upper bound of the index range, so the walk starts
 * there.
 */
function afterCursor(alias: string, cursor: PageCursor) {
  const time = sql.ref(`${alias}.published_at`);
  const id = sql.ref(`${alias}.id`);
  return sql<SqlBool>`(${time} <= ${cursor.time} and (${time} < ${cursor.time} or ${id} < ${cursor.id}))`;
}

export interface WalkOptions {
  /** no walk when this uncorrelated condition holds (feedByAuthorsQuery's answer was exact) */
  unless?: RawBuilder<SqlBool>;
  /** the id of the memo the page follows (PageQuery.after) */
  after?: unknown;
  /** that memo as the caller has it already (feedByAuthorsQuery's, read once) */
  cursor?: PageCursor;
}

function cursorOf(options: WalkOptions, viewer: Viewer, d: DialectHelpers) {
  if (options.cursor) return options.cursor;
  return options.after === undefined ? undefined : pageCursor(options.after, viewer, d);
}

/** The feed query: built for one viewer, page size and number of search words. */
export function feedQuery(
  db: Db,
  d: DialectHelpers,
  v: unknown,
  offset: number,
  patterns: readonly unknown[],
  size: number,
  options: WalkOptions = {},
) {
  const viewer: Viewer = { userId: v as number };
  const cursor = cursorOf(options, viewer, d);
  return db
    .selectFrom(memosByFeedIndex('fm', d) as never)
    .select([sql<number>`fm.id`.as('id'), sql<unknown>`fm.published_at`.as('published_at')])
    .where(sql<SqlBool>`fm.status = 'published'`)
    .where(walkFrom(d, v, options.unless))
    .where(cursor ? afterCursor('fm', cursor) : always)
    .where(amongAuthors(d, v))
    .where(sql<SqlBool>`fm.user_id not in ${blockedPeople(v)}`)
    .where(inFeedCollection('fm', viewer, d))
    .where(searchCondition('fm', patterns))
    .orderBy(sql`fm.published_at`, 'desc')
    .orderBy(sql`fm.id`, 'desc')
    .limit(sql.lit(size))
    .offset(sql.lit(offset));
}

/**
 * How far past a page the per-author page looks: candidates kept after the merge, as a
 * multiple of the rows asked for (offset + page + 1). The audience rules pass about half of
 * a followed person's memos and three in five of a contact's (the load data set, 29 November);
 * fewer passing ones than the page needs within them and the page walks instead.
 */
const CANDIDATES_PER_ROW = 3;

/**
 * A feed page found per author, the same rows as feedQuery (which walks memos_feed_idx from
 * the top, past every memo of the server, again for each page). Later pages (offset > 0) use
 * it on both engines, page 1 on PostgreSQL only (docs/PERFORMANCE.md, "The feed's page 1 per
 * author on PostgreSQL"): SQLite's merge costs more than its walk at page 1.
 *
 * 1. `fl`, `lat`: the people of the feed (contacts and followings, not blocked either way),
 *    and for each of them their newest `need` = offset + page + 1 published memos, from
 *    memos_author_feed_idx (index only: id and time). An author with more has a floor: the
 *    time of the last of them; their older memos are not candidates.
 * 2. `cand`: those merged newest first, the first `need` × CANDIDATES_PER_ROW kept.
 * 3. `page`: the audience rules (inFeedCollection, as feedQuery) run on the candidates in that
 *    order until `need` pass: they run for the same memos the walk would have tested.
 * 4. `ok`: the answer is exact when `need` passed and the last of them is no older than every
 *    author's floor (a memo left out is older than its author's floor; below, ties), or when fewer passed
 *    but nothing was left out (no floor, fewer candidates than kept). Otherwise (an author
 *    with many memos the viewer may not read) the same statement walks memos_feed_idx as
 *    feedQuery does; that walk's start bound is NULL when `ok`, so it reads nothing then.
 *
 * SQLite has no LATERAL: its floors are one correlated subquery per author (OFFSET need - 1
 * on the same index), then a range of the index per author. The CTEs are materialized so
 * each runs once, and `cand` keeps its order for `page`'s scan (a LIMIT in a materialized
 * CTE is filled in the ORDER BY's order on both engines; the final ORDER BY sorts the page).
 */
export function feedByAuthorsQuery(
  db: Db,
  d: DialectHelpers,
  v: unknown,
  offset: number,
  size: number,
  after?: unknown,
) {
  const viewer: Viewer = { userId: v as number };
  const need = offset + size;
  const kept = need * CANDIDATES_PER_ROW;
  const people = sql`(select fa.contact_id as uid from ${feedAuthors(v)} fa
    where fa.contact_id not in ${blockedPeople(v)})`;
  // after a memo: its time read once (`cur`), each author's memos taken from there down
  const cursor: PageCursor | undefined =
    after === undefined ? undefined : { id: after, time: sql`(select cur.at from cur)` };
  const from = cursor
    ? sql`cur as materialized (select ${pageCursor(after, viewer, d).time} as at),`
    : sql``;
  // the cursor's bound alone, not with the bound from the oldest time: PostgreSQL prices a
  // range with an unknown end as one two-hundredth of the table and then prefers memos_feed_idx
  const newest = (alias: string, author: RawBuilder<unknown>) =>
    sql`${memosByAuthor(alias, d)} where ${sql.ref(`${alias}.user_id`)} = ${author}
      and ${sql.ref(`${alias}.status`)} = 'published'
      and ${cursor ? afterCursor(alias, cursor) : sql`${sql.ref(`${alias}.published_at`)} >= ${oldest(d)}`}`;
  const byTime = (alias: string) =>
    sql`order by ${sql.ref(`${alias}.published_at`)} desc, ${sql.ref(`${alias}.id`)} desc`;
  // one author's: the author first, as in memos_author_feed_idx (the same order, the author
  // being fixed), so PostgreSQL reads that index rather than memos_feed_idx filtered by author
  // (which it chose on small tables)
  const authorByTime = (alias: string) =>
    sql`order by ${sql.ref(`${alias}.user_id`)} desc, ${sql.ref(`${alias}.published_at`)} desc, ${sql.ref(`${alias}.id`)} desc`;
  const candidates =
    d.name === 'sqlite'
      ? sql`fl as materialized (select au.uid, (select f.published_at
          from ${newest('f', sql`au.uid`)} ${authorByTime('f')} limit 1 offset ${sql.lit(need - 1)}) as floor
          from ${people} au),
        cand as materialized (select m.id, m.published_at from fl
          cross join ${newest('m', sql`fl.uid`)} and m.published_at >= coalesce(fl.floor, ${oldest(d)})
          ${byTime('m')} limit ${sql.lit(kept)}),`
      : sql`lat as materialized (select au.uid, c.id, c.published_at from ${people} au
          cross join lateral (select m.id, m.published_at from ${newest('m', sql`au.uid`)}
            ${authorByTime('m')} limit ${sql.lit(need)}) c),
        fl as materialized (select lat.uid, min(lat.published_at) as floor from lat
          group by lat.uid having count(*) = ${sql.lit(need)}),
        cand as materialized (select lat.id, lat.published_at from lat
          ${byTime('lat')} limit ${sql.lit(kept)}),`;
  // SQLite's candidates hold every memo at an author's floor time, PostgreSQL's stop at
  // `need` (a memo with the same time and a smaller id may be left out): a page ending on
  // that very time is exact on SQLite, and walks on PostgreSQL
  const passed = sql.raw(d.name === 'sqlite' ? '>=' : '>');
  const ok = sql<SqlBool>`(select ok.ok from ok)`;
  const walk = feedQuery(db, d, v, offset, [], size, { unless: ok, cursor });
  const raw = sql<{ id: number; published_at: unknown }>`with ${from} ${candidates}
    page as materialized (select fm.id, fm.published_at from cand fm
      where ${inFeedCollection('fm', viewer, d)} limit ${sql.lit(need)}),
    ok as materialized (select case when (select count(*) from page) = ${sql.lit(need)}
      then (select min(page.published_at) from page) ${passed} coalesce((select max(fl.floor) from fl), ${oldest(d)})
      else (select count(*) from cand) < ${sql.lit(kept)}
        and not exists (select 1 from fl where fl.floor is not null) end as ok)
    select fp.id, fp.published_at from (select page.id, page.published_at from page where ${ok}
      order by page.published_at desc, page.id desc limit ${sql.lit(size)} offset ${sql.lit(offset)}) fp
    union all
    select fw.id, fw.published_at from (${walk}) fw
    order by published_at desc, id desc`;
  return compilableRaw(db, raw);
}

/** memos as `alias`, read through memos_author_feed_idx (SQLite is told, as memosByFeedIndex). */
function memosByAuthor(alias: string, d: DialectHelpers) {
  return d.name === 'sqlite'
    ? sql`memos ${sql.raw(alias)} indexed by memos_author_feed_idx`
    : sql`memos ${sql.raw(alias)}`;
}

/**
 * The discover posts query: public memos of others, for a viewer or a visitor, matching
 * every search word (a hashtag on a public page searches here).
 */
export function discoverQuery(
  db: Db,
  d: DialectHelpers,
  v: unknown,
  visitor: boolean,
  offset: number,
  size: number,
  patterns: readonly unknown[] = [],
  after?: unknown,
) {
  const viewer: Viewer = { userId: visitor ? null : (v as number) };
  let query = db
    .selectFrom(discoverableMemos('dm', d) as never)
    .select([sql<number>`dm.id`.as('id')])
    .where(isDiscoverable('dm', d))
    .where(sql<SqlBool>`dm.published_at is not null`)
    .where(after === undefined ? always : afterCursor('dm', pageCursor(after, viewer, d)))
    .where(inPublicCollection('dm', viewer, d))
    .where(searchCondition('dm', patterns));
  if (!visitor) {
    query = query
      .where(sql<SqlBool>`dm.user_id <> ${v}`)
      .where(sql<SqlBool>`dm.user_id not in ${blockedPeople(v)}`);
  }
  return query
    .orderBy(sql`dm.published_at`, 'desc')
    .orderBy(sql`dm.id`, 'desc')
    .limit(sql.lit(size))
    .offset(sql.lit(offset));
}

/** Ids of one feed page, newest first. */
export async function feedPage(
  cache: QueryCache,
  db: Db,
  d: DialectHelpers,
  viewerId: number,
  q: PageQuery,
): Promise<PageIds> {
  const patterns = searchPatterns(q.search);
  const size = fetchSize(q);
  const offset = offsetOf(q);
  if (q.after !== undefined) {
    // PostgreSQL reads each author's memos from there (a third cheaper at the fourth page than
    // from the offset); SQLite's per-author statement costs more than its walk from there
    // (docs/PERFORMANCE.md, "Paging from the last memo")
    const perAuthor = patterns.length === 0 && d.name === 'postgres';
    const rows = await cache.rows(
      `feed-after|${size}|${patterns.length}|${perAuthor}`,
      [viewerId, q.after, ...patterns],
      (slots) =>
        perAuthor
          ? feedByAuthorsQuery(db, d, slots[0], 0, size, slots[1])
          : feedQuery(db, d, slots[0], 0, slots.slice(2), size, { after: slots[1] }),
      { prepared: true },
    );
    // None after it: the feed's end, or a memo gone or hidden since; the offset answers both.
    if (rows.length > 0) return cut(rows, q);
  }
  if (patterns.length === 0 && (offset > 0 || d.name === 'postgres')) {
    const rows = await cache.rows(
      `feed-by-authors|${size}|${offset}`,
      [viewerId],
      (slots) => feedByAuthorsQuery(db, d, slots[0], offset, size),
      pageStatement(offset),
    );
    return cut(rows, q);
  }
  const rows = await cache.rows(
    `feed|${size}|${offset}|${patterns.length}`,
    [viewerId, ...patterns],
    (slots) => feedQuery(db, d, slots[0], offset, slots.slice(1), size),
    pageStatement(offset),
  );
  return cut(rows as Array<{ id: number }>, q);
}

/** When the newest memo of the viewer's feed was published (null: an empty feed). */
export async function feedLatest(
  cache: QueryCache,
  db: Db,
  d: DialectHelpers,
  viewerId: number,
): Promise<unknown> {
  const rows = await cache.rows(
    `feed-latest`,
    [viewerId],
    (slots) => feedQuery(db, d, slots[0], 0, [], 1),
    { prepared: true },
  );
  return (rows[0] as { published_at?: unknown } | undefined)?.published_at ?? null;
}

/** Ids of one discover posts page, newest first. */
export async function discoverPage(
  cache: QueryCache,
  db: Db,
  d: DialectHelpers,
  viewerId: number | null,
  q: PageQuery,
): Promise<PageIds> {
  const patterns = searchPatterns(q.search);
  const size = fetchSize(q);
  const visitor = viewerId === null;
  const offset = offsetOf(q);
  if (q.after !== undefined) {
    const rows = await cache.rows(
      `discover-after|${size}|${visitor ? 'v' : 'u'}|${patterns.length}`,
      [viewerId ?? 0, q.after, ...patterns],
      (slots) => discoverQuery(db, d, slots[0], visitor, 0, size, slots.slice(2), slots[1]),
      { prepared: true },
    );
    if (rows.length > 0) return cut(rows, q);
  }
  const rows = await cache.rows(
    `discover|${size}|${offset}|${visitor ? 'v' : 'u'}|${patterns.length}`,
    [viewerId ?? 0, ...patterns],
    (slots) => discoverQuery(db, d, slots[0], visitor, offset, size, slots.slice(1)),
    pageStatement(offset),
  );
  return cut(rows as Array<{ id: number }>, q);
}
