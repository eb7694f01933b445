import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes, withId } from '../table-builders.js';

/**
 * Collections, memos and what hangs off them (docs/DOMAIN.md, Entities, States; docs/RULES.md,
 * Audiences).
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { bool, time, bigint, no } = migrationTypes(dialect);
  let collections = db.schema
    .createTable('collections')
    .addColumn('id', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('modified_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('type', 'varchar(30)', (c) => c.notNull().defaultTo('private'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('group_name', 'varchar(100)')
    // capability links: whoever holds one reads the collection (public_link_on) or joins its call
    .addColumn('secret_token', 'varchar(64)', (c) => c.unique())
    .addColumn('call_secure_token', 'varchar(64)', (c) => c.unique())
    // the cover picture's attachment id (media issue)
    .addColumn('picture_id', 'integer')
    .addColumn('memos_count', 'integer', (c) => c.notNull().defaultTo(0));
  for (const name of [
    'is_collaboration',
    'collaboration_on_checklist',
    'allow_add_documents',
    'allow_replace_documents',
    'preserve_documents_version',
    'public_link_on',
    'user_can_join_call',
    'transfer_collection',
  ]) {
    collections = collections.addColumn(name, bool, (c) => c.notNull().defaultTo(no));
  }
  await collections
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('collections_user_idx')
    .on('collections')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('collections_type_idx')
    .on('collections')
    .columns(['type', 'updated_at'])
    .execute();

  await withId(db.schema.createTable('users_per_collection'), dialect)
    .addColumn('collection_id', 'varchar(10)', (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('users_per_collection_pair', ['collection_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('users_per_collection_user_idx')
    .on('users_per_collection')
    .columns(['user_id', 'collection_id'])
    .execute();

  await withId(db.schema.createTable('muted_collections'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('collection_id', 'varchar(10)', (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('muted_collections_pair', ['user_id', 'collection_id'])
    .execute();

  // kind: 'content' (new memos) or 'comment' (new comments) in the collection
  await withId(db.schema.createTable('collection_watchers'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('collection_id', 'varchar(10)', (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('collection_watchers_key', ['user_id', 'collection_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('collection_watchers_collection_idx')
    .on('collection_watchers')
    .columns(['collection_id', 'kind'])
    .execute();

  await withId(db.schema.createTable('memos'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(250)', (c) => c.notNull())
    .addColumn('description', 'text')
    // lower-cased plain text of title, description and tags: what `search` matches
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location_latitude', 'double precision')
    .addColumn('location_longitude', 'double precision')
    .addColumn('location_zoom', 'integer')
    .addColumn('location_description', 'text')
    .addColumn('date_event', time)
    .addColumn('date_todo_due', time)
    .addColumn('memo_scheduled', time)
    // published | scheduled
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('published'))
    // when it became visible to others: creation, or the scheduled time once reached
    .addColumn('published_at', time)
    .addColumn('notification_sent', bool, (c) => c.notNull().defaultTo(no))
    .addColumn('is_todo', bool, (c) => c.notNull().defaultTo(no))
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull().defaultTo('text'))
    .addColumn('memo_type', 'varchar(20)', (c) => c.notNull().defaultTo('memo'))
    .addColumn('copied_from_id', 'integer', (c) => c.references('memos.id').onDelete('set null'))
    // the memo's own secret link (smt)
    .addColumn('secret_token', 'varchar(64)', (c) => c.unique())
    .addColumn('comments_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('memos_user_idx').on('memos').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('memos_schedule_idx')
    .on('memos')
    .columns(['status', 'memo_scheduled'])
    .execute();
  await db.schema
    .createIndex('memos_published_idx')
    .on('memos')
    .columns(['published_at', 'id'])
    .execute();

  // sequence_number: 1 pinned on top of that collection, else 0. position orders the rest
  // (larger is newer); previous_position is where a pinned memo goes back to.
  await withId(db.schema.createTable('memos_per_collection'), dialect)
    .addColumn('memo_id', 'integer', (c) => c.notNull().references('memos.id').onDelete('cascade'))
    .addColumn('collection_id', 'varchar(10)', (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('sequence_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', bigint, (c) => c.notNull())
    .addColumn('previous_position', bigint)
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('memos_per_collection_pair', ['memo_id', 'collection_id'])
    .execute();
  await db.schema
    .createIndex('memos_per_collection_order_idx')
    .on('memos_per_collection')
    .columns(['collection_id', 'sequence_number', 'position'])
    .execute();

  await withId(db.schema.createTable('memo_todos'), dialect)
    .addColumn('memo_id', 'integer', (c) => c.notNull().references('memos.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('closed', bool, (c) => c.notNull().defaultTo(no))
    .addColumn('closed_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('closed_at', time)
    .addColumn('sequence_number', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('memo_todos_memo_idx')
    .on('memo_todos')
    .columns(['memo_id', 'sequence_number'])
    .execute();

  await db.schema
    .createTable('memo_tags')
    .addColumn('memo_id', 'integer', (c) => c.notNull().references('memos.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(50)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('memo_tags_pk', ['memo_id', 'tag'])
    .execute();
  await db.schema.createIndex('memo_tags_tag_idx').on('memo_tags').column('tag').execute();

  // people who watch a memo's comments
  await withId(db.schema.createTable('memo_watchers'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('memo_id', 'integer', (c) => c.notNull().references('memos.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('memo_watchers_pair', ['user_id', 'memo_id'])
    .execute();
  await db.schema
    .createIndex('memo_watchers_memo_idx')
    .on('memo_watchers')
    .column('memo_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, [
    'memo_watchers',
    'memo_tags',
    'memo_todos',
    'memos_per_collection',
    'memos',
    'collection_watchers',
    'muted_collections',
    'users_per_collection',
    'collections',
  ]);
}
