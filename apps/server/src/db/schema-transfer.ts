import type { ColumnType } from 'kysely';
import type { DbBigInt, DbBool, DbTime } from './schema.js';

/** File transfers (docs/notes/file-transfer.md): tables of migration 0026. */

export interface TransfersTable {
  id: string;
  owner_id: number | null;
  sender_key: string;
  status: string;
  manifest: string;
  password_hash: string | null;
  max_downloads: number;
  downloads: ColumnType<number, number | undefined, number>;
  file_count: number;
  total_size: DbBigInt;
  expires_at: DbTime;
  created_at: DbTime;
  completed_at: DbTime | null;
  /** migration 0029: the collection a plaintext transfer files its documents into */
  collection_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TransferFilesTable {
  id: string;
  transfer_id: string;
  position: number;
  size: DbBigInt;
  uploaded: DbBool;
}

export interface TransferTables {
  transfers: TransfersTable;
  transfer_files: TransferFilesTable;
}
