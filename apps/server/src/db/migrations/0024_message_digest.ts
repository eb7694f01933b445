import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * The e-mail digest of unread messages (docs/notes/messenger.md, Notifications): per member,
 * `offline_seq` is the number of the newest message that arrived while the member had no open
 * socket, and `mailed_seq` the number of the newest message a digest already reported, so the
 * same messages are never mailed twice.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectHelpers): Promise<void> {
  await db.schema
    .alterTable('thread_members')
    .addColumn('offline_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('thread_members')
    .addColumn('mailed_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('thread_members').dropColumn('mailed_seq').execute();
  await db.schema.alterTable('thread_members').dropColumn('offline_seq').execute();
}
