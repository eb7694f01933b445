import type { ColumnType, Generated } from 'kysely';
import type { DbBool, DbJson, DbTime } from './schema.js';

/** The messenger (docs/notes/messenger.md): tables of migration 0020. */

type Counter = ColumnType<number, number | undefined, number>;

export interface ThreadsTable {
  id: Generated<number>;
  thread_type: string;
  name: string | null;
  description: string | null;
  picture_attachment_id: number | null;
  creator_id: number | null;
  direct_key: string | null;
  last_seq: Counter;
  last_message_id: number | null;
  last_activity_at: DbTime;
  created_at: DbTime;
  updated_at: DbTime;
}

export interface ThreadMembersTable {
  id: Generated<number>;
  thread_id: number;
  user_id: number;
  is_admin: DbBool;
  muted: DbBool;
  joined_at: DbTime;
  last_read_seq: Counter;
  last_read_at: DbTime | null;
  delivered_seq: Counter;
  /** newest message that arrived with no open socket (0024) */
  offline_seq: Counter;
  /** newest message an e-mail digest reported (0024) */
  mailed_seq: Counter;
}

export interface ThreadMessagesTable {
  id: Generated<number>;
  thread_id: number;
  seq: number;
  user_id: number;
  sent_by: number | null;
  client_key: string | null;
  description: string;
  reply_to_id: number | null;
  edited: DbBool;
  /** JSON array of {description, edited_at} */
  edit_history: DbJson;
  status: string;
  created_at: DbTime;
  updated_at: DbTime;
}

export interface ThreadMessageReactionsTable {
  id: Generated<number>;
  message_id: number;
  user_id: number;
  unicode: string;
  created_at: DbTime;
}

export interface MessengerTables {
  threads: ThreadsTable;
  thread_members: ThreadMembersTable;
  thread_messages: ThreadMessagesTable;
  thread_message_reactions: ThreadMessageReactionsTable;
}
