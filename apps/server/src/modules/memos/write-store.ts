import { sql, type Insertable, type Updateable } from 'kysely';
import type { DialectHelpers } from '../../db/dialect.js';
import type { MemosTable } from '../../db/schema-content.js';
import { collectionVisible, collectionWritable, type Viewer } from '../audience/index.js';
import type { Db } from './store.js';
import { byCountStatement, queryCacheOf } from '../../db/query-cache.js';
import { viewerSlots } from './query-cache.js';

/** Writes of memos and their links; callers pass their transaction. */

export async function insertMemo(trx: Db, values: Insertable<MemosTable>): Promise<number> {
  const row = await trx
    .insertInto('memos')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMemo(trx: Db, id: number, values: Updateable<MemosTable>) {
  await trx.updateTable('memos').set(values).where('id', '=', id).execute();
}

/** The viewer's access to collections named in a write: which exist, are visible, writable. */
export async function collectionsForWrite(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  ids: string[],
) {
  if (ids.length === 0) return [];
  // built once per kind of viewer and number of collections, and prepared (db/query-cache.ts):
  // every memo written asks, and planning the audience conditions cost more than running them
  const who = viewerSlots(viewer);
  const rows = await queryCacheOf(db).rows(
    `collections-for-write|${who.key}`,
    [...who.values, ...ids],
    (slots) =>
      collectionsForWriteQuery(db, d, who.slotted(slots), slots.slice(who.size) as string[]),
    byCountStatement(ids.length),
  );
  return rows.map((r) => ({
    ...r,
    visible: Number(r.visible) === 1,
    writable: Number(r.writable) === 1,
  }));
}

function collectionsForWriteQuery(db: Db, d: DialectHelpers, viewer: Viewer, ids: string[]) {
  return db
    .selectFrom('collections as c')
    .select(['c.id', 'c.user_id', 'c.created_at'])
    .select(
      sql<number>`case when ${collectionVisible('c', viewer, d)} then 1 else 0 end`.as('visible'),
    )
    .select(
      sql<number>`case when ${collectionWritable('c', viewer, d)} then 1 else 0 end`.as('writable'),
    )
    .where('c.id', 'in', ids);
}

/** The viewer's oldest own collection (the default target of a copy). */
export async function firstOwnCollection(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('collections')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export interface LinkRow {
  collection_id: string;
  owner_id: number;
  sequence_number: number;
  visible: boolean;
  writable: boolean;
}

/** The memo's collections, with whether the viewer may see and add to each. */
export async function memoLinks(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  memoId: number,
): Promise<LinkRow[]> {
  const rows = await db
    .selectFrom('memos_per_collection as mp')
    .innerJoin('collections as c', 'c.id', 'mp.collection_id')
    .select(['mp.collection_id', 'c.user_id as owner_id', 'mp.sequence_number'])
    .select(
      sql<number>`case when ${collectionVisible('c', viewer, d)} then 1 else 0 end`.as('visible'),
    )
    .select(
      sql<number>`case when ${collectionWritable('c', viewer, d)} then 1 else 0 end`.as('writable'),
    )
    .where('mp.memo_id', '=', memoId)
    .orderBy('mp.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    visible: Number(r.visible) === 1,
    writable: Number(r.writable) === 1,
  }));
}

const nextPosition = (collectionId: string) =>
  sql<number>`(select coalesce(max(np.position), 0) + 1 from memos_per_collection np where np.collection_id = ${collectionId})`;

/** Puts the memo at the top of the collection (newest); pinned remembers that position. */
export async function addLink(
  trx: Db,
  d: DialectHelpers,
  memoId: number,
  collectionId: string,
  pinned: boolean,
): Promise<void> {
  const position = nextPosition(collectionId);
  await trx
    .insertInto('memos_per_collection')
    .values({
      memo_id: memoId,
      collection_id: collectionId,
      sequence_number: pinned ? 1 : 0,
      position,
      previous_position: pinned ? position : null,
      created_at: d.time(new Date()),
    })
    .execute();
  await changeCounts(trx, [collectionId], 1);
}

export async function removeLinks(trx: Db, memoId: number, collectionIds: string[]) {
  if (collectionIds.length === 0) return;
  await trx
    .deleteFrom('memos_per_collection')
    .where('memo_id', '=', memoId)
    .where('collection_id', 'in', collectionIds)
    .execute();
  await changeCounts(trx, collectionIds, -1);
}

