import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes, withId } from '../table-builders.js';

/**
 * Photos, videos and documents on memos and collections, and pictures of accounts (docs/DOMAIN.md,
 * Entities: Attachment; docs/ARCHITECTURE.md). Files live in storage under
 * `<user_id>/<id>/…`; the row records what is there and who may see it.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { time, json, bigint } = migrationTypes(dialect);
  await withId(db.schema.createTable('attachments'), dialect)
    // the uploader; their quota pays for the files
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // memo | collection | avatar
    .addColumn('owner_kind', 'varchar(20)', (c) => c.notNull())
    // null until the upload is attached (a memo saved, a collection given its picture)
    .addColumn('memo_id', 'integer', (c) => c.references('memos.id').onDelete('cascade'))
    .addColumn('collection_id', 'varchar(10)', (c) =>
      c.references('collections.id').onDelete('cascade'),
    )
    // photo | video | document
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(150)', (c) => c.notNull())
    // bytes of the uploaded file
    .addColumn('size', bigint, (c) => c.notNull().defaultTo(0))
    // bytes kept in storage for it (original and variants): what deleting frees
    .addColumn('stored_bytes', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('ratio', 'double precision')
    .addColumn('description', 'text')
    .addColumn('sequence_number', 'integer', (c) => c.notNull().defaultTo(0))
    // seconds, for videos and audio
    .addColumn('length', 'double precision')
    // processing | ready | failed | deleted
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('processing'))
    // 'delete' once removed
    .addColumn('action', 'varchar(20)')
    .addColumn('replace_document_id', 'integer', (c) =>
      c.references('attachments.id').onDelete('set null'),
    )
    .addColumn('replaced_by_document_id', 'integer', (c) =>
      c.references('attachments.id').onDelete('set null'),
    )
    // the stored original: `<user_id>/<id>/original.<ext>`
    .addColumn('storage_key', 'varchar(255)')
    // variant name → {key, width, height, size}
    .addColumn('variants', json)
    // what the file's metadata suggests (GPS location, description); never served as is
    .addColumn('exif', json)
    .addColumn('error', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attachments_memo_idx')
    .on('attachments')
    .columns(['memo_id', 'type', 'sequence_number'])
    .execute();
  await db.schema
    .createIndex('attachments_collection_idx')
    .on('attachments')
    .columns(['collection_id', 'type'])
    .execute();
  await db.schema
    .createIndex('attachments_user_idx')
    .on('attachments')
    .columns(['user_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['attachments']);
}
