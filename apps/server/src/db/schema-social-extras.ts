import type { ColumnType, Generated } from 'kysely';
import type { DbJson, DbTime } from './schema.js';

export type FavouriteKind = 'collection' | 'connection';

export interface FavouritesTable {
  id: Generated<number>;
  user_id: number;
  type: FavouriteKind;
  collection_id: string | null;
  favourite_user_id: number | null;
  created_at: DbTime;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number | null;
  /** memo | collection | profile | support */
  type: string;
  title: string;
  description: string;
  reason: string | null;
  link: string | null;
  memo_id: number | null;
  collection_id: string | null;
  reported_user_id: number | null;
  status: ColumnType<string, string | undefined, string>;
  created_at: DbTime;
  resolved_at: DbTime | null;
}

export interface SuggestionExcludesTable {
  id: Generated<number>;
  user_id: number;
  excluded_user_id: number;
  created_at: DbTime;
}

export interface ConnectionTokensTable {
  id: Generated<number>;
  user_id: number;
  nonce: string;
  token_hash: string;
  valid_until: DbTime;
  created_at: DbTime;
}

export interface ActivityEventsTable {
  id: Generated<number>;
  type: string;
  actor_user_id: number | null;
  recipient_user_id: number;
  connection_id: number | null;
  memo_id: number | null;
  collection_id: string | null;
  thread_id: number | null;
  attachment_id: number | null;
  payload: DbJson;
  created_at: DbTime;
  /** when the recipient reviewed (read) it; null while unread (migration 0010) */
  reviewed_at: ColumnType<
    Date | string | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /** when the e-mail digest handled it (mailed or skipped by the settings) (migration 0010) */
  emailed_at: ColumnType<
    Date | string | null,
    Date | string | null | undefined,
    Date | string | null
  >;
}

/**
 * Each person's unread notifications, kept by triggers on activity_events (SQLite only,
 * migration 0017; PostgreSQL counts over its partial unread index).
 */
export interface NotificationUnreadCountsTable {
  user_id: number;
  unread: number;
}

export interface SocialExtrasTables {
  favourites: FavouritesTable;
  reports: ReportsTable;
  suggestion_excludes: SuggestionExcludesTable;
  connection_tokens: ConnectionTokensTable;
  activity_events: ActivityEventsTable;
  notification_unread_counts: NotificationUnreadCountsTable;
}
