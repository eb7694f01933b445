/**
 * Notification types of docs/DOMAIN.md, Entities, grouped the way the settings screen shows them,
 * with the default of each channel. A type not listed here (a future `*_connection` type)
 * belongs to the group its name says, or `system`.
 *
 * Defaults: in-app always on; push on for every group; e-mail on for what a person should
 * not miss when away (shared collections and collaboration, new memos in collaborations,
 * mentions and replies, connection requests and acceptances, documents in their memos,
 * delegations, messages and system notices) and off for the frequent social signals
 * (reactions, followers, every new memo of people they follow, other comments).
 */
export const NOTIFICATION_CHANNELS = ['in_app', 'push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export interface NotificationGroup {
  /** the settings key */
  key: string;
  types: readonly string[];
  /** e-mail on by default */
  email: boolean;
}

export const NOTIFICATION_GROUPS: readonly NotificationGroup[] = [
  { key: 'memos_collaboration', types: ['new_memo_collaboration'], email: true },
  { key: 'memos_followed', types: ['new_memo_for_follower'], email: false },
  { key: 'collections', types: ['new_collection', 'new_collaboration'], email: true },
  // a call is over long before a digest would go out: in-app and push only by default
  { key: 'calls', types: ['call_started'], email: false },
  { key: 'comments', types: ['new_comment', 'new_comment_reply'], email: true },
  { key: 'mentions', types: ['new_comment_mention'], email: true },
  {
    key: 'other_comments',
    types: ['others_comments', 'new_comment_watcher_notification'],
    email: false,
  },
  { key: 'reactions', types: ['new_reaction'], email: false },
  { key: 'followers', types: ['new_follower', 'decline_follower'], email: false },
  {
    key: 'connections',
    types: ['new_connection', 'accepted_connection', 'auto_accepted_connection'],
    email: true,
  },
  {
    key: 'documents',
    types: ['new_document_added_to_memo', 'document_replaced_in_memo'],
    email: true,
  },
  {
    key: 'delegations',
    types: ['new_workspace_delegation', 'new_delegation', 'delegation_revoked'],
    email: true,
  },
  {
    key: 'threads',
    types: [
      'added_to_existing_group_thread',
      'removed_from_thread',
      'added_to_new_group_thread',
      'added_to_direct_thread',
    ],
    email: true,
  },
  // not stored notifications: the messenger's web push and e-mail digest of unread messages
  // of people with no open socket (docs/notes/notifications.md, E-mail digest)
  { key: 'messages', types: ['new_message'], email: true },
  { key: 'system', types: ['system_notification', 'data_export_ready'], email: true },
  // the subscription lifecycle (docs/notes/subscriptions.md); each sends its own e-mail
  {
    key: 'subscriptions',
    types: [
      'subscription_expiring',
      'subscription_expired',
      'subscription_cancelled',
      'subscription_renewed',
    ],
    email: true,
  },
];

/**
 * Types whose event already sends its own e-mail (the data export's download link,
 * docs/RULES.md, The account): the digest leaves them out, so nobody is told twice.
 */
export const OWN_EMAIL_TYPES: ReadonlySet<string> = new Set([
  'data_export_ready',
  'subscription_expiring',
  'subscription_expired',
  'subscription_cancelled',
  'subscription_renewed',
]);

export const GROUP_KEYS = NOTIFICATION_GROUPS.map((g) => g.key);

const groupByType = new Map<string, NotificationGroup>(
  NOTIFICATION_GROUPS.flatMap((g) => g.types.map((t) => [t, g] as const)),
);
const groupByKey = new Map(NOTIFICATION_GROUPS.map((g) => [g.key, g]));

/** The settings group of a notification type. */
export function groupOf(type: string): NotificationGroup {
  const known = groupByType.get(type);
  if (known) return known;
  if (type.includes('_connection')) return groupByKey.get('connections')!;
  return groupByKey.get('system')!;
}

export function groupByKeyOf(key: string): NotificationGroup | undefined {
  return groupByKey.get(key);
}

/** The default of a group's channel. */
export function defaultEnabled(group: NotificationGroup, channel: NotificationChannel): boolean {
  return channel === 'email' ? group.email : true;
}
