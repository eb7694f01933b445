import type { Generated } from 'kysely';
import type { DbJson, DbTime } from './schema.js';

/** Comments, reactions (issue 6): tables of migration 0009. */

export interface MemoCommentsTable {
  id: Generated<number>;
  memo_id: number;
  user_id: number;
  parent_id: number | null;
  description: string;
  /** JSON array of user ids */
  mentions: DbJson;
  created_at: DbTime;
  updated_at: DbTime;
}

export interface MemoReactionsTable {
  id: Generated<number>;
  memo_id: number;
  user_id: number;
  reaction_type: string;
  created_at: DbTime;
  updated_at: DbTime;
}

export interface EngagementTables {
  memo_comments: MemoCommentsTable;
  memo_reactions: MemoReactionsTable;
}
