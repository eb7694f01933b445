import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectHelpers } from '../../db/dialect.js';
import { blockedBetween, collectionVisible, type Viewer } from '../audience/index.js';
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

/** Every search word must appear in the memo's search text (title, description, tags). */
function searchCondition(alias: string, words: string[]): RawBuilder<SqlBool> {
  if (words.length === 0) return always;
  const col = sql.ref(`${alias}.search_text`);
  const parts = words.map((word) => {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql<SqlBool>`${col} like ${pattern} escape '\\'`;
  });
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

/** Which memos of user `authorId` the viewer may read (row alias `alias`). */
function userListCondition(
  alias: string,
  viewer: Viewer,
  d: DialectHelpers,
  authorId: number,
): RawBuilder<SqlBool> {
  const v = viewer.userId;
  if (v === authorId) return always;
  const published = sql<SqlBool>`${sql.ref(`${alias}.status`)} = 'published'`;
  const visible = sql<SqlBool>`(${published} and ${inVisibleCollection(alias, viewer, d)})`;
  if (v === null) return visible;
  // The author is the same for every row: the block check is uncorrelated, made once.
  return sql<SqlBool>`(not ${blockedBetween(sql`${authorId}`, v)} and ${visible})`;
}

/** The collection exists and the viewer may read it: uncorrelated, made once. */
function collectionReadable(collectionId: string, viewer: Viewer, d: DialectHelpers) {
  return sql<SqlBool>`exists (select 1 from collections lc
    where lc.id = ${collectionId} and ${collectionVisible('lc', viewer, d)})`;
}

interface Keyed {
  id: number;
  k1: number;
  k2: number;
  k3: number;
}

/** Memo columns for the page rows chosen by `page`, in the page's order (k1, k2, k3 desc). */
async function pageRows(
  db: Db,
  viewer: Viewer,
  page: Expression<Keyed & { list_sequence: number | null }>,
  total: RawBuilder<number> | null,
): Promise<PageRow[]> {
  const rows = (await db
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
    ])
    .execute()) as unknown as Array<PageRow & Keyed>;
  // The outer query keeps no order of its own; 10-50 rows sort here for nothing.
  const key = (row: Keyed) => [Number(row.k1), Number(row.k2), Number(row.k3)] as const;
  return rows.sort((a, b) => {
    const [a1, a2, a3] = key(a);
    const [b1, b2, b3] = key(b);
    return b1 - a1 || b2 - a2 || b3 - a3;
  });
}

/** Memos of user `authorId` the viewer may read, newest first (by memos_user_idx). */
export function userPage(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  authorId: number,
  q: ListQuery,
): Promise<PageRow[]> {
  const page = db
    .selectFrom('memos as lm')
    .select([
      'lm.id as id',
      sql<number | null>`null`.as('list_sequence'),
      'lm.id as k1',
      sql<number>`0`.as('k2'),
      sql<number>`0`.as('k3'),
    ])
    .where('lm.user_id', '=', authorId)
    .where(userListCondition('lm', viewer, d, authorId))
    .where(searchCondition('lm', q.search))
    .orderBy('lm.id', 'desc')
    .limit(q.limit)
    .offset(q.offset);
  const total = q.withTotal ? countUserSql(viewer, d, authorId, q.search) : null;
  return pageRows(db, viewer, page as never, total);
}

/**
 * Memos of collection `collectionId` when the viewer may read it: pinned first, then by
 * position, newest first (memos_per_collection_order_idx; SQLite keeps the row id in
 * every index, so the last key needs no sort either).
 */
export function collectionPage(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  collectionId: string,
  q: ListQuery,
): Promise<PageRow[]> {
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
    .where('lp.collection_id', '=', collectionId)
    .where(collectionReadable(collectionId, viewer, d))
    .where(readableInVisibleCollection('lm', viewer))
    .where(searchCondition('lm', q.search))
    .orderBy('lp.sequence_number', 'desc')
    .orderBy('lp.position', 'desc')
    .orderBy('lp.id', 'desc')
    .limit(q.limit)
    .offset(q.offset);
  const total = q.withTotal ? countCollectionSql(viewer, collectionId, q.search) : null;
  return pageRows(db, viewer, page as never, total);
}

/** The number of memos of a user's list (an index-only count for the viewer's own). */
function countUserSql(viewer: Viewer, d: DialectHelpers, authorId: number, search: string[]) {
  return sql<number>`(select count(*) from memos tm where tm.user_id = ${authorId}
    and ${userListCondition('tm', viewer, d, authorId)} and ${searchCondition('tm', search)})`;
}

/** The number of memos of a collection's list (visibility of the collection checked apart). */
function countCollectionSql(viewer: Viewer, collectionId: string, search: string[]) {
  return sql<number>`(select count(*) from memos_per_collection tp
    inner join memos tm on tm.id = tp.memo_id
    where tp.collection_id = ${collectionId}
    and ${readableInVisibleCollection('tm', viewer)} and ${searchCondition('tm', search)})`;
}

/** How many memos a user list shows; used only when a page beyond the end is asked for. */
export async function countUserMemos(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  authorId: number,
  search: string[],
): Promise<number> {
  const row = await db
    .selectNoFrom(countUserSql(viewer, d, authorId, search).as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The same for a collection the caller found readable. */
export async function countCollectionMemos(
  db: Db,
  viewer: Viewer,
  collectionId: string,
  search: string[],
): Promise<number> {
  const row = await db
    .selectNoFrom(countCollectionSql(viewer, collectionId, search).as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
