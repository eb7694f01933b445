import type { ColumnType, Generated } from 'kysely';
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
  /** migration 0031: the memo a collection transfer was filed as */
  memo_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** migration 0031: the message key of a failed filing, shown to the sender */
  filing_error: ColumnType<string | null, string | null | undefined, string | null>;
}

/** migration 0031: one mail of a transfer's link, counted for the limits (no link, no address) */
export interface TransferMailsTable {
  id: Generated<number>;
  transfer_id: string;
  sender_key: string;
  owner_id: number | null;
  recipients: number;
  created_at: DbTime;
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
  transfer_mails: TransferMailsTable;
}
