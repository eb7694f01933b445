import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectHelpers } from '../../db/dialect.js';
import { blockedBetween, collectionVisible, type Viewer } from '../audience/index.js';
import { viewerSlots, type QueryCache } from './query-cache.js';
import { pageStatement } from '../../db/query-cache.js';
import { MEMO_COLUMNS, viewerFlags, type Db, type MemoRow } from './store.js';

/**
 * The memo lists: one query per page whatever its size. The inner query walks an index in
 * the list's order (a user's memos by memos_user_idx (user_id, id); a collection's by
 * memos_per_collection_order_idx (collection_id, sequence_number, position)) and stops at
 * the page's end; the outer one joins the memo columns for those rows only.
 *
 * Who may read what is decided ONCE per list where it can be: a collection's visibility,
 * and whether the viewer and a listed author blocked each other, are uncorrelated
 * conditions (evaluated once by both engines). Per row only what differs between memos is
 * checked. This is equivalent to memoVisible (audience predicates) for these rows:
 *  - in a collection the viewer may read, a memo is readable when it is the viewer's, or
 *    published and its author and the viewer did not block each other (the collection
 *    itself is the visible collection memoVisible asks for);
 *  - in a user's list, the viewer's own memos are all readable (scheduled too); another
 *    author's when published, not blocked, and in a collection the viewer may read.
 * Lists never open memos through a memo's own secret link (reads.ts drops it).
 *
 * Each list query is built once per shape (query-cache.ts): values go in as slots, and the
 * builders branch only on what the shape key names.
 */

export interface ListQuery {
  search: string[];
  limit: number;
  offset: number;
  /** count every match (hydra:totalItems) */
  withTotal: boolean;
}

export interface PageRow extends MemoRow {
  /** pin state in the listed collection (collection lists only) */
  list_sequence: number | null;
  /** all matches, when asked for */
  total: unknown;
}

const always = sql<SqlBool>`(1 = 1)`;

