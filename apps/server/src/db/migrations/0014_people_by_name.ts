import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Discover people and the public profile search list public profiles by name. Without this
 * index every page sorted all public profiles (5,000 of 10,000 users in the benchmark: 3 ms
 * on SQLite per page, before counting them again); with it a page walks the names in order
 * and stops at the page's end. Partial, with the same literal conditions the query writes,
 * so both engines may use it.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const yes = sql.lit(dialect.bool(true));
  await db.schema
    .createIndex('user_profiles_public_name_idx')
    .on('user_profiles')
    .expression(sql`lower(name), user_id`)
    .where(sql<boolean>`user_has_public_profile = ${yes} and public_profile_enabled = ${yes}`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_profiles_public_name_idx').ifExists().execute();
}
