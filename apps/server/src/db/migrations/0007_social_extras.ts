import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes, withId } from '../table-builders.js';

/**
 * What the social graph keeps beside connections, contacts, follows and blocks (0004):
 * favourites, reports for moderation, people excluded from suggestions, the personal QR
 * connection token (only a hash is kept) and the activity events notifications are built from.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { time, json } = migrationTypes(dialect);

  // A favourite collection or a favourite contact of user_id (docs/DOMAIN.md, Entities: Favourite).
  await withId(db.schema.createTable('favourites'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // collection | connection
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('collection_id', 'varchar(10)', (c) =>
      c.references('collections.id').onDelete('cascade'),
    )
    .addColumn('favourite_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('favourites_collection_pair', ['user_id', 'collection_id'])
    .addUniqueConstraint('favourites_user_pair', ['user_id', 'favourite_user_id'])
    .execute();
  await db.schema
    .createIndex('favourites_user_idx')
    .on('favourites')
    .columns(['user_id', 'type', 'id'])
    .execute();
  await db.schema
    .createIndex('favourites_favourite_user_idx')
    .on('favourites')
    .column('favourite_user_id')
    .execute();
  await db.schema
    .createIndex('favourites_collection_idx')
    .on('favourites')
    .column('collection_id')
    .execute();

  // Reports of a memo, collection or profile, and support requests (type support).
  await withId(db.schema.createTable('reports'), dialect)
    .addColumn('reporter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // memo | collection | profile | support
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('link', 'varchar(2000)')
    // what was reported; kept as plain values so a report outlives what it names
    .addColumn('memo_id', 'integer')
    .addColumn('collection_id', 'varchar(10)')
    .addColumn('reported_user_id', 'integer')
    // open | resolved
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('resolved_at', time)
    .execute();
  await db.schema
    .createIndex('reports_status_idx')
    .on('reports')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('reports_reporter_idx')
    .on('reports')
    .columns(['reporter_id', 'type'])
    .execute();

  // People user_id asked not to be suggested (discover people, profile search without text).
  await withId(db.schema.createTable('suggestion_excludes'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('excluded_user_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('suggestion_excludes_pair', ['user_id', 'excluded_user_id'])
    .execute();

  // One personal QR token per user. The token is an HMAC of (id, nonce) under a server key,
  // so the table alone cannot produce it; token_hash (SHA-256) finds the row.
  await withId(db.schema.createTable('connection_tokens'), dialect)
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('valid_until', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  // What happened, for whom: notifications are built from these rows.
  await withId(db.schema.createTable('activity_events'), dialect)
    .addColumn('type', 'varchar(60)', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('recipient_user_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    // subjects, as plain ids: the event stays readable when its subject is gone
    .addColumn('connection_id', 'integer')
    .addColumn('memo_id', 'integer')
    .addColumn('collection_id', 'varchar(10)')
    .addColumn('thread_id', 'integer')
    .addColumn('attachment_id', 'integer')
    .addColumn('payload', json, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_events_recipient_idx')
    .on('activity_events')
    .columns(['recipient_user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, [
    'activity_events',
    'connection_tokens',
    'suggestion_excludes',
    'reports',
    'favourites',
  ]);
}