/** LIKE patterns for the search words: each must appear in the memo's search text. */
function searchPatterns(words: string[]): string[] {
  return words.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** Every pattern matches the search text (title, description, tags) of memo `alias`. */
function searchCondition(alias: string, patterns: readonly unknown[]): RawBuilder<SqlBool> {
  if (patterns.length === 0) return always;
  const col = sql.ref(`${alias}.search_text`);
  const parts = patterns.map((pattern) => sql<SqlBool>`${col} like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** A memo of a collection the viewer may read: readable when theirs, or published and not blocked. */
function readableInVisibleCollection(alias: string, viewer: Viewer): RawBuilder<SqlBool> {
  const author = sql.ref(`${alias}.user_id`);
  const published = sql<SqlBool>`${sql.ref(`${alias}.status`)} = 'published'`;
  const v = viewer.userId;
  if (v === null) return published;
  return sql<SqlBool>`(${author} = ${v} or (${published} and not ${blockedBetween(author, v)}))`;
}

/** Memo `alias` is in at least one collection the viewer may read. */
function inVisibleCollection(
  alias: string,
  viewer: Viewer,
  d: DialectHelpers,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from memos_per_collection vmpc
    inner join collections vc on vc.id = vmpc.collection_id
    where vmpc.memo_id = ${sql.ref(`${alias}.id`)} and ${collectionVisible('vc', viewer, d)})`;
}

/** Which memos of user `authorId` the viewer may read (row alias `alias`); `own`: theirs. */
function userListCondition(
  alias: string,
  viewer: Viewer,
  d: DialectHelpers,
  authorId: unknown,
  own: boolean,
): RawBuilder<SqlBool> {
  if (own) return always;
  const v = viewer.userId;
  const published = sql<SqlBool>`${sql.ref(`${alias}.status`)} = 'published'`;
  const visible = sql<SqlBool>`(${published} and ${inVisibleCollection(alias, viewer, d)})`;
  if (v === null) return visible;
  // The author is the same for every row: the block check is uncorrelated, made once.
  return sql<SqlBool>`(not ${blockedBetween(sql`${authorId}`, v)} and ${visible})`;
}

/** The collection exists and the viewer may read it: uncorrelated, made once. */
function collectionReadable(collectionId: unknown, viewer: Viewer, d: DialectHelpers) {
  return sql<SqlBool>`exists (select 1 from collections lc
    where lc.id = ${collectionId} and ${collectionVisible('lc', viewer, d)})`;
}

/**
 * LIMIT and OFFSET go into the SQL text. SQLite re-prepares a statement whose LIMIT is a
 * bound parameter every time it is bound (the planner weighs the limit), which would cost
 * more than the page itself. PostgreSQL keeps one plan for a prepared statement
 * (db/database.ts PREPARED_MARK), and priced a bound OFFSET as skipping a tenth of the
 * table. Page sizes are few (parsePaging: 1-50); a statement per page read.
 */
const pageSizeOf = (q: ListQuery) => Math.max(1, Math.trunc(q.limit));

interface Keyed {
  id: number;
  k1: number;
  k2: number;
  k3: number;
}

/** The outer query: memo columns for the page rows chosen by `page`. */
function pageColumns(
  db: Db,
  viewer: Viewer,
  page: Expression<Keyed & { list_sequence: number | null }>,
  total: RawBuilder<number> | null,
) {
  return db
    .selectFrom(sql`${page}`.as('pg') as never)
    .innerJoin('memos as m', 'm.id', sql.ref('pg.id') as never)
    .innerJoin('user_profiles as ap', 'ap.user_id', 'm.user_id')
    .select(MEMO_COLUMNS)
    .select(viewerFlags(viewer))
    .select([
      sql<number | null>`pg.list_sequence`.as('list_sequence'),
      sql<number>`pg.k1`.as('k1'),
      sql<number>`pg.k2`.as('k2'),
      sql<number>`pg.k3`.as('k3'),
      (total ?? sql<unknown>`null`).as('total'),
    ]);
}

/** The page's order (k1, k2, k3 descending): the outer query keeps none of its own. */
function inPageOrder(rows: unknown[]): PageRow[] {
  const keyed = rows as Array<PageRow & Keyed>;
  const key = (row: Keyed) => [Number(row.k1), Number(row.k2), Number(row.k3)] as const;
  return keyed.sort((a, b) => {
    const [a1, a2, a3] = key(a);
    const [b1, b2, b3] = key(b);
    return b1 - a1 || b2 - a2 || b3 - a3;
  });
}

/** What the list queries are keyed and filled by: viewer, list owner, offset, search. */
function listSlots(viewer: Viewer, subject: unknown, q: ListQuery, extra: string) {
  const who = viewerSlots(viewer);
  const patterns = searchPatterns(q.search);
  const limit = pageSizeOf(q);
  const offset = Math.max(0, Math.trunc(q.offset));
  const shape = `${who.key}|${extra}|${limit}|${offset}|${q.withTotal ? 't' : ''}|${patterns.length}`;
  const values = [...who.values, subject, ...patterns];
  const parts = (slots: readonly unknown[]) => ({
    viewer: who.slotted(slots),
    subject: slots[who.size],
    patterns: slots.slice(who.size + 1),
    limit,
    offset,
  });
  return { shape, values, parts };
}

/** Memos of user `authorId` the viewer may read, newest first (by memos_user_idx). */
export async function userPage(
  cache: QueryCache,
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  authorId: number,
  q: ListQuery,
): Promise<PageRow[]> {
  const own = viewer.userId === authorId;
  const { shape, values, parts } = listSlots(viewer, authorId, q, own ? 'own' : 'other');
  const rows = await cache.rows(
    `user-page|${shape}`,
    values,
    (slots) => {
      const p = parts(slots);
      const page = db
        .selectFrom('memos as lm')
        .select([
          'lm.id as id',
          sql<number | null>`null`.as('list_sequence'),
          'lm.id as k1',
          sql<number>`0`.as('k2'),
          sql<number>`0`.as('k3'),
        ])
        .where('lm.user_id', '=', p.subject as number)
        .where(userListCondition('lm', p.viewer, d, p.subject, own))
        .where(searchCondition('lm', p.patterns))
        .orderBy('lm.id', 'desc')
        .limit(sql.lit(p.limit))
        .offset(sql.lit(p.offset));
      const total = q.withTotal ? countUserSql(p.viewer, d, p.subject, own, p.patterns) : null;
      return pageColumns(db, p.viewer, page as never, total);
    },
    // prepared on PostgreSQL (db/query-cache.ts pageStatement): planning the audience rules
    // cost it three times what running them did; the kept plan walks the list's index
    // whatever its length (plans.test.ts checks the generic plan)
    pageStatement(q.offset),
  );
  return inPageOrder(rows);
}

/**
 * Memos of collection `collectionId` when the viewer may read it: pinned first, then by
 * position, newest first (memos_per_collection_order_idx; SQLite keeps the row id in
 * every index, so the last key needs no sort either).
 */
export async function collectionPage(
  cache: QueryCache,
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  collectionId: string,
  q: ListQuery,
): Promise<PageRow[]> {
  const { shape, values, parts } = listSlots(viewer, collectionId, q, '');
  const rows = await cache.rows(
    `collection-page|${shape}`,
    values,
    (slots) => {
      const p = parts(slots);
      const page = db
        .selectFrom('memos_per_collection as lp')
        .innerJoin('memos as lm', 'lm.id', 'lp.memo_id')
        .select([
          'lp.memo_id as id',
          'lp.sequence_number as list_sequence',
          'lp.sequence_number as k1',
          'lp.position as k2',
          'lp.id as k3',
        ])
        .where('lp.collection_id', '=', p.subject as string)
        .where(collectionReadable(p.subject, p.viewer, d))
        .where(readableInVisibleCollection('lm', p.viewer))
        .where(searchCondition('lm', p.patterns))
        .orderBy('lp.sequence_number', 'desc')
        .orderBy('lp.position', 'desc')
        .orderBy('lp.id', 'desc')
        .limit(sql.lit(p.limit))
        .offset(sql.lit(p.offset));
      const total = q.withTotal ? countCollectionSql(p.viewer, d, p.subject, p.patterns) : null;
      return pageColumns(db, p.viewer, page as never, total);
    },
    pageStatement(q.offset), // prepared as userPage's is
  );
  return inPageOrder(rows);
}

/** The number of memos of a user's list (an index-only count for the viewer's own). */
function countUserSql(
  viewer: Viewer,
  d: DialectHelpers,
  authorId: unknown,
  own: boolean,
  patterns: readonly unknown[],
) {
  return sql<number>`(select count(*) from memos tm where tm.user_id = ${authorId}
    and ${userListCondition('tm', viewer, d, authorId, own)} and ${searchCondition('tm', patterns)})`;
}

/**
 * The number of memos of a collection's list (the collection's visibility is checked
 * apart). Without search words it is counted without reading 10,000 memo rows: every link
 * of the collection (an index-only count), less what the viewer may not read of them,
 * found from the few rows that can hide a memo: scheduled memos (memos_schedule_idx) that
 * are not the viewer's, and published ones by people the viewer blocked or was blocked by
 * (blocks, then memos_user_idx). Memos are either published or scheduled (MemoStatus), so
 * the two are apart. With search words the matches are counted row by row.
 *
 * The planner is told the way: SQLite's statistics cannot know that few memos are
 * scheduled (two status values, so half of them as far as sqlite_stat1 goes), hence
 * INDEXED BY there. The blocked people's memos are counted per blocked person, in a
 * subquery each: a join let PostgreSQL's generic plan (the page is a prepared statement,
 * planned for a collection of average size) start from the collection's links and read
 * every memo of a 10,000-memo collection, 15 ms, when the viewer had blocked nobody
 * (docs/PERFORMANCE.md, "A big collection's page under a generic plan").
 */
function countCollectionSql(
  viewer: Viewer,
  d: DialectHelpers,
  collectionId: unknown,
  patterns: readonly unknown[],
) {
  if (patterns.length > 0) {
    return sql<number>`(select count(*) from memos_per_collection tp
      inner join memos tm on tm.id = tp.memo_id
      where tp.collection_id = ${collectionId}
      and ${readableInVisibleCollection('tm', viewer)} and ${searchCondition('tm', patterns)})`;
  }
  const v = viewer.userId;
  const links = sql`(select count(*) from memos_per_collection tp
    where tp.collection_id = ${collectionId})`;
  const byStatus = d.name === 'sqlite' ? sql` indexed by memos_schedule_idx` : sql``;
  const notYours = v === null ? sql`` : sql` and sm.user_id <> ${v}`;
  const scheduled = sql`(select count(*) from memos sm${byStatus}
    where sm.status = 'scheduled'${notYours} and exists (select 1 from memos_per_collection sp
      where sp.memo_id = sm.id and sp.collection_id = ${collectionId}))`;
  if (v === null) return sql<number>`(${links} - ${scheduled})`;
  const blocked = sql`(select coalesce(sum((select count(*) from memos bm
      cross join memos_per_collection bp
      where bm.user_id = bu.user_id and bm.status = 'published'
        and bp.memo_id = bm.id and bp.collection_id = ${collectionId})), 0) from (
      select bl.blocked_id as user_id from blocks bl where bl.blocker_id = ${v}
      union select bl.blocker_id from blocks bl where bl.blocked_id = ${v}) bu)`;
  return sql<number>`(${links} - ${scheduled} - ${blocked})`;
}

/** How many memos a user list shows; used only when a page beyond the end is asked for. */
export async function countUserMemos(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  authorId: number,
  search: string[],
): Promise<number> {
  const own = viewer.userId === authorId;
  const row = await db
    .selectNoFrom(countUserSql(viewer, d, authorId, own, searchPatterns(search)).as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The same for a collection the caller found readable. */
export async function countCollectionMemos(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  collectionId: string,
  search: string[],
): Promise<number> {
  const row = await db
    .selectNoFrom(countCollectionSql(viewer, d, collectionId, searchPatterns(search)).as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
