import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * A comment on a memo a thousand people watch writes a thousand notifications, each into
 * every index that starts with the recipient: those land on pages all over the index, and
 * the commit writes each such page whole. The unread index of 0015 held the type as text
 * beside the recipient, about 45 bytes an entry, so it spread over three times the pages of
 * the list index: a commit of 1,000 notifications wrote 1,378 pages with it and 636 with
 * this one, and took 15.4 ms instead of 7.0 ms (SQLite, 68,000 notifications stored).
 *
 * The unread counters count per recipient over this index alone. Only people who turned a
 * group off in the app need their unread rows read for the type, and those are few.
 * (SQLite replaces it with counters in 0017; PostgreSQL keeps it.)
 */
export async function up(db: Kysely<unknown>, _dialect: DialectHelpers): Promise<void> {
  await db.schema.dropIndex('activity_events_unread_type_idx').ifExists().execute();
  await db.schema
    .createIndex('activity_events_unread_recipient_idx')
    .on('activity_events')
    // reviewed_at (null in every entry) lets SQLite count from the index without the rows
    .columns(['recipient_user_id', 'reviewed_at'])
    .where(sql<boolean>`reviewed_at is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activity_events_unread_recipient_idx').ifExists().execute();
  await db.schema
    .createIndex('activity_events_unread_type_idx')
    .on('activity_events')
    .columns(['recipient_user_id', 'type'])
    .where(sql<boolean>`reviewed_at is null`)
    .execute();
}
