import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

type Db = Kysely<DatabaseSchema>;

/**
 * What a data export copies (docs/RULES.md, The account): read-only queries over the tables
 * of memos, collections, comments and media, limited to what the person owns or wrote. Kept
 * here, beside the export, rather than as one read per owner module: the export reads every
 * row of one person, which no owner's service offers.
 */
export function exportedMemos(db: Db, userId: number) {
  return db
    .selectFrom('memos')
    .select([
      'id',
      'title',
      'description',
      'status',
      'content_type',
      'memo_type',
      'is_todo',
      'date_event',
      'date_todo_due',
      'memo_scheduled',
      'published_at',
      'location_latitude',
      'location_longitude',
      'location_zoom',
      'location_description',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function exportedMemoCollections(db: Db, userId: number) {
  return db
    .selectFrom('memos_per_collection')
    .innerJoin('memos', 'memos.id', 'memos_per_collection.memo_id')
    .select(['memos_per_collection.memo_id', 'memos_per_collection.collection_id'])
    .where('memos.user_id', '=', userId)
    .execute();
}

export function exportedTags(db: Db, userId: number) {
  return db
    .selectFrom('memo_tags')
    .innerJoin('memos', 'memos.id', 'memo_tags.memo_id')
    .select(['memo_tags.memo_id', 'memo_tags.tag'])
    .where('memos.user_id', '=', userId)
    .orderBy('memo_tags.position')
    .execute();
}

export function exportedTodos(db: Db, userId: number) {
  return db
    .selectFrom('memo_todos')
    .innerJoin('memos', 'memos.id', 'memo_todos.memo_id')
    .select([
      'memo_todos.memo_id',
      'memo_todos.description',
      'memo_todos.closed',
      'memo_todos.sequence_number',
    ])
    .where('memos.user_id', '=', userId)
    .orderBy('memo_todos.sequence_number')
    .execute();
}

export function exportedCollections(db: Db, userId: number) {
  return db
    .selectFrom('collections')
    .select(['id', 'name', 'description', 'type', 'is_collaboration', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function exportedComments(db: Db, userId: number) {
  return db
    .selectFrom('memo_comments')
    .select(['id', 'memo_id', 'parent_id', 'description', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function exportedFiles(db: Db, userId: number) {
  return db
    .selectFrom('attachments')
    .select([
      'id',
      'owner_kind',
      'memo_id',
      'collection_id',
      'type',
      'file_name',
      'mime_type',
      'size',
      'description',
      'storage_key',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 'ready')
    .where('storage_key', 'is not', null)
    .orderBy('id')
    .execute();
}
