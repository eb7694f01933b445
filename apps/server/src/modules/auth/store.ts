import type { Kysely, Updateable } from 'kysely';
import type { DatabaseSchema, UsersTable } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';

type Db = Kysely<DatabaseSchema>;

/** Credential columns of users (password, activation, second factor, PIN). */
export async function updateCredentials(
  db: Db,
  d: DialectHelpers,
  userId: number,
  changes: Updateable<UsersTable>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: d.time(new Date()) })
    .where('id', '=', userId)
    .execute();
}

/** Records a used TOTP step; false when this or a later step was already used (a replay). */
export async function useTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_last_step: step })
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds one to the wrong-PIN counter and returns the new count. */
export async function countPinFailure(db: Db, userId: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ lock_code_failures: eb('lock_code_failures', '+', 1) }))
    .where('id', '=', userId)
    .returning('lock_code_failures')
    .executeTakeFirst();
  return row?.lock_code_failures ?? 0;
}

// One-time codes (verification, sign-in, two-factor setup): one live code per purpose.

export async function replaceCode(
  db: Db,
  d: DialectHelpers,
  code: { userId: number; purpose: string; hash: string; expiresAt: Date },
): Promise<void> {
  await db
    .deleteFrom('user_codes')
    .where('user_id', '=', code.userId)
    .where('purpose', '=', code.purpose)
    .execute();
  await db
    .insertInto('user_codes')
    .values({
      user_id: code.userId,
      purpose: code.purpose,
      code_hash: code.hash,
      tries: 0,
      expires_at: d.time(code.expiresAt),
      created_at: d.time(new Date()),
    })
    .execute();
}

export function findCode(db: Db, userId: number, purpose: string) {
  return db
    .selectFrom('user_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

export async function countCodeTry(db: Db, id: number): Promise<void> {
  await db
    .updateTable('user_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Consumes the code; false when a concurrent request consumed it first. */
export async function deleteCode(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('user_codes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// Backup codes

export async function replaceBackupCodes(
  db: Db,
  d: DialectHelpers,
  userId: number,
  hashes: string[],
): Promise<void> {
  await db.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
  if (hashes.length === 0) return;
  const now = d.time(new Date());
  await db
    .insertInto('backup_codes')
    .values(
      hashes.map((hash) => ({ user_id: userId, code_hash: hash, used_at: null, created_at: now })),
    )
    .execute();
}

/** Uses an unused backup code; false when there is none with this hash. */
export async function useBackupCode(
  db: Db,
  d: DialectHelpers,
  userId: number,
  hash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('backup_codes')
    .set({ used_at: d.time(new Date()) })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

// Password reset links

export async function insertPasswordReset(
  db: Db,
  d: DialectHelpers,
  reset: { userId: number; hash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      user_id: reset.userId,
      token_hash: reset.hash,
      expires_at: d.time(reset.expiresAt),
      used_at: null,
      created_at: d.time(new Date()),
    })
    .execute();
}

export function findPasswordReset(db: Db, hash: string) {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', hash)
    .executeTakeFirst();
}

export async function usePasswordReset(db: Db, d: DialectHelpers, id: number): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: d.time(new Date()) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findAccountById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAccountByEmail(db: Db, usermail: string) {
  return db.selectFrom('users').selectAll().where('usermail', '=', usermail).executeTakeFirst();
}

/**
 * Deletes one-time codes and reset links expired before `codeCutoff`, and sessions (with
 * their refresh tokens) that expired or were revoked before `sessionCutoff`.
 */
export async function deleteExpiredAuthRecords(
  db: Db,
  codeCutoff: string | Date,
  sessionCutoff: string | Date,
): Promise<{ sessions: number; codes: number; passwordResets: number }> {
  const codes = await db
    .deleteFrom('user_codes')
    .where('expires_at', '<', codeCutoff)
    .executeTakeFirst();
  const passwordResets = await db
    .deleteFrom('password_resets')
    .where('expires_at', '<', codeCutoff)
    .executeTakeFirst();
  const ended = db
    .selectFrom('sessions')
    .select('id')
    .where((eb) =>
      eb.or([eb('expires_at', '<', sessionCutoff), eb('revoked_at', '<', sessionCutoff)]),
    );
  await db.deleteFrom('refresh_tokens').where('session_id', 'in', ended).execute();
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('expires_at', '<', sessionCutoff), eb('revoked_at', '<', sessionCutoff)]),
    )
    .executeTakeFirst();
  return {
    sessions: Number(sessions.numDeletedRows),
    codes: Number(codes.numDeletedRows),
    passwordResets: Number(passwordResets.numDeletedRows),
  };
}
