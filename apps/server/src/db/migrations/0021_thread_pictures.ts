import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Thread pictures (docs/notes/messenger.md, Thread picture): an upload of
 * POST /api/thread/picture is an attachment with owner_kind 'thread'; `thread_id` says which
 * thread it became the picture of (null until a create or PATCH attaches it, so the hourly
 * cleanup can remove it). The thread row already points at its picture
 * (threads.picture_attachment_id, migration 0020).
 */
export async function up(db: Kysely<unknown>, _dialect: DialectHelpers): Promise<void> {
  await db.schema.alterTable('attachments').addColumn('thread_id', 'integer').execute();
  await db.schema
    .createIndex('attachments_thread_idx')
    .on('attachments')
    .column('thread_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attachments_thread_idx').ifExists().execute();
  await db.schema.alterTable('attachments').dropColumn('thread_id').execute();
}
