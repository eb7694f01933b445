import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/database.js';
import { collectionVisible, type Viewer } from '../audience/index.js';
import type { QueryCache } from '../memos/query-cache.js';

type Db = Database['db'];

/**
 * The feed and discover pages as pipelines (docs/notes/feed-and-discover.md): this file selects the
 * ids of one page; the memo module loads and presents them (presentIds, which checks visibility
 * again). Both walk memos_feed_idx (published_at, id, user_id WHERE status = 'published')
 * newest first and stop after the page's last row plus one (so the caller knows whether
 * more follow). Per index entry only the author is tested, against sets made once per query:
 * the viewer's contacts and followings (hashed by both engines) and the people blocked
 * either way. The collection test (one memos_per_collection lookup and the collection's
 * audience rules) runs only for the entries whose author passes.
 */

export interface PageQuery {
  limit: number;
  offset: number;
  /** lower-cased words that must all be in the memo's search text */
  search: string[];
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
 * not walk 1,000,000 entries for authors that cannot match (about 60 ms).
 */
function walkFrom(d: DialectHelpers, v: unknown): RawBuilder<SqlBool> {
  const oldest = d.name === 'sqlite' ? sql`''` : sql`'-infinity'::timestamptz`;
  return sql<SqlBool>`fm.published_at >= (select case when
    exists (select 1 from contacts ac where ac.user_id = ${v})
    or exists (select 1 from follows af where af.follower_id = ${v}) then ${oldest} end)`;
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
function memosByFeedIndex(alias: 'fm' | 'dm', d: DialectHelpers) {
  return d.name === 'sqlite'
    ? sql`memos ${sql.raw(alias)} indexed by memos_feed_idx`
    : sql`memos ${sql.raw(alias)}`;
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

/** The feed query: built for one viewer, page size and number of search words. */
export function feedQuery(
  db: Db,
  d: DialectHelpers,
  v: unknown,
  offset: number,
  patterns: readonly unknown[],
  size: number,
) {
  const viewer: Viewer = { userId: v as number };
  return db
    .selectFrom(memosByFeedIndex('fm', d) as never)
    .select([sql<number>`fm.id`.as('id'), sql<unknown>`fm.published_at`.as('published_at')])
    .where(sql<SqlBool>`fm.status = 'published'`)
    .where(walkFrom(d, v))
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
) {
  const viewer: Viewer = { userId: visitor ? null : (v as number) };
  let query = db
    .selectFrom(memosByFeedIndex('dm', d) as never)
    .select([sql<number>`dm.id`.as('id')])
    .where(sql<SqlBool>`dm.status = 'published'`)
    .where(sql<SqlBool>`dm.published_at is not null`)
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
  const rows = await cache.rows(
    `feed|${size}|${offset}|${patterns.length}`,
    [viewerId, ...patterns],
    (slots) => feedQuery(db, d, slots[0], offset, slots.slice(1), size),
    { prepared: true },
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
  const rows = await cache.rows(
    `discover|${size}|${offset}|${visitor ? 'v' : 'u'}|${patterns.length}`,
    [viewerId ?? 0, ...patterns],
    (slots) => discoverQuery(db, d, slots[0], visitor, offset, size, slots.slice(1)),
    { prepared: true },
  );
  return cut(rows as Array<{ id: number }>, q);
}
