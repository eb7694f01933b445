import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { isUniqueViolation } from '../../db/errors.js';
import { findUserByEmail } from './store.js';
import { setUsermail } from './usermail-store.js';

/**
 * Changes the account's sign-in address (the account module's confirmed e-mail change);
 * 'taken' when another account holds it, checked first and again by the unique index.
 */
export async function changeUsermail(
  database: { db: Kysely<DatabaseSchema>; dialect: DialectHelpers },
  userId: number,
  usermail: string,
): Promise<'changed' | 'taken'> {
  const holder = await findUserByEmail(database.db, usermail);
  if (holder && holder.id !== userId) return 'taken';
  try {
    await setUsermail(database.db, database.dialect, userId, usermail);
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
  return 'changed';
}
