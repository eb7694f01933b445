import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';

type Db = Kysely<DatabaseSchema>;

/** E-mail changes, deletions waiting for their grace period and data exports (0018_account). */

export async function insertEmailChange(
  db: Db,
  d: DialectHelpers,
  change: { userId: number; usermail: string; hash: string; expiresAt: Date },
): Promise<void> {
  // One pending change per account: an earlier link stops working when a new one is sent.
  await db
    .deleteFrom('email_changes')
    .where('user_id', '=', change.userId)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('email_changes')
    .values({
      user_id: change.userId,
      new_usermail: change.usermail,
      token_hash: change.hash,
      created_at: d.time(new Date()),
      expires_at: d.time(change.expiresAt),
      used_at: null,
    })
    .execute();
}

export function findEmailChange(db: Db, hash: string) {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('token_hash', '=', hash)
    .executeTakeFirst();
}

/** Marks the link used; false when another request used it first. */
export async function useEmailChange(db: Db, d: DialectHelpers, id: number): Promise<boolean> {
  const result = await db
    .updateTable('email_changes')
    .set({ used_at: d.time(new Date()) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function upsertDeletion(
  db: Db,
  d: DialectHelpers,
  deletion: { userId: number; reason: string; requestedAt: Date; deleteAfter: Date },
): Promise<void> {
  await db.deleteFrom('account_deletions').where('user_id', '=', deletion.userId).execute();
  await db
    .insertInto('account_deletions')
    .values({
      user_id: deletion.userId,
      reason: deletion.reason,
      requested_at: d.time(deletion.requestedAt),
      delete_after: d.time(deletion.deleteAfter),
    })
    .execute();
}

export function findDeletion(db: Db, userId: number) {
  return db
    .selectFrom('account_deletions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Answers whether a pending deletion was removed. */
export async function removeDeletion(db: Db, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('account_deletions')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertExport(db: Db, d: DialectHelpers, userId: number): Promise<number> {
  const row = await db
    .insertInto('data_exports')
    .values({
      user_id: userId,
      status: 'queued',
      created_at: d.time(new Date()),
      ready_at: null,
      expires_at: null,
      storage_key: null,
      size: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findExport(db: Db, id: number) {
  return db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

export function latestExport(db: Db, userId: number) {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function markExportReady(
  db: Db,
  d: DialectHelpers,
  id: number,
  ready: { storageKey: string; size: number; expiresAt: Date },
): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({
      status: 'ready',
      ready_at: d.time(new Date()),
      expires_at: d.time(ready.expiresAt),
      storage_key: ready.storageKey,
      size: ready.size,
    })
    .where('id', '=', id)
    .execute();
}

export async function markExportFailed(db: Db, id: number): Promise<void> {
  await db.updateTable('data_exports').set({ status: 'failed' }).where('id', '=', id).execute();
}

export async function removeExport(db: Db, id: number): Promise<void> {
  await db.deleteFrom('data_exports').where('id', '=', id).execute();
}
