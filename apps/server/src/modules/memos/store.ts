import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import {
  blockedBetween,
  collectionVisible,
  followsUser,
  isContactOf,
  memoVisible,
  type Viewer,
} from '../audience/index.js';
import { viewerSlots, type QueryCache } from './query-cache.js';

/**
 * Reads of single memos and of access facts. Lists are in list-store.ts; what hangs off a
 * page of memos (todos, tags, collections) in children-store.ts, one query per kind for the page.
 */

export type Db = Kysely<DatabaseSchema>;

const never = sql<SqlBool>`(1 = 0)`;

/** Memo columns every answer needs (aliased `m`), with the author's profile (`ap`). */
export const MEMO_COLUMNS = [
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
  'ap.avatar_attachment_id as author_avatar_id',
  'ap.memo_copy_allowed as author_copy_allowed',
  'ap.memo_comments_allowed as author_comments_allowed',
  'ap.allow_reactions as author_allows_reactions',
  'ap.require_identification_for_comments as author_requires_identification',
] as const;

/** Per-viewer facts about the memo row `m`, computed for the page rows only. */
export function viewerFlags(viewer: Viewer) {
  const v = viewer.userId;
  const author = sql.ref('m.user_id');
  return [
    (v === null ? never : isContactOf(author, v)).as('is_connected'),
    (v === null
      ? never
      : sql<SqlBool>`exists (select 1 from memo_watchers mw where mw.memo_id = m.id and mw.user_id = ${v})`
    ).as('notify_me'),
    (v === null ? never : followsUser(v, author)).as('follows_author'),
    (v === null
      ? never
      : sql<unknown>`(select vp.user_identified from user_profiles vp where vp.user_id = ${v})`
    ).as('viewer_identified'),
  ];
}

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
  author_avatar_id: number | null;
  author_copy_allowed: unknown;
  author_comments_allowed: unknown;
  author_allows_reactions: unknown;
  author_requires_identification: unknown;
  is_connected: unknown;
  notify_me: unknown;
  follows_author: unknown;
  viewer_identified: unknown;
}

export type { ListQuery, PageRow } from './list-store.js';

export interface SingleRow extends MemoRow {
  visible: unknown;
  blocked: unknown;
}

/** The memos `ids` the viewer may read (any order; callers keep theirs). */
export async function findVisibleMemos(
  cache: QueryCache,
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  ids: number[],
): Promise<MemoRow[]> {
  if (ids.length === 0) return [];
  const who = viewerSlots(viewer);
  const rows = await cache.rows(
    `visible-memos|${who.key}`,
    [...who.values, ...ids],
    (slots) => {
      const slotted = who.slotted(slots);
      return db
        .selectFrom('memos as m')
        .innerJoin('user_profiles as ap', 'ap.user_id', 'm.user_id')
        .select(MEMO_COLUMNS)
        .select(viewerFlags(slotted))
        .where('m.id', 'in', slots.slice(who.size) as number[])
        .where(memoVisible('m', slotted, d));
    },
    { prepared: true },
  );
  return rows as MemoRow[];
}

/** One memo with the viewer's access to it (whether they may read it, or are blocked). */
export async function findMemo(
  cache: QueryCache,
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  id: number,
): Promise<SingleRow | undefined> {
  const who = viewerSlots(viewer);
  const [row] = await cache.rows(
    `memo|${who.key}`,
    [...who.values, id],
    (slots) => {
      const slotted = who.slotted(slots);
      const v = slotted.userId;
      return db
        .selectFrom('memos as m')
        .innerJoin('user_profiles as ap', 'ap.user_id', 'm.user_id')
        .select(MEMO_COLUMNS)
        .select(viewerFlags(slotted))
        .select(
          sql<number>`case when ${memoVisible('m', slotted, d)} then 1 else 0 end`.as('visible'),
        )
        .select((v === null ? never : blockedBetween(sql.ref('m.user_id'), v)).as('blocked'))
        .where('m.id', '=', slots[who.size] as number);
    },
    { prepared: true },
  );
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
