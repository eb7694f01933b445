import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import {
  blockedBetween,
  collectionVisible,
  isContactOf,
  memoVisible,
  type Viewer,
} from '../audience/index.js';

/**
 * Reads of memos. A list is one query for the page (ids chosen with the audience
 * condition, then joined with the memo and its author) and one per kind of child row for
 * the whole page (see children.ts), whatever the page size.
 */

export type Db = Kysely<DatabaseSchema>;

const never = sql<SqlBool>`(1 = 0)`;

/** Memo columns every answer needs (aliased `m`), with the author's profile (`ap`). */
const MEMO_COLUMNS = [
  'm.id',
  'm.user_id',
  'm.title',
  'm.description',
  'm.location_latitude',
  'm.location_longitude',
  'm.location_zoom',
  'm.location_description',
  'm.date_event',
  'm.date_todo_due',
  'm.memo_scheduled',
  'm.status',
  'm.published_at',
  'm.notification_sent',
  'm.is_todo',
  'm.content_type',
  'm.memo_type',
  'm.comments_number',
  'm.created_at',
  'm.updated_at',
  'ap.name as author_name',
  'ap.memo_copy_allowed as author_copy_allowed',
] as const;

/** Per-viewer facts about the memo row `m`, computed for the page rows only. */
function viewerFlags(viewer: Viewer) {
  const v = viewer.userId;
  const author = sql.ref('m.user_id');
  return [
    (v === null ? never : isContactOf(author, v)).as('is_connected'),
    (v === null
      ? never
      : sql<SqlBool>`exists (select 1 from memo_watchers mw where mw.memo_id = m.id and mw.user_id = ${v})`
    ).as('notify_me'),
  ];
}

type PageSource = SelectQueryBuilder<DatabaseSchema, 'memos' | never, { id: number }>;

export interface MemoRow {
  id: number;
  user_id: number;
  title: string;
  description: string | null;
  location_latitude: number | null;
  location_longitude: number | null;
  location_zoom: number | null;
  location_description: string | null;
  date_event: unknown;
  date_todo_due: unknown;
  memo_scheduled: unknown;
  status: string;
  published_at: unknown;
  notification_sent: unknown;
  is_todo: unknown;
  content_type: string;
  memo_type: string;
  comments_number: number;
  created_at: unknown;
  updated_at: unknown;
  author_name: string;
  author_copy_allowed: unknown;
  is_connected: unknown;
  notify_me: unknown;
}

export interface PageRow extends MemoRow {
  /** pin state in the listed collection (collection lists only) */
  list_sequence: number | null;
  /** all matches, when asked for */
  total: unknown;
}

export interface ListQuery {
  search: string[];
  limit: number;
  offset: number;
  /** count every match (hydra:totalItems) */
  withTotal: boolean;
}

