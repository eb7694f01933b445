import type { UserSummary } from '@memoria/domain';

/**
 * One notification as GET /api/notifications answers it (docs/DOMAIN.md, Entities: Notification).
 */
export interface AppNotification {
  id: number;
  type: string;
  created_at: string;
  reviewed_at: string | null;
  from_user: UserSummary | null;
  memo: { id: number; title: string } | null;
  collection: { id: string; name: string } | null;
  connection: { id: number } | null;
  thread: { id: number } | null;
  system_notification: { title: string; description: string; url: string | null } | null;
  memo_document: { id: number; file_name: string | null } | null;
  replaced_memo_document: { id: number; file_name: string | null } | null;
  /** its memo or collection exists but the reader may no longer see it (title left out) */
  unavailable?: boolean;
}

export type NotificationChannel = 'in_app' | 'push' | 'email';

export interface GroupSetting {
  group: string;
  types: string[];
  in_app: boolean;
  push: boolean;
  email: boolean;
}
