import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * The messenger's files (docs/notes/messenger.md, Photos and documents; Thread picture):
 * uploads of POST /api/message/{photo|document} are attachments with owner_kind 'message'
 * and `message_id` the message they were sent with; an upload of POST /api/thread/picture
 * has owner_kind 'thread' and `thread_id` the thread it became the picture of. Both are null
 * until a send, create or PATCH attaches them, so the hourly cleanup can remove them. The
 * thread row already points at its picture (threads.picture_attachment_id, migration 0020).
 */
export async function up(db: Kysely<unknown>, _dialect: DialectHelpers): Promise<void> {
  await db.schema.alterTable('attachments').addColumn('thread_id', 'integer').execute();
  await db.schema.alterTable('attachments').addColumn('message_id', 'integer').execute();
  await db.schema
    .createIndex('attachments_message_idx')
    .on('attachments')
    .column('message_id')
    .execute();
  await db.schema
    .createIndex('attachments_thread_idx')
    .on('attachments')
    .column('thread_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attachments_message_idx').ifExists().execute();
  await db.schema.dropIndex('attachments_thread_idx').ifExists().execute();
  await db.schema.alterTable('attachments').dropColumn('message_id').execute();
  await db.schema.alterTable('attachments').dropColumn('thread_id').execute();
}
