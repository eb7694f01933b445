import { sql, type Kysely, type Selectable } from 'kysely';
import { byCountStatement, queryCacheOf } from '../../db/query-cache.js';
import type { AttachmentOwner } from '@memoria/domain';
import type { DatabaseSchema } from '../../db/schema.js';
import type { AttachmentsTable } from '../../db/schema-media.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { readCount } from '../../db/dialect.js';
import { blockedBetween, collectionVisible, memoVisible, type Viewer } from '../audience/index.js';

type Db = Kysely<DatabaseSchema>;
export type AttachmentRow = Selectable<AttachmentsTable>;

export interface NewAttachment {
  userId: number;
  ownerKind: AttachmentOwner;
  memoId: number | null;
  collectionId: string | null;
  type: 'photo' | 'video' | 'document';
  fileName: string;
  mimeType: string;
}

export async function insertAttachment(
  db: Db,
  d: DialectHelpers,
  a: NewAttachment,
): Promise<number> {
  const now = d.time(new Date());
  const row = await db
    .insertInto('attachments')
    .values({
      user_id: a.userId,
      owner_kind: a.ownerKind,
      memo_id: a.memoId,
      collection_id: a.collectionId,
      type: a.type,
      file_name: a.fileName,
      mime_type: a.mimeType,
      size: 0,
      stored_bytes: 0,
      width: null,
      height: null,
      ratio: null,
      description: null,
      length: null,
      status: 'processing',
      action: null,
      replace_document_id: null,
      replaced_by_document_id: null,
      storage_key: null,
      variants: null,
      exif: null,
      error: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ReadyAttachment {
  mimeType: string;
  size: number;
  storedBytes: number;
  storageKey: string;
  width: number | null;
  height: number | null;
  ratio: number | null;
  variants: unknown;
  exif: unknown;
}

/** Makes an upload in progress ready; false when it was deleted meanwhile. */
export async function markReady(
  db: Db,
  d: DialectHelpers,
  id: number,
  ready: ReadyAttachment,
): Promise<boolean> {
  const result = await db
    .updateTable('attachments')
    .set({
      status: 'ready',
      mime_type: ready.mimeType,
      size: ready.size,
      stored_bytes: ready.storedBytes,
      storage_key: ready.storageKey,
      width: ready.width,
      height: ready.height,
      ratio: ready.ratio,
      variants: ready.variants === null ? null : d.json(ready.variants),
      exif: ready.exif === null ? null : d.json(ready.exif),
      updated_at: d.time(new Date()),
    })
    .where('id', '=', id)
    // a row deleted meanwhile (its account or memo went) stays deleted
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAttachmentRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('attachments').where('id', '=', id).execute();
}

export async function findAttachment(db: Db, id: number): Promise<AttachmentRow | undefined> {
  return db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The attachment, locked for the rest of the transaction on PostgreSQL. */
export async function findAttachmentForUpdate(
  db: Db,
  d: DialectHelpers,
  id: number,
): Promise<AttachmentRow | undefined> {
  const query = db.selectFrom('attachments').selectAll().where('id', '=', id);
  return (d.name === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Plan, bought storage and use of an account, for the quota. */
export async function storageAccount(db: Db, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['plan', 'storage_order_bytes', 'storage_used'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    plan: row.plan,
    orderedBytes: readCount(row.storage_order_bytes),
    usedBytes: readCount(row.storage_used),
  };
}

/**
 * Adds `bytes` to the account's storage use unless that passes `quota`; answers whether it
 * did. One conditional UPDATE, so two uploads finishing together cannot both squeeze in.
 */
export async function chargeStorage(
  db: Db,
  userId: number,
  bytes: number,
  quota: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ storage_used: sql`storage_used + ${bytes}` })
    .where('id', '=', userId)
    .where(sql<boolean>`storage_used + ${bytes} <= ${quota}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseStorage(db: Db, userId: number, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await db
    .updateTable('users')
    .set({
      storage_used: sql`case when storage_used > ${bytes} then storage_used - ${bytes} else 0 end`,
    })
    .where('id', '=', userId)
    .execute();
}

export async function setAttachmentCollection(
  db: Db,
  d: DialectHelpers,
  id: number,
  collectionId: string,
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({ collection_id: collectionId, updated_at: d.time(new Date()) })
    .where('id', '=', id)
    .execute();
}

export async function setAttachmentMemo(
  db: Db,
  d: DialectHelpers,
  id: number,
  memoId: number,
  sequenceNumber: number,
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({ memo_id: memoId, sequence_number: sequenceNumber, updated_at: d.time(new Date()) })
    .where('id', '=', id)
    .execute();
}

/** Marks removed (docs/DOMAIN.md, States: Attachment: status deleted, action delete). */
export async function markDeleted(db: Db, d: DialectHelpers, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('attachments')
    .set({ status: 'deleted', action: 'delete', updated_at: d.time(new Date()) })
    .where('id', 'in', ids)
    .execute();
}

/**
 * The pictures a person has one of each: account picture, profile cover, public banner, public
 * profile picture.
 */
export type UserPictureKind = 'avatar' | 'cover' | 'banner' | 'public_picture';

/**
 * Whose single picture: a collection's cover, a thread's picture, or one of a person's
 * pictures (default avatar).
 */
export type PictureOwner =
  { collectionId: string } | { threadId: number } | { userId: number; kind?: UserPictureKind };

/**
 * The ready pictures of `owner`, except `keepId` (0 keeps none): what a new picture
 * replaces.
 */
export async function otherPictures(
  db: Db,
  owner: PictureOwner,
  keepId: number,
): Promise<AttachmentRow[]> {
  // Uploads still in progress are not touched: removing their files under them broke
  // them; each one that finishes replaces the pictures ready by then.
  const query = db
    .selectFrom('attachments')
    .selectAll()
    .where('id', '!=', keepId)
    .where('status', '=', 'ready');
  if ('collectionId' in owner) {
    return query
      .where('collection_id', '=', owner.collectionId)
      .where('owner_kind', '=', 'collection')
      .execute();
  }
  if ('threadId' in owner) {
    return query
      .where('thread_id', '=', owner.threadId)
      .where('owner_kind', '=', 'thread')
      .execute();
  }
  return query
    .where('user_id', '=', owner.userId)
    .where('owner_kind', '=', owner.kind ?? 'avatar')
    .execute();
}

/**
 * Ids of uploads never attached (memo or collection uploads still without their memo or
 * collection), or abandoned while being received (the server was killed meanwhile), created
 * before `before`, oldest first, at most `limit`. Videos still converting are left to their job.
 */
export async function unattachedUploadIds(
  db: Db,
  d: DialectHelpers,
  before: Date,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('attachments')
    .select('id')
    .where('created_at', '<', d.time(before))
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', 'in', ['ready', 'failed']),
          eb.or([
            eb.and([eb('owner_kind', '=', 'memo'), eb('memo_id', 'is', null)]),
            eb.and([eb('owner_kind', '=', 'collection'), eb('collection_id', 'is', null)]),
            eb.and([eb('owner_kind', '=', 'thread'), eb('thread_id', 'is', null)]),
            eb.and([eb('owner_kind', '=', 'message'), eb('message_id', 'is', null)]),
          ]),
        ]),
        // abandoned: the server stopped (a crash, a kill) while receiving the file
        eb.and([eb('status', '=', 'processing'), eb('storage_key', 'is', null)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * An upload still being received: its row exists (so its files have a home) but its file is
 * not stored yet. A video awaiting conversion has its original stored, so it is not one.
 */
const isInFlight = (row: Pick<AttachmentRow, 'status' | 'storage_key'>) =>
  row.status === 'processing' && row.storage_key === null;

/** Whether `row` is (still) an upload nobody attached, or one abandoned while received. */
export function isUnattached(row: AttachmentRow): boolean {
  if (isInFlight(row)) return true;
  if (row.status !== 'ready' && row.status !== 'failed') return false;
  if (row.owner_kind === 'memo') return row.memo_id === null;
  if (row.owner_kind === 'collection') return row.collection_id === null;
  if (row.owner_kind === 'thread') return row.thread_id === null;
  if (row.owner_kind === 'message') return row.message_id === null;
  return false;
}

/** Makes upload `attachmentId` the picture of thread `threadId` (owner_kind 'thread'). */
export async function setAttachmentThread(
  db: Db,
  attachmentId: number,
  threadId: number,
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({ thread_id: threadId })
    .where('id', '=', attachmentId)
    .execute();
}

/** Attaches upload `attachmentId` to message `messageId` at position `index`. */
export async function setAttachmentMessage(
  db: Db,
  attachmentId: number,
  messageId: number,
  index: number,
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({ message_id: messageId, sequence_number: index })
    .where('id', '=', attachmentId)
    .execute();
}

/** The live files of these messages (a few hundred ids at most), each message's in order. */
export function attachmentsOfMessages(db: Db, messageIds: number[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  // built once per number of messages (db/query-cache.ts): every page of a thread asks it
  return queryCacheOf(db).rows(
    'attachments-of-messages',
    messageIds,
    (slots) =>
      db
        .selectFrom('attachments')
        .selectAll()
        .where('message_id', 'in', slots as number[])
        .where('owner_kind', '=', 'message')
        .where('status', '!=', 'deleted')
        .orderBy('message_id')
        .orderBy('sequence_number')
        .orderBy('id'),
    byCountStatement(messageIds.length),
  );
}

/** Points the profile of `userId` at account picture `attachmentId` (null: none). */
const PICTURE_COLUMNS = {
  avatar: 'avatar_attachment_id',
  cover: 'cover_attachment_id',
  banner: 'banner_attachment_id',
  public_picture: 'public_picture_attachment_id',
} as const;

/** Points the profile's cover or banner (or account picture) at `attachmentId`, or at none. */
export async function setProfilePicture(
  db: Db,
  userId: number,
  kind: UserPictureKind,
  attachmentId: number | null,
): Promise<void> {
  await db
    .updateTable('user_profiles')
    .set({ [PICTURE_COLUMNS[kind]]: attachmentId })
    .where('user_id', '=', userId)
    .execute();
}

export async function setProfileAvatar(
  db: Db,
  userId: number,
  attachmentId: number | null,
): Promise<void> {
  await db
    .updateTable('user_profiles')
    .set({ avatar_attachment_id: attachmentId })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * The id of the account picture of `userId` (the newest ready one), if any. Built once
 * (db/query-cache.ts): every `GET /api/profile` asks it, and building it cost more than
 * running it (docs/PERFORMANCE.md, the fixed cost of a signed-in read).
 */
export async function currentAvatarId(db: Db, userId: number): Promise<number | null> {
  const [row] = await queryCacheOf(db).rows(
    'current-avatar-id',
    [userId],
    (slots) =>
      db
        .selectFrom('attachments')
        .select('id')
        .where('user_id', '=', slots[0] as number)
        .where('owner_kind', '=', 'avatar')
        .where('status', '=', 'ready')
        .orderBy('id', 'desc')
        .limit(1),
    { prepared: true },
  );
  return row?.id ?? null;
}

/**
 * Live attachments of these memos, in their order; documents replaced by a newer one are left
 * out. Built once per number of memos (db/query-cache.ts): every memo page asks it.
 */
export async function attachmentsOfMemos(db: Db, memoIds: number[]): Promise<AttachmentRow[]> {
  if (memoIds.length === 0) return [];
  return queryCacheOf(db).rows(
    'attachments-of-memos',
    memoIds,
    (slots) =>
      db
        .selectFrom('attachments')
        .selectAll()
        .where('memo_id', 'in', slots as number[])
        .where('owner_kind', '=', 'memo')
        .where('status', '!=', 'deleted')
        // an upload still being received (or abandoned by a crash) is not shown: it has no file yet
        .where((eb) => eb.or([eb('status', '!=', 'processing'), eb('storage_key', 'is not', null)]))
        .where('replaced_by_document_id', 'is', null)
        .orderBy('memo_id')
        .orderBy('sequence_number')
        .orderBy('id'),
    { prepared: true },
  );
}

/**
 * Who may load the attachment's files: 'visible', or why not ('gone' when the viewer and
 * the uploader or owner blocked each other, or the memo is not published yet: answered as
 * if it did not exist; 'hidden' when the viewer is outside the audience). An upload not
 * yet attached is its uploader's alone.
 */
export async function attachmentAccess(
  db: Db,
  d: DialectHelpers,
  row: AttachmentRow,
  viewer: Viewer,
): Promise<'visible' | 'gone' | 'hidden'> {
  const v = viewer.userId;
  if (v !== null && v === row.user_id) return 'visible';
  // A thread's picture is its members' alone (a block leaves the thread readable, so it
  // is not checked); to anyone else the thread does not exist.
  if (row.owner_kind === 'thread') {
    if (row.thread_id === null || v === null) return 'gone';
    const member = await db
      .selectFrom('thread_members')
      .select('id')
      .where('thread_id', '=', row.thread_id)
      .where('user_id', '=', v)
      .executeTakeFirst();
    return member ? 'visible' : 'gone';
  }
  // A message's photos and documents: the members of its thread alone, blocks aside as above.
  if (row.owner_kind === 'message') {
    if (row.message_id === null || v === null) return 'gone';
    const member = await db
      .selectFrom('thread_messages as m')
      .innerJoin('thread_members as tm', 'tm.thread_id', 'm.thread_id')
      .select('tm.id')
      .where('m.id', '=', row.message_id)
      .where('tm.user_id', '=', v)
      .executeTakeFirst();
    return member ? 'visible' : 'gone';
  }
  if (v !== null) {
    const blocked = await db
      .selectFrom('users as u')
      .select('u.id')
      .where('u.id', '=', row.user_id)
      .where(blockedBetween(sql.ref('u.id'), v))
      .executeTakeFirst();
    if (blocked) return 'gone';
  }
  if (row.owner_kind === 'collection' && row.collection_id !== null) {
    const found = await db
      .selectFrom('collections as c')
      .select(['c.id', 'c.user_id'])
      .where('c.id', '=', row.collection_id)
      .where(collectionVisible('c', viewer, d))
      .executeTakeFirst();
    if (found) return 'visible';
    return (await ownerBlocked(db, 'collections', row.collection_id, v)) ? 'gone' : 'hidden';
  }
  if (row.owner_kind === 'memo' && row.memo_id !== null) {
    const found = await db
      .selectFrom('memos as m')
      .select('m.id')
      .where('m.id', '=', row.memo_id)
      .where(memoVisible('m', viewer, d))
      .executeTakeFirst();
    if (found) return 'visible';
    if (await ownerBlocked(db, 'memos', row.memo_id, v)) return 'gone';
    // docs/RULES.md, Memo visibility: until its time a scheduled memo exists for its author
    // alone, so its files answer as if they did not exist, like the memo does
    return (await memoUnpublished(db, row.memo_id)) ? 'gone' : 'hidden';
  }
  // Account pictures, covers, banners and public profile pictures are public like names; the
  // block was checked above.
  if (
    row.owner_kind === 'avatar' ||
    row.owner_kind === 'cover' ||
    row.owner_kind === 'banner' ||
    row.owner_kind === 'public_picture'
  ) {
    return 'visible';
  }
  return 'hidden';
}

/** The memo is not published yet (scheduled for later). */
async function memoUnpublished(db: Db, memoId: number): Promise<boolean> {
  const row = await db
    .selectFrom('memos')
    .select('id')
    .where('id', '=', memoId)
    .where('status', '!=', 'published')
    .executeTakeFirst();
  return row !== undefined;
}

/** The owner of the collection or memo and the viewer blocked each other. */
async function ownerBlocked(
  db: Db,
  table: 'collections' | 'memos',
  id: string | number,
  viewer: number | null,
): Promise<boolean> {
  if (viewer === null) return false;
  const row = await db
    .selectFrom(`${table} as o` as 'collections as o')
    .select('o.user_id')
    .where('o.id', '=', id as string)
    .where(blockedBetween(sql.ref('o.user_id'), viewer))
    .executeTakeFirst();
  return row !== undefined;
}

/** The author of memo `memoId`, or undefined when there is no such memo. */
export async function memoAuthor(db: Db, memoId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('memos')
    .select('user_id')
    .where('id', '=', memoId)
    .executeTakeFirst();
  return row?.user_id;
}

/** A memo's live attachments of one type; older versions of documents are left out. */
export function currentMemoAttachments(
  db: Db,
  memoId: number,
  type: 'photo' | 'video' | 'document',
): Promise<AttachmentRow[]> {
  return (
    db
      .selectFrom('attachments')
      .selectAll()
      .where('memo_id', '=', memoId)
      .where('type', '=', type)
      .where('status', '!=', 'deleted')
      // Older versions of documents are not in the lists a memo save sends.
      .where('replaced_by_document_id', 'is', null)
      .execute()
  );
}

/** The live attachments of some memos (at most a few hundred ids at a time). */
export function liveAttachmentsOfMemos(db: Db, memoIds: number[]): Promise<AttachmentRow[]> {
  return db
    .selectFrom('attachments')
    .selectAll()
    .where('memo_id', 'in', memoIds)
    .where('status', '!=', 'deleted')
    .execute();
}
