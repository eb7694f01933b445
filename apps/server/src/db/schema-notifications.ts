import type { Generated } from 'kysely';
import type { DbBool, DbTime } from './schema.js';

/** A setting that differs from the default, per person, notification type and channel. */
export interface NotificationSettingsTable {
  id: Generated<number>;
  user_id: number;
  /** a notification type of docs/DOMAIN.md, Entities */
  type: string;
  /** in_app | push | email */
  channel: string;
  enabled: DbBool;
  updated_at: DbTime;
}

/** Notifications, their settings (issue 6): tables of migration 0010. */
export interface NotificationTables {
  notification_settings: NotificationSettingsTable;
}
