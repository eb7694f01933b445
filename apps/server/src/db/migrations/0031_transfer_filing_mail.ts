import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes, withId } from '../table-builders.js';

/**
 * File transfer (docs/notes/file-transfer.md): a collection transfer is filed by a durable
 * job, so the row keeps the outcome for its sender (`memo_id` once filed, `filing_error` the
 * message key of a failure); `transfer_mails` counts the link mails a sender asked for, for
 * the daily and per-transfer limits. It holds counts only, never the link or an address.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { time } = migrationTypes(dialect);
  await db.schema
    .alterTable('transfers')
    .addColumn('memo_id', 'integer', (c) => c.references('memos.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('transfers').addColumn('filing_error', 'text').execute();
  await withId(db.schema.createTable('transfer_mails'), dialect)
    .addColumn('transfer_id', 'varchar(64)', (c) =>
      c.notNull().references('transfers.id').onDelete('cascade'),
    )
    .addColumn('sender_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transfer_mails_sender')
    .on('transfer_mails')
    .columns(['sender_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('transfer_mails_owner')
    .on('transfer_mails')
    .columns(['owner_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['transfer_mails']);
  await db.schema.alterTable('transfers').dropColumn('filing_error').execute();
  await db.schema.alterTable('transfers').dropColumn('memo_id').execute();
}
