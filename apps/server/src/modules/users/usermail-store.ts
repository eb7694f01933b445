import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';

/** Sets the sign-in address; the unique index refuses one another account holds. */
export async function setUsermail(
  db: Kysely<DatabaseSchema>,
  d: DialectHelpers,
  userId: number,
  usermail: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ usermail, updated_at: d.time(new Date()) })
    .where('id', '=', userId)
    .execute();
}
