import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes, withId } from '../table-builders.js';

/**
 * The account's self-service (issue 20, docs/RULES.md, The account): e-mail changes waiting
 * for their confirmation link, deletions waiting for their grace period, data exports, and
 * where and when each session was last used (the sessions and devices list).
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { time, bigint } = migrationTypes(dialect);

  await withId(db.schema.createTable('email_changes'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_usermail', 'varchar(254)', (c) => c.notNull())
    // only the hash of the mailed token is kept, as for password resets
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .execute();
  await db.schema
    .createIndex('email_changes_user_idx')
    .on('email_changes')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('account_deletions')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
    .addColumn('requested_at', time, (c) => c.notNull())
    .addColumn('delete_after', time, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('data_exports'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // queued, ready or failed
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('ready_at', time)
    .addColumn('expires_at', time)
    // the zip in media storage (under the owner's folder, so deleting the account removes it)
    .addColumn('storage_key', 'varchar(300)')
    .addColumn('size', bigint)
    .execute();
  await db.schema
    .createIndex('data_exports_user_idx')
    .on('data_exports')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema.alterTable('sessions').addColumn('ip', 'varchar(64)').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', time).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
  await dropTables(db, ['data_exports', 'account_deletions', 'email_changes']);
}
