import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';

type Db = Kysely<DatabaseSchema>;

/** Personal connection tokens (QR links): one row per person. */
export function findTokenByHash(db: Db, hash: string) {
  return db
    .selectFrom('connection_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .executeTakeFirst();
}

export function findTokenOf(db: Db, userId: number) {
  return db
    .selectFrom('connection_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Writes the person's token: over their row `existingId` when there is one, else a new row
 * (a concurrent first write wins the row and this one overwrites it).
 */
export async function saveToken(
  db: Db,
  d: DialectHelpers,
  userId: number,
  existingId: number | null,
  token: { nonce: string; tokenHash: string; validUntil: Date; createdAt: Date },
): Promise<void> {
  const values = {
    nonce: token.nonce,
    token_hash: token.tokenHash,
    valid_until: d.time(token.validUntil),
    created_at: d.time(token.createdAt),
  };
  if (existingId !== null) {
    await db.updateTable('connection_tokens').set(values).where('id', '=', existingId).execute();
  } else {
    await db
      .insertInto('connection_tokens')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }
}
