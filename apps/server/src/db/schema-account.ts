import type { Generated } from 'kysely';
import type { DbBigInt, DbTime } from './schema.js';

/** The account's self-service (issue 20): tables of migration 0018_account. */
export interface EmailChangesTable {
  id: Generated<number>;
  user_id: number;
  new_usermail: string;
  token_hash: string;
  created_at: DbTime;
  expires_at: DbTime;
  used_at: DbTime | null;
}

export interface AccountDeletionsTable {
  user_id: number;
  reason: string;
  requested_at: DbTime;
  delete_after: DbTime;
}

export type DataExportStatus = 'queued' | 'ready' | 'failed';

export interface DataExportsTable {
  id: Generated<number>;
  user_id: number;
  status: DataExportStatus;
  created_at: DbTime;
  ready_at: DbTime | null;
  expires_at: DbTime | null;
  storage_key: string | null;
  size: DbBigInt | null;
}

export interface AccountTables {
  email_changes: EmailChangesTable;
  account_deletions: AccountDeletionsTable;
  data_exports: DataExportsTable;
}
