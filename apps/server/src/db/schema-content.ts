import type { ColumnType, Generated } from 'kysely';
import type { DbBigInt, DbBool, DbTime } from './schema.js';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface CollectionsTable {
  /** random 10-character alphanumeric id */
  id: string;
  user_id: number;
  modified_by_id: number | null;
  type: Defaulted<string>;
  name: string;
  description: string | null;
  group_name: string | null;
  secret_token: string | null;
  call_secure_token: string | null;
  picture_id: number | null;
  memos_count: Defaulted<number>;
  is_collaboration: DbBool;
  collaboration_on_checklist: DbBool;
  allow_add_documents: DbBool;
  allow_replace_documents: DbBool;
  preserve_documents_version: DbBool;
  public_link_on: DbBool;
  user_can_join_call: DbBool;
  transfer_collection: DbBool;
  created_at: DbTime;
  updated_at: DbTime;
}

export interface UsersPerCollectionTable {
  id: Generated<number>;
  collection_id: string;
  user_id: number;
  created_at: DbTime;
}

export interface MutedCollectionsTable {
  id: Generated<number>;
  user_id: number;
  collection_id: string;
  created_at: DbTime;
}

export interface CollectionWatchersTable {
  id: Generated<number>;
  user_id: number;
  collection_id: string;
  /** 'content' | 'comment' */
  kind: string;
  created_at: DbTime;
}

export interface MemosTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string | null;
  search_text: Defaulted<string>;
  location_latitude: number | null;
  location_longitude: number | null;
  location_zoom: number | null;
  location_description: string | null;
  date_event: DbTime | null;
  date_todo_due: DbTime | null;
  memo_scheduled: DbTime | null;
  /** 'published' | 'scheduled' */
  status: Defaulted<string>;
  published_at: DbTime | null;
  notification_sent: DbBool;
  is_todo: DbBool;
  content_type: Defaulted<string>;
  memo_type: Defaulted<string>;
  copied_from_id: number | null;
  secret_token: string | null;
  comments_number: Defaulted<number>;
  /** in at least one public collection; kept by triggers (migration 0033), never written */
  discoverable: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  created_at: DbTime;
  updated_at: DbTime;
}

export interface MemosPerCollectionTable {
  id: Generated<number>;
  memo_id: number;
  collection_id: string;
  /** 1 pinned on top of the collection, else 0 */
  sequence_number: Defaulted<number>;
  /** larger is newer */
  position: DbBigInt;
  previous_position: ColumnType<number | string | null, number | null | undefined, number | null>;
  created_at: DbTime;
}

export interface MemoTodosTable {
  id: Generated<number>;
  memo_id: number;
  description: string;
  closed: DbBool;
  closed_by_user_id: number | null;
  closed_at: DbTime | null;
  sequence_number: number;
}

export interface MemoTagsTable {
  memo_id: number;
  tag: string;
  position: Defaulted<number>;
}

export interface MemoWatchersTable {
  id: Generated<number>;
  user_id: number;
  memo_id: number;
  created_at: DbTime;
}

export interface ContentTables {
  collections: CollectionsTable;
  users_per_collection: UsersPerCollectionTable;
  muted_collections: MutedCollectionsTable;
  collection_watchers: CollectionWatchersTable;
  memos: MemosTable;
  memos_per_collection: MemosPerCollectionTable;
  memo_todos: MemoTodosTable;
  memo_tags: MemoTagsTable;
  memo_watchers: MemoWatchersTable;
}
