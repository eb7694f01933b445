import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes, withId } from '../table-builders.js';

/**
 * Comments on memos (with one level of replies and the people they mention) and reactions
 * (one per person per memo). `memos.comments_number` counts a memo's comments and replies;
 * the comments module keeps it in step inside the same transaction.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { time, json } = migrationTypes(dialect);
  await withId(db.schema.createTable('memo_comments'), dialect)
    .addColumn('memo_id', 'integer', (c) => c.notNull().references('memos.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the top-level comment this one answers; null for a top-level comment
    .addColumn('parent_id', 'integer', (c) => c.references('memo_comments.id').onDelete('cascade'))
    // plain text with mention tokens @[name](id)
    .addColumn('description', 'text', (c) => c.notNull())
    // ids of the people the text mentions (JSON array)
    .addColumn('mentions', json, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('memo_comments_memo_idx')
    .on('memo_comments')
    .columns(['memo_id', 'parent_id', 'id'])
    .execute();
  await db.schema
    .createIndex('memo_comments_parent_idx')
    .on('memo_comments')
    .columns(['parent_id', 'id'])
    .execute();
  await db.schema
    .createIndex('memo_comments_user_idx')
    .on('memo_comments')
    .column('user_id')
    .execute();

  await withId(db.schema.createTable('memo_reactions'), dialect)
    .addColumn('memo_id', 'integer', (c) => c.notNull().references('memos.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reaction_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addUniqueConstraint('memo_reactions_memo_user_key', ['memo_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('memo_reactions_memo_type_idx')
    .on('memo_reactions')
    .columns(['memo_id', 'reaction_type'])
    .execute();
  await db.schema
    .createIndex('memo_reactions_user_idx')
    .on('memo_reactions')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['memo_reactions', 'memo_comments']);
}
