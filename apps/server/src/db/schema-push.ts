import type { Generated } from 'kysely';
import type { DbTime } from './schema.js';

/** Web push (issue 6): tables of migration 0012_push. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  /** the browser's P-256 public key, base64url */
  p256dh: string;
  /** the browser's auth secret, base64url */
  auth: string;
  user_agent: string | null;
  created_at: DbTime;
  updated_at: DbTime;
  last_sent_at: DbTime | null;
}

export interface PushSubscriptionTopicsTable {
  subscription_id: number;
  /** e.g. 'news' */
  topic: string;
}

export interface PushMemoSendsTable {
  memo_id: number;
  user_id: number | null;
  sent_at: DbTime;
}

export interface PushTables {
  push_subscriptions: PushSubscriptionsTable;
  push_subscription_topics: PushSubscriptionTopicsTable;
  push_memo_sends: PushMemoSendsTable;
}
