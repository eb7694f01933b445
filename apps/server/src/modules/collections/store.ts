import { sql, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { CollectionsTable } from '../../db/schema-content.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { textMatches } from '../../db/text-search.js';
import { pageStatement, queryCacheOf } from '../../db/query-cache.js';
import { viewerSlots } from '../memos/query-cache.js';
import {
  blockedBetween,
  collectionVisible,
  collectionWritable,
  type Viewer,
} from '../audience/index.js';

type Db = Kysely<DatabaseSchema>;
export type CollectionRow = Selectable<CollectionsTable>;

/** A collection with what the viewer needs to know about it. */
export interface ViewedCollectionRow extends CollectionRow {
  author_name: string;
  author_avatar_id: number | null;
  /** the author's public profile may be shown (has one, enabled, account available) */
  author_public_profile: unknown;
  /** the viewer may read it (docs/RULES.md, Audiences) */
  visible: unknown;
  /** the viewer and the owner blocked each other */
  blocked: unknown;
  /** the viewer may add memos to it */
  writable: unknown;
  muted_id: number | null;
  content_watch_id: number | null;
  comment_watch_id: number | null;
}

const flagOf = (condition: RawBuilder<SqlBool>) =>
  sql<number>`case when ${condition} then 1 else 0 end`;

/**
 * The author (profile `ap`) shows a public profile: one they have and enabled, on an
 * account that may be seen (see docs/RULES.md, Permissions, "public profile"). Anyone may
 * know it, as Discover › People lists the same people; a link to the profile needs it.
 */
function authorHasPublicProfile(d: DialectHelpers): RawBuilder<SqlBool> {
  const yes = d.bool(true);
  return sql<SqlBool>`(ap.user_has_public_profile = ${yes} and ap.public_profile_enabled = ${yes}
    and exists (select 1 from users au where au.id = c.user_id
      and au.is_active = ${yes} and au.disabled_at is null))`;
}

/** Collections joined with the author's name and the viewer's mute and watch rows. */
function viewedCollections(db: Db, d: DialectHelpers, viewer: Viewer) {
  // user ids are positive: 0 matches no row for a visitor
  const me = viewer.userId ?? 0;
  const blocked =
    viewer.userId === null ? sql<SqlBool>`(1 = 0)` : blockedBetween(sql.ref('c.user_id'), me);
  return db
    .selectFrom('collections as c')
    .innerJoin('user_profiles as ap', 'ap.user_id', 'c.user_id')
    .leftJoin('muted_collections as mc', (join) =>
      join.onRef('mc.collection_id', '=', 'c.id').on('mc.user_id', '=', me),
    )
    .leftJoin('collection_watchers as wc', (join) =>
      join
        .onRef('wc.collection_id', '=', 'c.id')
        .on('wc.user_id', '=', me)
        .on('wc.kind', '=', 'content'),
    )
    .leftJoin('collection_watchers as wm', (join) =>
      join
        .onRef('wm.collection_id', '=', 'c.id')
        .on('wm.user_id', '=', me)
        .on('wm.kind', '=', 'comment'),
    )
    .selectAll('c')
    .select([
      'ap.name as author_name',
      'ap.avatar_attachment_id as author_avatar_id',
      flagOf(authorHasPublicProfile(d)).as('author_public_profile'),
      'mc.id as muted_id',
      'wc.id as content_watch_id',
      'wm.id as comment_watch_id',
      flagOf(collectionVisible('c', viewer, d)).as('visible'),
      flagOf(blocked).as('blocked'),
      flagOf(collectionWritable('c', viewer, d)).as('writable'),
    ]);
}

/** Built once per kind of viewer (db/query-cache.ts): it is read on every collection page. */
export async function findViewedCollection(
  db: Db,
  d: DialectHelpers,
  id: string,
  viewer: Viewer,
): Promise<ViewedCollectionRow | undefined> {
  const who = viewerSlots(viewer);
  const [row] = await queryCacheOf(db).rows(
    `viewed-collection|${who.key}`,
    [...who.values, id],
    (slots) =>
      viewedCollections(db, d, who.slotted(slots)).where('c.id', '=', slots[who.size] as string),
    { prepared: true },
  );
  return row as ViewedCollectionRow | undefined;
}

export interface CollectionListQuery {
  /** whose collections; with `withCollaborations`, also those the owner may add memos to */
  ownerId: number;
  withCollaborations: boolean;
  name?: string;
  limit: number;
  offset: number;
}

/**
 * The owners whose collections `userId` may add memos to: themselves and everyone who has
 * them as a contact (a collaboration's audience is always a contacts type, so its owner is
 * one of these). Said first, it lets both engines read collections by owner through
 * `collections_user_idx` instead of judging every collection in the table (issue 26: 160 ms
 * on SQLite and 2 s on PostgreSQL at 50,000 collections, for a list of five).
 */
function ownerAndTheirContacts(userId: number): RawBuilder<number> {
  return sql<number>`select ${userId} union all select ct.user_id from contacts ct where ct.contact_id = ${userId}`;
}

/** The collections a viewer may see of one user, newest modified first, paged in SQL. */
export async function listViewedCollections(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  query: CollectionListQuery,
): Promise<{ rows: ViewedCollectionRow[]; total: number }> {
  // Without a name, the two queries are built once per kind of viewer and list (the lists
  // people open); a name search is built each time, as its pattern shapes the SQL.
  if (!query.name) {
    const who = viewerSlots(viewer);
    const shape = `${query.withCollaborations ? 'writable' : 'visible'}|${who.key}`;
    const cache = queryCacheOf(db);
    const values = [...who.values, query.ownerId];
    // prepared (db/database.ts PREPARED_MARK), the page in the text: planning the audience
    // rules took PostgreSQL three times as long as running them
    const [count, rows] = await Promise.all([
      cache.rows(
        `viewed-collections-count|${shape}`,
        values,
        (slots) =>
          countOf(db, listAudience(d, who.slotted(slots), slots[who.size] as number, query)),
        { prepared: true },
      ),
      cache.rows(
        `viewed-collections|${shape}|${query.limit}|${query.offset}`,
        values,
        (slots) =>
          pageOf(
            db,
            d,
            who.slotted(slots),
            listAudience(d, who.slotted(slots), slots[who.size] as number, query),
            { limit: sql.lit(query.limit), offset: sql.lit(query.offset) },
          ),
        pageStatement(query.offset),
      ),
    ]);
    return { rows: rows as ViewedCollectionRow[], total: Number(count[0]?.n ?? 0) };
  }
  const condition = sql<SqlBool>`(${listAudience(d, viewer, query.ownerId, query)} and ${textMatches('c.name', query.name)})`;
  const [count, rows] = await Promise.all([
    countOf(db, condition).executeTakeFirstOrThrow(),
    pageOf(db, d, viewer, condition, query).execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Whose collections a list shows, and which of them the viewer may see (or add memos to). */
function listAudience(
  d: DialectHelpers,
  viewer: Viewer,
  ownerId: number,
  query: Pick<CollectionListQuery, 'withCollaborations'>,
): RawBuilder<SqlBool> {
  return query.withCollaborations
    ? // the rule as a flag: an OR of columns would let SQLite (without statistics) read the
      // type index for it instead of the owners, and every collection of a type is many
      sql<SqlBool>`(c.user_id in (${ownerAndTheirContacts(ownerId)})
        and ${flagOf(collectionWritable('c', viewer, d))} = 1)`
    : sql<SqlBool>`(c.user_id = ${ownerId} and ${collectionVisible('c', viewer, d)})`;
}

function countOf(db: Db, condition: RawBuilder<SqlBool>) {
  return db
    .selectFrom('collections as c')
    .where(condition)
    .select((eb) => eb.fn.countAll().as('n'));
}

function pageOf(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  condition: RawBuilder<SqlBool>,
  page: { limit: number | RawBuilder<number>; offset: number | RawBuilder<number> },
) {
  return viewedCollections(db, d, viewer)
    .where(condition)
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

export interface SelectedUserRow {
  id: number;
  collection_id: string;
  user_id: number;
  name: string;
  avatar_id: number | null;
}

/** The selected people of these collections, by name, with their account pictures. */
export async function selectedUsersOf(db: Db, collectionIds: string[]): Promise<SelectedUserRow[]> {
  if (collectionIds.length === 0) return [];
  const rows = await queryCacheOf(db).rows(
    'selected-users',
    collectionIds,
    (slots) =>
      db
        .selectFrom('users_per_collection as upc')
        .innerJoin('user_profiles as p', 'p.user_id', 'upc.user_id')
        .where('upc.collection_id', 'in', slots as string[])
        .select([
          'upc.id',
          'upc.collection_id',
          'upc.user_id',
          'p.name',
          'p.avatar_attachment_id as avatar_id',
        ])
        .orderBy('p.name')
        .orderBy('upc.id'),
    { prepared: true },
  );
  return rows as SelectedUserRow[];
}

export function selectedUserIds(db: Db, collectionId: string): Promise<number[]> {
  return db
    .selectFrom('users_per_collection')
    .where('collection_id', '=', collectionId)
    .select('user_id')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.user_id));
}

/** The rules and kind of the account saving a collection; on PostgreSQL the row is locked. */
export function lockAccount(db: Db, d: DialectHelpers, userId: number) {
  const query = db
    .selectFrom('users')
    .where('id', '=', userId)
    .select(['id', 'rules', 'user_type', 'workspace_type', 'plan']);
  return (d.name === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function countPublicCollections(
  db: Db,
  userId: number,
  exceptId: string | null,
): Promise<number> {
  let query = db
    .selectFrom('collections')
    .where('user_id', '=', userId)
    .where('type', '=', 'public');
  if (exceptId) query = query.where('id', '<>', exceptId);
  const row = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of `userIds` are active connections of `ownerId`. */
export async function contactsAmong(
  db: Db,
  ownerId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('contacts')
    .where('user_id', '=', ownerId)
    .where('contact_id', 'in', userIds)
    .select('contact_id')
    .execute();
  return new Set(rows.map((r) => r.contact_id));
}

export type CollectionValues = Omit<CollectionRow, 'id' | 'user_id' | 'created_at' | 'memos_count'>;

export async function insertCollection(
  db: Db,
  row: CollectionValues & Pick<CollectionRow, 'id' | 'user_id' | 'created_at'>,
): Promise<void> {
  await db.insertInto('collections').values(row).execute();
}

export async function updateCollection(
  db: Db,
  id: string,
  values: Partial<CollectionValues>,
): Promise<void> {
  await db.updateTable('collections').set(values).where('id', '=', id).execute();
}

/** Replaces the selected people of a collection. */
export async function replaceSelectedUsers(
  db: Db,
  d: DialectHelpers,
  collectionId: string,
  userIds: number[],
): Promise<void> {
  await db.deleteFrom('users_per_collection').where('collection_id', '=', collectionId).execute();
  if (userIds.length === 0) return;
  const now = d.time(new Date());
  await db
    .insertInto('users_per_collection')
    .values(
      userIds.map((userId) => ({ collection_id: collectionId, user_id: userId, created_at: now })),
    )
    .execute();
}

/** The ids of the memos that sit in this collection and no other. */
function memosOnlyIn(db: Db, id: string) {
  return db
    .selectFrom('memos_per_collection as mine')
    .where('mine.collection_id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('memos_per_collection as other')
            .whereRef('other.memo_id', '=', 'mine.memo_id')
            .where('other.collection_id', '<>', id)
            .select('other.id'),
        ),
      ),
    )
    .select('mine.memo_id');
}

/**
 * The live attachments that go when the collection is deleted: its pictures and the files
 * of the memos that sit in it alone (the media service frees their storage).
 */
export function attachmentsGoingWith(db: Db, id: string) {
  return db
    .selectFrom('attachments')
    .selectAll()
    .where((eb) => eb.or([eb('collection_id', '=', id), eb('memo_id', 'in', memosOnlyIn(db, id))]))
    .where('status', '<>', 'deleted')
    .execute();
}

/** The collection's live cover pictures. */
export function picturesOf(db: Db, id: string) {
  return db
    .selectFrom('attachments')
    .selectAll()
    .where('collection_id', '=', id)
    .where('owner_kind', '=', 'collection')
    .where('status', '<>', 'deleted')
    .execute();
}

/**
 * Deletes the memos that sit in this collection alone, then the collection (its selected
 * people, mutes, watchers and memo links go with it by cascade). Run inside a transaction.
 */
export async function deleteCollectionAndOwnMemos(db: Db, id: string): Promise<void> {
  await db.deleteFrom('memos').where('id', 'in', memosOnlyIn(db, id)).execute();
  await db.deleteFrom('collections').where('id', '=', id).execute();
}

/** Distinct group names of the user's collections, alphabetically. */
export async function groupNamesOf(db: Db, userId: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('collections')
    .where('user_id', '=', userId)
    .where('group_name', 'is not', null)
    .where('group_name', '<>', '')
    .select('group_name')
    .distinct()
    .orderBy('group_name')
    .limit(limit)
    .execute();
  return rows.map((r) => r.group_name as string);
}

/** The collection whose call link holds this token (its owner and call switch with it). */
export function findByCallToken(db: Db, token: string) {
  return db
    .selectFrom('collections')
    .select(['id', 'user_id', 'name', 'user_can_join_call'])
    .where('call_secure_token', '=', token)
    .executeTakeFirst();
}

/** Sets the collection's call token unless one is set already: false when it was. */
export async function setCallTokenIfUnset(db: Db, id: string, token: string): Promise<boolean> {
  const written = await db
    .updateTable('collections')
    .set({ call_secure_token: token })
    .where('id', '=', id)
    .where('call_secure_token', 'is', null)
    .executeTakeFirst();
  return Number(written.numUpdatedRows) > 0;
}
