import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Issue 4: the account picture on the profile row, so person summaries, memo authors and
 * the account answer read it with the profile they already join (no per-row subquery).
 * Filled from the ready avatar uploads already there.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectHelpers): Promise<void> {
  await db.schema
    .alterTable('user_profiles')
    .addColumn('avatar_attachment_id', 'integer')
    .execute();
  await sql`update user_profiles set avatar_attachment_id = (
      select max(a.id) from attachments a
      where a.user_id = user_profiles.user_id and a.owner_kind = 'avatar' and a.status = 'ready')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_profiles').dropColumn('avatar_attachment_id').execute();
}
