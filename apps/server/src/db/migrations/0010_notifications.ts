import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes, withId } from '../table-builders.js';

/**
 * Notifications (issue 6). The stored notifications are the rows of activity_events (0007);
 * this adds when the recipient reviewed one and when the e-mail digest handled it, the index
 * the unread counter and the list read, and each person's settings per type and channel.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { time, bool } = migrationTypes(dialect);

  await db.schema.alterTable('activity_events').addColumn('reviewed_at', time).execute();
  // set once the e-mail digest looked at the event (mailed, or skipped by the settings)
  await db.schema.alterTable('activity_events').addColumn('emailed_at', time).execute();
  // unread counter: recipient, reviewed_at is null (the type filter reads the few rows left)
  await db.schema
    .createIndex('activity_events_unread_idx')
    .on('activity_events')
    .columns(['recipient_user_id', 'reviewed_at'])
    .execute();
  // list newest first: recipient, id descending (ids grow with created_at)
  await db.schema
    .createIndex('activity_events_list_idx')
    .on('activity_events')
    .columns(['recipient_user_id', 'id'])
    .execute();

  // Only what differs from the defaults is stored (see notifications/settings.ts).
  await withId(db.schema.createTable('notification_settings'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(60)', (c) => c.notNull())
    // in_app | push | email
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('enabled', bool, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addUniqueConstraint('notification_settings_key', ['user_id', 'type', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['notification_settings']);
  await db.schema.dropIndex('activity_events_list_idx').ifExists().execute();
  await db.schema.dropIndex('activity_events_unread_idx').ifExists().execute();
  await db.schema.alterTable('activity_events').dropColumn('emailed_at').execute();
  await db.schema.alterTable('activity_events').dropColumn('reviewed_at').execute();
}
