import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { asPrepared } from '../../db/database.js';
import { oneOf, readCount, type DialectHelpers } from '../../db/dialect.js';
import { pageStatement, queryCacheOf } from '../../db/query-cache.js';
import { collectionVisible, memoVisible } from '../audience/index.js';
import type { NotificationGroup } from './types.js';
import type { WrittenEvent } from '../../events/activity.js';

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

/** How many notifications the user's list shows, or only the unread ones of them. */
export async function countShown(
  db: Db,
  dialect: DialectHelpers,
  userId: number,
  hidden: readonly NotificationGroup[],
  which: 'all' | 'unread',
): Promise<number> {
  if (which === 'unread' && hidden.length === 0) {
    const [row] = await unreadPerRecipient(db, dialect, [userId]);
    return readCount(row?.n);
  }
  const [row] = await queryCacheOf(db).rows(
    `shown-count|${which}|${hidden.map((g) => g.key).join(',')}`,
    [userId],
    (slots) => {
      const query = db
        .selectFrom('activity_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('recipient_user_id', '=', slots[0] as number)
        .where(shown(hidden));
      return which === 'unread' ? query.where('reviewed_at', 'is', null) : query;
    },
    { prepared: true },
  );
  return readCount(row?.n);
}

/**
 * Unread notifications per recipient, of every type (for people who hide no group in the
 * app): on SQLite the counters its triggers keep (migration 0017), on PostgreSQL a count over
 * the partial unread index alone (migration 0016). People with none may be left out.
 */
export async function unreadPerRecipient(
  db: Db,
  dialect: DialectHelpers,
  userIds: readonly number[],
): Promise<Array<{ recipient_user_id: number; n: number | string | bigint }>> {
  if (userIds.length === 0) return [];
  // built once per number of people (db/query-cache.ts): the unread count is read on every visit
  return queryCacheOf(db).rows(
    'unread-per-recipient',
    [...userIds],
    (slots) => unreadPerRecipientQuery(db, dialect, slots as number[]),
    { prepared: true },
  );
}

export function unreadPerRecipientQuery(
  db: Db,
  dialect: DialectHelpers,
  userIds: readonly number[],
) {
  if (dialect.name === 'sqlite') {
    return db
      .selectFrom('notification_unread_counts')
      .select(['user_id as recipient_user_id', 'unread as n'])
      .where('user_id', 'in', [...userIds]);
  }
  return db
    .selectFrom('activity_events')
    .select((eb) => ['recipient_user_id', eb.fn.countAll<number | string | bigint>().as('n')])
    .where('recipient_user_id', 'in', [...userIds])
    .where('reviewed_at', 'is', null)
    .groupBy('recipient_user_id');
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
      'ap.avatar_attachment_id as actor_avatar_id',
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
  // built once per set of hidden groups and page (db/query-cache.ts): the list is read on
  // every visit; the page in the text, so PostgreSQL's kept plan knows it (PREPARED_MARK)
  const rows = await queryCacheOf(db).rows(
    `notifications-page|${hidden.map((g) => g.key).join(',')}|${page.limit}|${page.offset}`,
    [userId],
    (slots) =>
      listPageQuery(db, slots[0] as number, hidden, {
        limit: sql.lit(page.limit),
        offset: sql.lit(page.offset),
      }),
    pageStatement(page.offset),
  );
  return rows as EventRow[];
}

/** A page of the list, newest first: walks activity_events_list_idx (recipient, id). */
export function listPageQuery(
  db: Db,
  userId: number,
  hidden: readonly NotificationGroup[],
  page: { limit: number | RawBuilder<number>; offset: number | RawBuilder<number> },
) {
  return eventsQuery(db)
    .where('e.recipient_user_id', '=', userId)
    .where(shown(hidden, 'e.type'))
    .orderBy('e.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

/** The distinct ids among these, without the missing ones. */
const known = <T>(values: Array<T | null>): T[] => [
  ...new Set(values.filter((value): value is T => value !== null)),
];

/**
 * The memos and collections of notifications that their recipient may still read, and the
 * people behind them who are now blocked either way.
 */
export interface VisibleSubjects {
  memos: ReadonlySet<number>;
  collections: ReadonlySet<string>;
  blockedActors: ReadonlySet<number>;
}

/**
 * Which memos and collections of `rows` the user may read now (docs/RULES.md, Audiences): access
 * can end after a notification was stored (a collection made private, a member removed, a
 * block), and then the notification must not show the title or name; nor, after a block
 * either way, who it came from.
 */
export async function visibleSubjects(
  db: Db,
  dialect: DialectHelpers,
  userId: number,
  rows: readonly Pick<EventRow, 'memo_id' | 'collection_id' | 'actor_user_id'>[],
): Promise<VisibleSubjects> {
  const memoIds = known(rows.map((r) => r.memo_id));
  const collectionIds = known(rows.map((r) => r.collection_id));
  const actorIds = known(rows.map((r) => r.actor_user_id));
  const viewer = { userId };
  // One round trip: the visible ones of both kinds and the blocked people, ids as text to
  // share a column. PostgreSQL: every part always and each list one array (oneOf), so the
  // text is the same for every page and the statement is prepared; with optional parts and
  // lists of any length it was planned afresh on every call.
  const onPostgres = dialect.name === 'postgres';
  const parts: RawBuilder<unknown>[] = [];
  if (onPostgres || memoIds.length > 0) {
    parts.push(sql`select 'memo' as kind, cast(m.id as varchar(20)) as id from memos m
      where ${oneOf(dialect, 'm.id', memoIds)} and ${memoVisible('m', viewer, dialect)}`);
  }
  if (onPostgres || collectionIds.length > 0) {
    parts.push(sql`select 'collection' as kind, c.id as id from collections c
      where ${oneOf(dialect, 'c.id', collectionIds, 'varchar')} and ${collectionVisible('c', viewer, dialect)}`);
  }
  if (onPostgres || actorIds.length > 0) {
    parts.push(sql`select 'blocked' as kind,
        cast(case when bl.blocker_id = ${userId} then bl.blocked_id else bl.blocker_id end
          as varchar(20)) as id
      from blocks bl
      where (bl.blocker_id = ${userId} and ${oneOf(dialect, 'bl.blocked_id', actorIds)})
         or (bl.blocked_id = ${userId} and ${oneOf(dialect, 'bl.blocker_id', actorIds)})`);
  }
  const visible = {
    memos: new Set<number>(),
    collections: new Set<string>(),
    blockedActors: new Set<number>(),
  };
  if (memoIds.length + collectionIds.length + actorIds.length === 0) return visible;
  const query = sql<{ kind: string; id: string }>`${sql.join(parts, sql` union all `)}`.compile(db);
  const { rows: found } = await db.executeQuery(onPostgres ? asPrepared(query) : query);
  for (const row of found) {
    if (row.kind === 'memo') visible.memos.add(Number(row.id));
    else if (row.kind === 'blocked') visible.blockedActors.add(Number(row.id));
    else visible.collections.add(row.id);
  }
  return visible;
}

export async function eventsByIds(db: Db, ids: readonly number[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryCacheOf(db).rows(
    'events-by-ids',
    [...ids],
    (slots) =>
      eventsQuery(db)
        .where('e.id', 'in', slots as number[])
        .orderBy('e.id', 'asc'),
    { prepared: true },
  );
  return rows as EventRow[];
}

/**
 * What `eventsByIds` answers, for events just written: their subjects (actor, memo,
 * collection, document) read once each rather than joined to each of a thousand rows.
 */
export async function withSubjects(db: Db, written: readonly WrittenEvent[]): Promise<EventRow[]> {
  const actorIds = known(written.map((e) => e.actor_user_id));
  const memoIds = known(written.map((e) => e.memo_id));
  const collectionIds = known(written.map((e) => e.collection_id));
  const attachmentIds = known(written.map((e) => e.attachment_id));
  const [actors, memos, collections, documents] = await Promise.all([
    actorIds.length === 0
      ? []
      : db
          .selectFrom('user_profiles')
          .select(['user_id', 'name', 'avatar_attachment_id'])
          .where('user_id', 'in', actorIds)
          .execute(),
    memoIds.length === 0
      ? []
      : db.selectFrom('memos').select(['id', 'title']).where('id', 'in', memoIds).execute(),
    collectionIds.length === 0
      ? []
      : db
          .selectFrom('collections')
          .select(['id', 'name'])
          .where('id', 'in', collectionIds)
          .execute(),
    attachmentIds.length === 0
      ? []
      : db
          .selectFrom('attachments')
          .select(['id', 'file_name'])
          .where('id', 'in', attachmentIds)
          .execute(),
  ]);
  const actorOf = new Map(actors.map((a) => [a.user_id, a]));
  const titleOf = new Map(memos.map((m) => [m.id, m.title]));
  const nameOf = new Map(collections.map((c) => [c.id, c.name]));
  const fileOf = new Map(documents.map((d) => [d.id, d.file_name]));
  const at = <K, V>(map: Map<K, V>, key: K | null) =>
    key === null ? null : (map.get(key) ?? null);
  return written.map((e) => {
    const actor = e.actor_user_id === null ? undefined : actorOf.get(e.actor_user_id);
    return {
      id: e.id,
      type: e.type,
      actor_user_id: e.actor_user_id,
      recipient_user_id: e.recipient_user_id,
      connection_id: e.connection_id,
      memo_id: e.memo_id,
      collection_id: e.collection_id,
      thread_id: e.thread_id,
      attachment_id: e.attachment_id,
      payload: e.payload,
      created_at: e.created_at,
      reviewed_at: null,
      actor_name: actor?.name ?? null,
      actor_avatar_id: actor?.avatar_attachment_id ?? null,
      memo_title: at(titleOf, e.memo_id),
      collection_name: at(nameOf, e.collection_id),
      document_file_name: at(fileOf, e.attachment_id),
    };
  });
}

/**
 * The person's notifications not looked at by e-mail yet: unreviewed (reviewed ones are
 * never mailed), created since `since`, among their newest `window`, oldest first, at most 500.
 */
export function unmailedEvents(
  db: Db,
  dialect: DialectHelpers,
  userId: number,
  since: Date,
  window: number,
): Promise<EventRow[]> {
  // built once per window (db/query-cache.ts): every digest and every push asks
  return queryCacheOf(db).rows(
    `unmailed-events|${window}`,
    [userId, userId, dialect.time(since)],
    (slots) =>
      eventsQuery(db)
        .where('e.recipient_user_id', '=', slots[0] as number)
        // only the person's newest notifications, read newest first over
        // activity_events_list_idx, never the whole history
        .where('e.id', 'in', (eb) =>
          eb
            .selectFrom('activity_events as w')
            .select('w.id')
            .where('w.recipient_user_id', '=', slots[1] as number)
            .orderBy('w.id', 'desc')
            .limit(sql.lit(window)),
        )
        .where('e.reviewed_at', 'is', null)
        .where('e.emailed_at', 'is', null)
        .where('e.created_at', '>=', slots[2] as string)
        .orderBy('e.id', 'asc')
        .limit(sql.lit(500)),
    { prepared: true },
  ) as Promise<EventRow[]>;
}

/** Claims the events for one digest; answers how many it took (0: another worker did). */
export async function markEmailed(
  db: Db,
  dialect: DialectHelpers,
  userId: number,
  events: readonly { id: number }[],
  now: Date,
): Promise<number> {
  const claimed = await db
    .updateTable('activity_events')
    .set({ emailed_at: dialect.time(now) })
    .where('recipient_user_id', '=', userId)
    .where('emailed_at', 'is', null)
    .where(
      'id',
      'in',
      events.map((e) => e.id),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows);
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
  return queryCacheOf(db).rows(
    'notification-recipients',
    [...userIds],
    (slots) =>
      db
        .selectFrom('users as u')
        .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
        .select(['u.id', 'u.usermail', 'p.name', 'p.locale'])
        .where('u.id', 'in', slots as number[])
        .where('u.disabled_at', 'is', null),
    { prepared: true },
  );
}

/** The stored notification settings (overrides of the defaults) of some people. */
export function settingRowsOf(db: Db, userIds: number[]) {
  // built once per number of people (db/query-cache.ts): every notifying write asks
  return queryCacheOf(db).rows(
    'notification-settings',
    userIds,
    (slots) =>
      db
        .selectFrom('notification_settings')
        .select(['user_id', 'type', 'channel', 'enabled'])
        .where('user_id', 'in', slots as number[]),
    { prepared: true },
  );
}

export async function deleteSetting(
  db: Db,
  userId: number,
  group: string,
  channel: string,
): Promise<void> {
  await db
    .deleteFrom('notification_settings')
    .where('user_id', '=', userId)
    .where('type', '=', group)
    .where('channel', '=', channel)
    .execute();
}

/**
 * Stores a setting, replacing the one of the same group and channel: an upsert, because two
 * saves at once (two devices) would both find no row and the second insert would break the
 * unique key (user_id, type, channel).
 */
export async function upsertSetting(
  db: Db,
  d: DialectHelpers,
  userId: number,
  setting: { group: string; channel: string; enabled: boolean },
): Promise<void> {
  const now = d.time(new Date());
  await db
    .insertInto('notification_settings')
    .values({
      user_id: userId,
      type: setting.group,
      channel: setting.channel,
      enabled: d.bool(setting.enabled),
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'type', 'channel'])
        .doUpdateSet({ enabled: d.bool(setting.enabled), updated_at: now }),
    )
    .execute();
}
