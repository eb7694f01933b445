import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * SQLite only: each person's unread count is a row of notification_unread_counts, kept by
 * triggers on activity_events (insert, review, unreview, delete, cascades included), and
 * the unread index of 0016 goes.
 *
 * Why: a notification goes into every index that starts with its recipient, and a fan-out
 * to 1,000 people puts its entries on pages all over each such index; SQLite's commit writes
 * every page it touched whole into the WAL. With the list index and the unread index that
 * is two pages per recipient once the table is large. A counter row per person packs a few
 * hundred people per page, so the same commit writes about half the pages: 1,000
 * notifications on 180,000 stored wrote 903 WAL pages in 8.8 ms, against 1,605 pages in
 * 19 ms with the unread index (writing them cost 5.2 ms against 7.3).
 *
 * PostgreSQL keeps the partial unread index: it logs index entries rather than whole
 * pages, and a counter row there would be a row lock taken by every transaction that
 * notifies the person, in no fixed order across people, so concurrent fan-outs could
 * deadlock.
 */
const TRIGGERS = ['insert', 'unreview', 'review', 'delete'] as const;

export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  if (dialect.name !== 'sqlite') return;
  await db.schema
    .createTable('notification_unread_counts')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('unread', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into notification_unread_counts (user_id, unread)
    select recipient_user_id, count(*) from activity_events
    where reviewed_at is null group by recipient_user_id`.execute(db);
  const raise = (who: 'new' | 'old') =>
    sql.raw(
      `insert into notification_unread_counts (user_id, unread) values (${who}.recipient_user_id, 1)
       on conflict (user_id) do update set unread = unread + 1;`,
    );
  const lower = (who: 'new' | 'old') =>
    sql.raw(
      `update notification_unread_counts set unread = max(unread - 1, 0)
       where user_id = ${who}.recipient_user_id;`,
    );
  await sql`create trigger activity_events_unread_insert after insert on activity_events
    when new.reviewed_at is null begin ${raise('new')} end`.execute(db);
  await sql`create trigger activity_events_unread_unreview
    after update of reviewed_at on activity_events
    when old.reviewed_at is not null and new.reviewed_at is null begin ${raise('new')} end`.execute(
    db,
  );
  await sql`create trigger activity_events_unread_review
    after update of reviewed_at on activity_events
    when old.reviewed_at is null and new.reviewed_at is not null begin ${lower('new')} end`.execute(
    db,
  );
  await sql`create trigger activity_events_unread_delete after delete on activity_events
    when old.reviewed_at is null begin ${lower('old')} end`.execute(db);
  await db.schema.dropIndex('activity_events_unread_recipient_idx').ifExists().execute();
}

export async function down(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  if (dialect.name !== 'sqlite') return;
  for (const name of TRIGGERS) {
    await sql`drop trigger if exists ${sql.raw(`activity_events_unread_${name}`)}`.execute(db);
  }
  await db.schema.dropTable('notification_unread_counts').ifExists().execute();
  await db.schema
    .createIndex('activity_events_unread_recipient_idx')
    .on('activity_events')
    .columns(['recipient_user_id', 'reviewed_at'])
    .where(sql<boolean>`reviewed_at is null`)
    .execute();
}
