import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import { readCount, type DialectHelpers } from '../../db/dialect.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { TransferFilesTable, TransfersTable } from '../../db/schema-transfer.js';
import { collectionVisible, collectionWritable } from '../audience/index.js';

export type TransferRow = Selectable<TransfersTable>;
export type TransferFileRow = Selectable<TransferFilesTable>;

type Db = Kysely<DatabaseSchema>;

export async function insertTransfer(
  db: Db,
  row: Insertable<TransfersTable> & { id: string },
  files: { id: string; size: number }[],
): Promise<void> {
  await db.insertInto('transfers').values(row).execute();
  await db
    .insertInto('transfer_files')
    .values(
      files.map((file, position) => ({
        id: file.id,
        transfer_id: row.id,
        position,
        size: file.size,
        uploaded: 0,
      })),
    )
    .execute();
}

export function findTransfer(database: Database, id: string): Promise<TransferRow | undefined> {
  return database.db.selectFrom('transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function filesOf(database: Database, transferId: string): Promise<TransferFileRow[]> {
  return database.db
    .selectFrom('transfer_files')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .orderBy('position')
    .execute();
}

/** The file a tus request names, with the state of its transfer. */
export function findUploadTarget(database: Database, fileId: string) {
  return database.db
    .selectFrom('transfer_files as f')
    .innerJoin('transfers as t', 't.id', 'f.transfer_id')
    .select(['f.id', 'f.uploaded', 't.status', 't.expires_at'])
    .where('f.id', '=', fileId)
    .executeTakeFirst();
}

export async function markUploaded(database: Database, fileId: string): Promise<void> {
  await database.db
    .updateTable('transfer_files')
    .set({ uploaded: database.dialect.bool(true) })
    .where('id', '=', fileId)
    .execute();
}

/** Marks the transfer ready when every file is uploaded; answers whether it is ready. */
export async function markReady(database: Database, id: string, now: Date): Promise<boolean> {
  const left = await database.db
    .selectFrom('transfer_files')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('transfer_id', '=', id)
    .where('uploaded', '=', database.dialect.bool(false))
    .executeTakeFirstOrThrow();
  if (readCount(left.n) > 0) return false;
  await database.db
    .updateTable('transfers')
    .set({ status: 'ready', completed_at: database.dialect.time(now) })
    .where('id', '=', id)
    .where('status', '=', 'uploading')
    .execute();
  return true;
}

/**
 * Queues a complete collection transfer for filing (status `filing`), from `uploading` or
 * after a failed filing; false while a file is missing or it is already queued or filed.
 * In the caller's transaction, with the job.
 */
export async function queueFiling(db: Db, dialect: DialectHelpers, id: string): Promise<boolean> {
  const left = await db
    .selectFrom('transfer_files')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('transfer_id', '=', id)
    .where('uploaded', '=', dialect.bool(false))
    .executeTakeFirstOrThrow();
  if (readCount(left.n) > 0) return false;
  const result = await db
    .updateTable('transfers')
    .set({ status: 'filing', filing_error: null })
    .where('id', '=', id)
    .where('status', 'in', ['uploading', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records the memo a transfer became, inside the memo's own transaction: false when the
 * transfer is no longer being filed (another run filed it), and the memo is then undone.
 */
export async function markFiled(db: Db, id: string, memoId: number): Promise<boolean> {
  const result = await db
    .updateTable('transfers')
    .set({ status: 'filed', memo_id: memoId, filing_error: null })
    .where('id', '=', id)
    .where('status', '=', 'filing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A filing that will not succeed: the sender sees why, and may try again. */
export async function markFilingFailed(
  database: Database,
  id: string,
  error: { key: string; params?: Record<string, string | number> },
): Promise<void> {
  await database.db
    .updateTable('transfers')
    .set({ status: 'failed', filing_error: JSON.stringify(error) })
    .where('id', '=', id)
    .where('status', '=', 'filing')
    .execute();
}

/** Forgets a filed transfer's files: the memo's documents are copies. */
export async function deleteFileRows(database: Database, id: string): Promise<void> {
  await database.db.deleteFrom('transfer_files').where('transfer_id', '=', id).execute();
}

/**
 * Counts one download when the limit allows it, in one statement so that two downloaders
 * racing for the last one cannot both get it; answers the downloads after it, or null.
 */
export async function countDownload(
  database: Database,
  id: string,
  now: Date,
): Promise<number | null> {
  const result = await database.db
    .updateTable('transfers')
    .set({ downloads: sql`downloads + 1` })
    .where('id', '=', id)
    .where('status', '=', 'ready')
    .where('expires_at', '>', database.dialect.time(now))
    .where(sql<boolean>`downloads < max_downloads`)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const row = await findTransfer(database, id);
  return row ? row.downloads : null;
}

/** Transfers and bytes sent since `since` by one sender address or by one account. */
export async function sentSince(
  database: Database,
  who: { ownerId: number } | { senderKey: string },
  since: Date,
): Promise<{ transfers: number; bytes: number }> {
  let query = database.db
    .selectFrom('transfers')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('total_size').as('bytes')])
    .where('created_at', '>=', database.dialect.time(since));
  query =
    'ownerId' in who
      ? query.where('owner_id', '=', who.ownerId)
      : query.where('sender_key', '=', who.senderKey).where('owner_id', 'is', null);
  const row = await query.executeTakeFirstOrThrow();
  return { transfers: readCount(row.n), bytes: readCount(row.bytes) };
}

export async function listOwned(
  database: Database,
  ownerId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: TransferRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    database.db
      .selectFrom('transfers')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    database.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: readCount(total.n) };
}

/** Every transfer, newest first, for the operator. */
export function listAll(database: Database, limit: number): Promise<TransferRow[]> {
  return database.db
    .selectFrom('transfers')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Expired transfers, for the sweep (used-up ones wait for their job: downloads may run). */
export async function findFinished(database: Database, now: Date, limit: number) {
  const rows = await database.db
    .selectFrom('transfers')
    .select('id')
    .where('expires_at', '<=', database.dialect.time(now))
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Which of `ids` are files of a transfer that still exists. */
export async function knownFileIds(database: Database, ids: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await database.db
      .selectFrom('transfer_files')
      .select('id')
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) known.add(row.id);
  }
  return known;
}

export async function deleteTransferRow(database: Database, id: string): Promise<void> {
  await database.db.deleteFrom('transfers').where('id', '=', id).execute();
}

/**
 * What `userId` may do with a collection a transfer is sent into: see it, add memos to it
 * (the same rule as a memo save), and whether it is their own.
 */
export async function collectionRights(database: Database, userId: number, collectionId: string) {
  const d = database.dialect;
  const viewer = { userId };
  const row = await database.db
    .selectFrom('collections as c')
    .select('c.user_id')
    .select(
      sql<number>`case when ${collectionVisible('c', viewer, d)} then 1 else 0 end`.as('visible'),
    )
    .select(
      sql<number>`case when ${collectionWritable('c', viewer, d)} then 1 else 0 end`.as('writable'),
    )
    .where('c.id', '=', collectionId)
    .executeTakeFirst();
  return {
    visible: Number(row?.visible ?? 0) === 1,
    writable: Number(row?.writable ?? 0) === 1,
    owned: row?.user_id === userId,
  };
}

/** Marks `collectionId` the owner's transfer destination, and none of their others. */
export async function markTransferCollection(
  database: Database,
  ownerId: number,
  collectionId: string,
): Promise<void> {
  const { db, dialect } = database;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('collections')
      .set({ transfer_collection: dialect.bool(false) })
      .where('user_id', '=', ownerId)
      .where('id', '!=', collectionId)
      .where('transfer_collection', '=', dialect.bool(true))
      .execute();
    await trx
      .updateTable('collections')
      .set({ transfer_collection: dialect.bool(true) })
      .where('id', '=', collectionId)
      .where('user_id', '=', ownerId)
      .execute();
  });
}

/** Whether the memo a filing made committed (collection.ts, after a late failure). */
export async function memoExists(database: Database, id: number): Promise<boolean> {
  const row = await database.db
    .selectFrom('memos')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Recipients the transfer's link was mailed to so far. */
export async function mailedFor(database: Database, transferId: string): Promise<number> {
  const row = await database.db
    .selectFrom('transfer_mails')
    .select((eb) => eb.fn.sum<number>('recipients').as('n'))
    .where('transfer_id', '=', transferId)
    .executeTakeFirstOrThrow();
  return readCount(row.n);
}

/** Recipients a sender (an account, or a visitor's address) had links mailed to since `since`. */
export async function mailedSince(
  database: Database,
  who: { ownerId: number } | { senderKey: string },
  since: Date,
): Promise<number> {
  let query = database.db
    .selectFrom('transfer_mails')
    .select((eb) => eb.fn.sum<number>('recipients').as('n'))
    .where('created_at', '>=', database.dialect.time(since));
  query =
    'ownerId' in who
      ? query.where('owner_id', '=', who.ownerId)
      : query.where('sender_key', '=', who.senderKey).where('owner_id', 'is', null);
  const row = await query.executeTakeFirstOrThrow();
  return readCount(row.n);
}

/** Counts one link mail: how many recipients, never who or the link. */
export async function insertMailCount(
  database: Database,
  row: { transferId: string; senderKey: string; ownerId: number | null; recipients: number },
  now: Date,
): Promise<void> {
  await database.db
    .insertInto('transfer_mails')
    .values({
      transfer_id: row.transferId,
      sender_key: row.senderKey,
      owner_id: row.ownerId,
      recipients: row.recipients,
      created_at: database.dialect.time(now),
    })
    .execute();
}

/** The transfers into a collection, with their stored files (none once filed). */
export function transfersIntoCollection(db: Db, collectionId: string) {
  return db
    .selectFrom('transfers as t')
    .leftJoin('transfer_files as f', 'f.transfer_id', 't.id')
    .select(['t.id as transfer', 'f.id as file'])
    .where('t.collection_id', '=', collectionId)
    .execute();
}

/** The transfers an account's deletion removes: sent by it, or into one of its collections. */
export function transfersGoingWithAccount(db: Db, userId: number) {
  return db
    .selectFrom('transfers as t')
    .leftJoin('transfer_files as f', 'f.transfer_id', 't.id')
    .select(['t.id as transfer', 'f.id as file'])
    .where((eb) =>
      eb.or([
        eb('t.owner_id', '=', userId),
        eb(
          't.collection_id',
          'in',
          eb.selectFrom('collections').select('id').where('user_id', '=', userId),
        ),
      ]),
    )
    .execute();
}
