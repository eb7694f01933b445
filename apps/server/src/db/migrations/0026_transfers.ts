import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes } from '../table-builders.js';

/**
 * File transfers (docs/notes/file-transfer.md): a transfer with its encrypted manifest and
 * rules, and its files, each one tus upload whose id is also the name of its stored file.
 * Ids are random strings because the link itself is the only key a visitor holds.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { time, bool, no, bigint } = migrationTypes(dialect);
  await db.schema
    .createTable('transfers')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // a keyed hash of the sender's address, for the per-address daily limits
    .addColumn('sender_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('manifest', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('max_downloads', 'integer', (c) => c.notNull())
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_count', 'integer', (c) => c.notNull())
    .addColumn('total_size', bigint, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('completed_at', time)
    .execute();
  await db.schema
    .createIndex('transfers_owner_idx')
    .on('transfers')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('transfers_sender_idx')
    .on('transfers')
    .columns(['sender_key', 'created_at'])
    .execute();

  await db.schema
    .createTable('transfer_files')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('transfer_id', 'varchar(32)', (c) =>
      c.notNull().references('transfers.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('size', bigint, (c) => c.notNull())
    .addColumn('uploaded', bool, (c) => c.notNull().defaultTo(no))
    .addUniqueConstraint('transfer_files_position_key', ['transfer_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['transfer_files', 'transfers']);
}