/** collections.memos_count follows every link added or removed, in the same transaction. */
export async function changeCounts(trx: Db, collectionIds: string[], delta: 1 | -1) {
  if (collectionIds.length === 0) return;
  await trx
    .updateTable('collections')
    .set({
      memos_count: sql`case when memos_count + ${delta} < 0 then 0 else memos_count + ${delta} end`,
    })
    .where('id', 'in', collectionIds)
    .execute();
}

/**
 * Pin: on top of that collection (sequence_number 1), remembering where it was. Unpin:
 * back to the remembered position. Answers false when it already was in that state.
 */
export async function setPinned(
  trx: Db,
  memoId: number,
  collectionId: string,
  pinned: boolean,
): Promise<boolean> {
  const result = await trx
    .updateTable('memos_per_collection')
    .set(
      pinned
        ? {
            sequence_number: 1,
            previous_position: sql.ref('position'),
            position: nextPosition(collectionId),
          }
        : {
            sequence_number: 0,
            position: sql`coalesce(${sql.ref('previous_position')}, ${sql.ref('position')})`,
            previous_position: null,
          },
    )
    .where('memo_id', '=', memoId)
    .where('collection_id', '=', collectionId)
    .where('sequence_number', '=', pinned ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the memo (its links, todos, tags and watchers go with it) and fixes the counts. */
export async function deleteMemo(trx: Db, memoId: number): Promise<void> {
  const links = await trx
    .selectFrom('memos_per_collection')
    .select('collection_id')
    .where('memo_id', '=', memoId)
    .execute();
  await changeCounts(
    trx,
    links.map((l) => l.collection_id),
    -1,
  );
  await trx.deleteFrom('memos').where('id', '=', memoId).execute();
}

export async function replaceTags(trx: Db, memoId: number, tags: string[]): Promise<void> {
  await trx.deleteFrom('memo_tags').where('memo_id', '=', memoId).execute();
  if (tags.length === 0) return;
  await trx
    .insertInto('memo_tags')
    .values(tags.map((tag, position) => ({ memo_id: memoId, tag, position })))
    .execute();
}

/** The viewer watches (or stops watching) comments on the memo. */
export async function setWatching(
  trx: Db,
  d: DialectHelpers,
  userId: number,
  memoId: number,
  on: boolean,
): Promise<void> {
  if (!on) {
    await trx
      .deleteFrom('memo_watchers')
      .where('user_id', '=', userId)
      .where('memo_id', '=', memoId)
      .execute();
    return;
  }
  await trx
    .insertInto('memo_watchers')
    .values({ user_id: userId, memo_id: memoId, created_at: d.time(new Date()) })
    .onConflict((oc) => oc.columns(['user_id', 'memo_id']).doNothing())
    .execute();
}

/** The account's type, plan and rules JSON, for plan gating. */
export function planFacts(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['rules', 'user_type', 'workspace_type', 'plan'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The person's display name (a todo tick records who closed it); '' when there is none. */
export async function nameOf(db: Db, userId: number): Promise<string> {
  const row = await db
    .selectFrom('user_profiles')
    .select('name')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.name ?? '';
}

/** The memo's secret link token, null when it has none yet. */
export async function secretTokenOf(db: Db, memoId: number): Promise<string | null> {
  const row = await db
    .selectFrom('memos')
    .select('secret_token')
    .where('id', '=', memoId)
    .executeTakeFirst();
  return row?.secret_token ?? null;
}

export async function setSecretToken(db: Db, memoId: number, token: string): Promise<void> {
  await db.updateTable('memos').set({ secret_token: token }).where('id', '=', memoId).execute();
}

/** What the publish job needs of a memo, read in its transaction. */
export function scheduleOf(trx: Db, memoId: number) {
  return trx
    .selectFrom('memos')
    .select(['id', 'user_id', 'status', 'memo_scheduled'])
    .where('id', '=', memoId)
    .executeTakeFirst();
}

/**
 * Publishes a memo that is still scheduled, at `at`; false when it was not (another run
 * published it first).
 */
export async function publishScheduled(
  trx: Db,
  d: DialectHelpers,
  memoId: number,
  at: Date,
): Promise<boolean> {
  const updated = await trx
    .updateTable('memos')
    .set({ status: 'published', published_at: d.time(at), notification_sent: d.bool(true) })
    .where('id', '=', memoId)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
