import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { blockedBetween, memoVisible, type Viewer } from '../audience/index.js';
import type { CollectionRow } from './store.js';

/** Members, mutes and watchers of collections (and the memo comment watchers). */

type Db = Kysely<DatabaseSchema>;

export interface MemberRow {
  id: number;
  name: string;
  avatar_id: number | null;
}

/**
 * Who may read the collection besides its owner, as a condition on the user row `u`: the
 * audience of docs/RULES.md, Audiences enumerated (the selected people, the matching active
 * connections, and for the followers type the followers). Private and public collections
 * list their owner alone.
 */
function audienceOf(collection: CollectionRow, d: DialectHelpers) {
  const owner = collection.user_id;
  const contact = sql<SqlBool>`u.id in (select ct.contact_id from contacts ct where ct.user_id = ${owner})`;
  switch (collection.type) {
    case 'selected_contacts':
      return sql<SqlBool>`(${contact} and u.id in (select sel.user_id from users_per_collection sel where sel.collection_id = ${collection.id}))`;
    case 'identified_contacts':
      return sql<SqlBool>`(${contact} and u.id in (select ip.user_id from user_profiles ip where ip.user_identified = ${d.bool(true)}))`;
    case 'all_contacts':
      return contact;
    case 'all_contacts_followers':
      return sql<SqlBool>`(${contact} or u.id in (select fw.follower_id from follows fw where fw.following_id = ${owner}))`;
    default:
      return sql<SqlBool>`(1 = 0)`;
  }
}

/** The owner first, then the audience by name; people blocked with the owner or the viewer left out. */
export async function listMembers(
  db: Db,
  d: DialectHelpers,
  collection: CollectionRow,
  viewer: Viewer,
  paging: { limit: number; offset: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const owner = collection.user_id;
  const notBlockedWithViewer =
    viewer.userId === null || viewer.userId === owner
      ? sql<SqlBool>`(1 = 1)`
      : sql<SqlBool>`not ${blockedBetween(sql.ref('u.id'), viewer.userId)}`;
  const member = sql<SqlBool>`(u.id = ${owner} or (u.disabled_at is null
    and not ${blockedBetween(sql.ref('u.id'), owner)} and ${audienceOf(collection, d)}))`;
  const base = db
    .selectFrom('users as u')
    .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
    .where(member)
    .where(notBlockedWithViewer);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['u.id', 'p.name', 'p.avatar_attachment_id as avatar_id'])
      .orderBy(sql`case when u.id = ${owner} then 0 else 1 end`)
      .orderBy('p.name')
      .orderBy('u.id')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findMute(db: Db, userId: number, collectionId: string) {
  return db
    .selectFrom('muted_collections')
    .where('user_id', '=', userId)
    .where('collection_id', '=', collectionId)
    .select(['id', 'collection_id'])
    .executeTakeFirst();
}

export function findMuteById(db: Db, userId: number, id: number) {
  return db
    .selectFrom('muted_collections')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .select(['id', 'collection_id'])
    .executeTakeFirst();
}

/** Mutes the collection for the user (once); answers the mute row. */
export async function insertMute(db: Db, d: DialectHelpers, userId: number, collectionId: string) {
  await db
    .insertInto('muted_collections')
    .values({ user_id: userId, collection_id: collectionId, created_at: d.time(new Date()) })
    .onConflict((oc) => oc.columns(['user_id', 'collection_id']).doNothing())
    .execute();
  return db
    .selectFrom('muted_collections')
    .where('user_id', '=', userId)
    .where('collection_id', '=', collectionId)
    .select(['id', 'collection_id'])
    .executeTakeFirstOrThrow();
}

export async function deleteMute(db: Db, userId: number, id: number): Promise<void> {
  await db
    .deleteFrom('muted_collections')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

export type WatchKind = 'content' | 'comment';

/** Starts watching (once); answers the watcher row id. */
export async function insertWatcher(
  db: Db,
  d: DialectHelpers,
  userId: number,
  collectionId: string,
  kind: WatchKind,
): Promise<number> {
  await db
    .insertInto('collection_watchers')
    .values({ user_id: userId, collection_id: collectionId, kind, created_at: d.time(new Date()) })
    .onConflict((oc) => oc.columns(['user_id', 'collection_id', 'kind']).doNothing())
    .execute();
  const row = await db
    .selectFrom('collection_watchers')
    .where('user_id', '=', userId)
    .where('collection_id', '=', collectionId)
    .where('kind', '=', kind)
    .select('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteWatcher(
  db: Db,
  userId: number,
  collectionId: string,
  kind: WatchKind,
): Promise<void> {
  await db
    .deleteFrom('collection_watchers')
    .where('user_id', '=', userId)
    .where('collection_id', '=', collectionId)
    .where('kind', '=', kind)
    .execute();
}

/** A memo with whether the viewer may read it and whether they and its author blocked each other. */
export function findMemoForViewer(db: Db, d: DialectHelpers, memoId: number, viewer: Viewer) {
  const me = viewer.userId ?? 0;
  return db
    .selectFrom('memos as m')
    .where('m.id', '=', memoId)
    .select([
      'm.id',
      sql<number>`case when ${memoVisible('m', viewer, d)} then 1 else 0 end`.as('visible'),
      sql<number>`case when ${blockedBetween(sql.ref('m.user_id'), me)} then 1 else 0 end`.as(
        'blocked',
      ),
    ])
    .executeTakeFirst();
}

export async function insertMemoWatcher(
  db: Db,
  d: DialectHelpers,
  userId: number,
  memoId: number,
): Promise<number> {
  await db
    .insertInto('memo_watchers')
    .values({ user_id: userId, memo_id: memoId, created_at: d.time(new Date()) })
    .onConflict((oc) => oc.columns(['user_id', 'memo_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('memo_watchers')
    .where('user_id', '=', userId)
    .where('memo_id', '=', memoId)
    .select('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
