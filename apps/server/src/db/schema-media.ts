import type { ColumnType, Generated } from 'kysely';
import type { DbBigInt, DbJson, DbTime } from './schema.js';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Migration 0008: photos, videos and documents (docs/DOMAIN.md, Entities: Attachment). */
export interface AttachmentsTable {
  id: Generated<number>;
  user_id: number;
  /** 'memo' | 'collection' | 'avatar' | 'cover' | 'banner' | 'public_picture' | 'thread' | 'message' */
  owner_kind: string;
  memo_id: number | null;
  collection_id: string | null;
  /** owner_kind 'thread': the thread it is the picture of (migration 0021) */
  thread_id: Generated<number | null>;
  /** owner_kind 'message': the message it was sent with (migration 0021) */
  message_id: Generated<number | null>;
  /** 'photo' | 'video' | 'document' */
  type: string;
  file_name: string;
  mime_type: string;
  size: DbBigInt;
  stored_bytes: DbBigInt;
  width: number | null;
  height: number | null;
  ratio: number | null;
  description: string | null;
  sequence_number: Defaulted<number>;
  length: number | null;
  /** 'processing' | 'ready' | 'failed' | 'deleted' */
  status: Defaulted<string>;
  action: string | null;
  replace_document_id: number | null;
  replaced_by_document_id: number | null;
  storage_key: string | null;
  variants: DbJson | null;
  exif: DbJson | null;
  error: string | null;
  created_at: DbTime;
  updated_at: DbTime;
}

export interface MediaTables {
  attachments: AttachmentsTable;
}
