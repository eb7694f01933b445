import type { Generated } from 'kysely';
import type { DbBool, DbTime } from './schema.js';

/** Video calls on collections (docs/notes/calls.md): tables of migration 0026. */

export interface CallsTable {
  id: Generated<number>;
  collection_id: string;
  started_by: number | null;
  lobby: DbBool;
  started_at: DbTime;
  ended_at: DbTime | null;
  /** the collection id while the call runs, null once it ended */
  live_key: string | null;
}

export interface CallParticipantsTable {
  id: Generated<number>;
  call_id: number;
  /** null for a visitor who came with the call link */
  user_id: number | null;
  name: string;
  /** lobby | in | left */
  state: string;
  is_host: DbBool;
  joined_at: DbTime;
  admitted_at: DbTime | null;
  connected_at: DbTime | null;
  /** refreshed by the instance holding their call socket (migration 0029) */
  seen_at: DbTime | null;
  left_at: DbTime | null;
}

export interface CallTables {
  calls: CallsTable;
  call_participants: CallParticipantsTable;
}
