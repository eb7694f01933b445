import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes, withId } from '../table-builders.js';

/**
 * The messenger (docs/notes/messenger.md): threads, their members, messages numbered per
 * thread, reactions on messages, and the full-text index of message texts (an FTS5 table
 * kept by triggers on SQLite, a generated tsvector column on PostgreSQL).
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { time, bool, no, json } = migrationTypes(dialect);
  await withId(db.schema.createTable('threads'), dialect)
    .addColumn('thread_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(250)')
    .addColumn('description', 'text')
    .addColumn('picture_attachment_id', 'integer')
    .addColumn('creator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // "smaller:larger" user id of a direct thread: one direct thread per pair
    .addColumn('direct_key', 'varchar(50)', (c) => c.unique())
    // the number of the newest message; the next one gets last_seq + 1
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_id', 'integer')
    .addColumn('last_activity_at', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('thread_members'), dialect)
    .addColumn('thread_id', 'integer', (c) =>
      c.notNull().references('threads.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_admin', bool, (c) => c.notNull().defaultTo(no))
    .addColumn('muted', bool, (c) => c.notNull().defaultTo(no))
    .addColumn('joined_at', time, (c) => c.notNull())
    .addColumn('last_read_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_read_at', time)
    // the highest number the person's sockets acknowledged
    .addColumn('delivered_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('thread_members_thread_user_key', ['thread_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('thread_members_user_idx')
    .on('thread_members')
    .columns(['user_id', 'thread_id'])
    .execute();

  await withId(db.schema.createTable('thread_messages'), dialect)
    .addColumn('thread_id', 'integer', (c) =>
      c.notNull().references('threads.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the delegate who wrote it for the account
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('client_key', 'varchar(64)')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('reply_to_id', 'integer', (c) =>
      c.references('thread_messages.id').onDelete('set null'),
    )
    .addColumn('edited', bool, (c) => c.notNull().defaultTo(no))
    // earlier texts, oldest first: [{description, edited_at}]
    .addColumn('edit_history', json, (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addUniqueConstraint('thread_messages_thread_seq_key', ['thread_id', 'seq'])
    .addUniqueConstraint('thread_messages_key_key', ['thread_id', 'user_id', 'client_key'])
    .execute();
  await db.schema
    .createIndex('thread_messages_user_idx')
    .on('thread_messages')
    .column('user_id')
    .execute();

  await withId(db.schema.createTable('thread_message_reactions'), dialect)
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('thread_messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('unicode', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('thread_message_reactions_key', ['message_id', 'user_id', 'unicode'])
    .execute();

  if (dialect.name === 'postgres') {
    await sql`alter table thread_messages add column search_vector tsvector
      generated always as (to_tsvector('simple', description)) stored`.execute(db);
    await sql`create index thread_messages_search_idx on thread_messages
      using gin (search_vector)`.execute(db);
  } else {
    await sql`create virtual table thread_messages_fts using fts5(description,
      content='thread_messages', content_rowid='id', tokenize='unicode61')`.execute(db);
    await sql`create trigger thread_messages_fts_insert after insert on thread_messages begin
      insert into thread_messages_fts(rowid, description) values (new.id, new.description);
      end`.execute(db);
    await sql`create trigger thread_messages_fts_delete after delete on thread_messages begin
      insert into thread_messages_fts(thread_messages_fts, rowid, description)
        values ('delete', old.id, old.description);
      end`.execute(db);
    await sql`create trigger thread_messages_fts_update after update of description
      on thread_messages begin
      insert into thread_messages_fts(thread_messages_fts, rowid, description)
        values ('delete', old.id, old.description);
      insert into thread_messages_fts(rowid, description) values (new.id, new.description);
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists thread_messages_fts`.execute(db);
  await dropTables(db, [
    'thread_message_reactions',
    'thread_messages',
    'thread_members',
    'threads',
  ]);
}
