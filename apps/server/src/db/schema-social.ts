import type { Generated } from 'kysely';
import type { DbBool, DbTime } from './schema.js';

export type ConnectionStatus = 'requested' | 'active' | 'rejected';

export interface ConnectionsTable {
  id: Generated<number>;
  /** who sent the request */
  user_outbound_id: number;
  /** who received it; null while it is an invitation to an address without an account */
  user_inbound_id: number | null;
  user_to_email: string | null;
  personal_message: string | null;
  status: ConnectionStatus;
  token_hash: string | null;
  valid_until: DbTime | null;
  auto_accepted: DbBool;
  watching_by_outbound: DbBool;
  watching_by_inbound: DbBool;
  accepted_at: DbTime | null;
  rejected_at: DbTime | null;
  created_at: DbTime;
  updated_at: DbTime;
}

/** Two rows per active connection (a→b, b→a): "is b a contact of a" is one key lookup. */
export interface ContactsTable {
  user_id: number;
  contact_id: number;
  connection_id: number;
  created_at: DbTime;
}

export interface FollowsTable {
  follower_id: number;
  following_id: number;
  created_at: DbTime;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: DbTime;
}

export interface SocialTables {
  connections: ConnectionsTable;
  contacts: ContactsTable;
  follows: FollowsTable;
  blocks: BlocksTable;
}
