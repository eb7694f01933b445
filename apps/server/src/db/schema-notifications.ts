/** Notifications, their settings and push tokens (issue 6): tables of migration 0010. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NotificationTables {}