/** Every search word must appear in the memo's search text (title, description, tags). */
function searchCondition(alias: string, words: string[]): RawBuilder<SqlBool> | undefined {
  if (words.length === 0) return undefined;
  const col = sql.ref(`${alias}.search_text`);
  const parts = words.map((word) => {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql<SqlBool>`${col} like ${pattern} escape '\\'`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

const total = sql<number>`count(*) over ()`;

/** Memos of user `authorId` the viewer may read, newest first. */
export function userPage(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  authorId: number,
  q: ListQuery,
) {
  const words = searchCondition('lm', q.search);
  const page = db
    .selectFrom('memos as lm')
    .select(['lm.id as id', sql<number | null>`null`.as('list_sequence'), 'lm.id as k1'])
    .select(sql<number>`0`.as('k2'))
    .$if(q.withTotal, (qb) => qb.select(total.as('total')))
    .where('lm.user_id', '=', authorId)
    .where(memoVisible('lm', viewer, d))
    .$if(words !== undefined, (qb) => qb.where(words!))
    .orderBy('lm.id', 'desc')
    .limit(q.limit)
    .offset(q.offset);
  return pageRows(db, viewer, page as never, q.withTotal);
}

/**
 * Memos of collection `collectionId` when the viewer may read the collection: pinned
 * first, then by position, newest first.
 */
export function collectionPage(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  collectionId: string,
  q: ListQuery,
) {
  const words = searchCondition('lm', q.search);
  const page = db
    .selectFrom('memos_per_collection as lp')
    .innerJoin('collections as lc', 'lc.id', 'lp.collection_id')
    .innerJoin('memos as lm', 'lm.id', 'lp.memo_id')
    .select(['lm.id as id', 'lp.sequence_number as list_sequence'])
    .select(['lp.sequence_number as k1', 'lp.position as k2'])
    .$if(q.withTotal, (qb) => qb.select(total.as('total')))
    .where('lp.collection_id', '=', collectionId)
    .where(collectionVisible('lc', viewer, d))
    .where(memoVisible('lm', viewer, d))
    .$if(words !== undefined, (qb) => qb.where(words!))
    .orderBy('lp.sequence_number', 'desc')
    .orderBy('lp.position', 'desc')
    .orderBy('lm.id', 'desc')
    .limit(q.limit)
    .offset(q.offset);
  return pageRows(db, viewer, page as never, q.withTotal);
}

/** Joins the chosen page with the memo columns, in the page's order. */
async function pageRows(
  db: Db,
  viewer: Viewer,
  page: PageSource,
  withTotal: boolean,
): Promise<PageRow[]> {
  const rows = await db
    .selectFrom(page.as('pg'))
    .innerJoin('memos as m', 'm.id', 'pg.id')
    .innerJoin('user_profiles as ap', 'ap.user_id', 'm.user_id')
    .select(MEMO_COLUMNS)
    .select(viewerFlags(viewer))
    .select(sql<number | null>`pg.list_sequence`.as('list_sequence'))
    .select(withTotal ? sql<unknown>`pg.total`.as('total') : sql<unknown>`null`.as('total'))
    .orderBy(sql`pg.k1`, 'desc')
    .orderBy(sql`pg.k2`, 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  return rows as PageRow[];
}

export interface SingleRow extends MemoRow {
  visible: unknown;
  blocked: unknown;
}

/** The memos `ids` the viewer may read (any order; callers keep theirs). */
export async function findVisibleMemos(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  ids: number[],
): Promise<MemoRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('memos as m')
    .innerJoin('user_profiles as ap', 'ap.user_id', 'm.user_id')
    .select(MEMO_COLUMNS)
    .select(viewerFlags(viewer))
    .where('m.id', 'in', ids)
    .where(memoVisible('m', viewer, d))
    .execute();
  return rows as MemoRow[];
}

/** One memo with the viewer's access to it (whether they may read it, or are blocked). */
export async function findMemo(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  id: number,
): Promise<SingleRow | undefined> {
  const v = viewer.userId;
  const row = await db
    .selectFrom('memos as m')
    .innerJoin('user_profiles as ap', 'ap.user_id', 'm.user_id')
    .select(MEMO_COLUMNS)
    .select(viewerFlags(viewer))
    .select(sql<number>`case when ${memoVisible('m', viewer, d)} then 1 else 0 end`.as('visible'))
    .select((v === null ? never : blockedBetween(sql.ref('m.user_id'), v)).as('blocked'))
    .where('m.id', '=', id)
    .executeTakeFirst();
  return row as SingleRow | undefined;
}

/** Whether a user exists, and whether they and the viewer blocked each other. */
export async function findAuthorAccess(db: Db, viewer: Viewer, userId: number) {
  const v = viewer.userId;
  return db
    .selectFrom('users as u')
    .select('u.id')
    .select((v === null ? never : blockedBetween(sql.ref('u.id'), v)).as('blocked'))
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** A collection's existence and the viewer's access to it. */
export async function findCollectionAccess(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  collectionId: string,
) {
  const v = viewer.userId;
  return db
    .selectFrom('collections as c')
    .select(['c.id', 'c.user_id'])
    .select(
      sql<number>`case when ${collectionVisible('c', viewer, d)} then 1 else 0 end`.as('visible'),
    )
    .select((v === null ? never : blockedBetween(sql.ref('c.user_id'), v)).as('blocked'))
    .where('c.id', '=', collectionId)
    .executeTakeFirst();
}

/** How many memos a list would show; used only when a page beyond the end is asked for. */
export async function countUserMemos(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  authorId: number,
  search: string[],
): Promise<number> {
  const words = searchCondition('lm', search);
  const row = await db
    .selectFrom('memos as lm')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('lm.user_id', '=', authorId)
    .where(memoVisible('lm', viewer, d))
    .$if(words !== undefined, (qb) => qb.where(words!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countCollectionMemos(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  collectionId: string,
  search: string[],
): Promise<number> {
  const words = searchCondition('lm', search);
  const row = await db
    .selectFrom('memos_per_collection as lp')
    .innerJoin('memos as lm', 'lm.id', 'lp.memo_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('lp.collection_id', '=', collectionId)
    .where(memoVisible('lm', viewer, d))
    .$if(words !== undefined, (qb) => qb.where(words!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
