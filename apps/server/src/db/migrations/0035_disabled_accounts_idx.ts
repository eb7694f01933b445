import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Issue 26: contact counts (connections/counts-store.ts) leave out disabled people. On
 * PostgreSQL they read the disabled accounts once per count and set them aside, instead of
 * looking up every follower's account; disabled accounts are few, so a partial index holds
 * them alone.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectHelpers): Promise<void> {
  await db.schema
    .createIndex('users_disabled_idx')
    .on('users')
    .column('id')
    .where(sql<boolean>`disabled_at is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_disabled_idx').ifExists().execute();
}
