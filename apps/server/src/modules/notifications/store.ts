import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readCount, type DialectHelpers } from '../../db/dialect.js';
import type { NotificationGroup } from './types.js';

type Db = Kysely<DatabaseSchema>;

/**
 * Queries of the stored notifications (activity_events rows). Every query is bounded by the
 * recipient, so nobody reads or changes another person's notifications.
 */

/** Types of the groups turned off in the app are neither listed nor counted. */
function shown(hidden: readonly NotificationGroup[], column = 'type'): RawBuilder<SqlBool> {
  const type = sql.ref(column);
  const types = hidden.flatMap((g) => g.types);
  const conditions: RawBuilder<SqlBool>[] = [sql<SqlBool>`(1 = 1)`];
  if (types.length > 0) {
    conditions.push(sql<SqlBool>`${type} not in (${sql.join(types.map((t) => sql`${t}`))})`);
  }
  if (hidden.some((g) => g.key === 'connections')) {
    conditions.push(sql<SqlBool>`${type} not like ${'%_connection%'}`);
  }
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

export async function countUnread(
  db: Db,
  userId: number,
  hidden: readonly NotificationGroup[],
): Promise<number> {
  const row = await db
    .selectFrom('activity_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('recipient_user_id', '=', userId)
    .where('reviewed_at', 'is', null)
    .where(shown(hidden))
    .executeTakeFirst();
  return readCount(row?.n);
}

/** Unread notifications per recipient and type, for the counters sent with live messages. */
export async function unreadByType(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('activity_events')
    .select((eb) => ['recipient_user_id', 'type', eb.fn.countAll().as('n')])
    .where('recipient_user_id', 'in', [...userIds])
    .where('reviewed_at', 'is', null)
    .groupBy(['recipient_user_id', 'type'])
    .execute();
}

export async function countAll(
  db: Db,
  userId: number,
  hidden: readonly NotificationGroup[],
): Promise<number> {
  const row = await db
    .selectFrom('activity_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('recipient_user_id', '=', userId)
    .where(shown(hidden))
    .executeTakeFirst();
  return readCount(row?.n);
}

/** Event rows with what a notification shows of its actor, memo, collection and documents. */
export function eventsQuery(db: Db) {
  return db
    .selectFrom('activity_events as e')
    .leftJoin('user_profiles as ap', 'ap.user_id', 'e.actor_user_id')
    .leftJoin('memos as m', 'm.id', 'e.memo_id')
    .leftJoin('collections as c', 'c.id', 'e.collection_id')
    .leftJoin('attachments as doc', 'doc.id', 'e.attachment_id')
    .select([
      'e.id',
      'e.type',
      'e.actor_user_id',
      'e.recipient_user_id',
      'e.connection_id',
      'e.memo_id',
      'e.collection_id',
      'e.thread_id',
      'e.attachment_id',
      'e.payload',
      'e.created_at',
      'e.reviewed_at',
      'ap.name as actor_name',
      'm.title as memo_title',
      'c.name as collection_name',
      'doc.file_name as document_file_name',
    ]);
}

export type EventRow = Awaited<ReturnType<ReturnType<typeof eventsQuery>['execute']>>[number];

export async function listPage(
  db: Db,
  userId: number,
  hidden: readonly NotificationGroup[],
  page: { limit: number; offset: number },
): Promise<EventRow[]> {
  return eventsQuery(db)
    .where('e.recipient_user_id', '=', userId)
    .where(shown(hidden, 'e.type'))
    .orderBy('e.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function eventsByIds(db: Db, ids: readonly number[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return eventsQuery(db)
    .where('e.id', 'in', [...ids])
    .orderBy('e.id', 'asc')
    .execute();
}

/** How many of `ids` belong to `userId`. */
export async function countOwned(db: Db, userId: number, ids: readonly number[]) {
  const row = await db
    .selectFrom('activity_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('recipient_user_id', '=', userId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return readCount(row?.n);
}

export async function setReviewed(
  db: Db,
  dialect: DialectHelpers,
  userId: number,
  ids: readonly number[] | 'all',
  reviewed: boolean,
): Promise<number> {
  let query = db
    .updateTable('activity_events')
    .set({ reviewed_at: reviewed ? dialect.time(new Date()) : null })
    .where('recipient_user_id', '=', userId)
    .where('reviewed_at', reviewed ? 'is' : 'is not', null);
  if (ids !== 'all') query = query.where('id', 'in', [...ids]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteEvents(
  db: Db,
  userId: number,
  ids: readonly number[] | 'all',
): Promise<number> {
  let query = db.deleteFrom('activity_events').where('recipient_user_id', '=', userId);
  if (ids !== 'all') query = query.where('id', 'in', [...ids]);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Recipients' names, addresses and locales for mail and pushes. */
export async function recipientsOf(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users as u')
    .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.usermail', 'p.name', 'p.locale'])
    .where('u.id', 'in', [...userIds])
    .where('u.disabled_at', 'is', null)
    .execute();
}
