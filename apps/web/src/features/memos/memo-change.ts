import type { SocketMessage } from '../../api/socket';

/** `memo_changed` (contract of issue 6): a memo someone may see here changed or went. */
export interface MemoChangedMessage extends SocketMessage {
  message_type: 'memo_changed';
  memo_id: number;
  change: 'updated' | 'deleted' | 'comment' | 'reaction';
}

/** The notifications a new or edited comment sends (server: modules/comments). */
const COMMENT_NOTIFICATIONS = new Set([
  'new_comment',
  'new_comment_reply',
  'new_comment_mention',
  'others_comments',
  'new_comment_watcher_notification',
]);

/**
 * The memo change a socket message reports: a `memo_changed`, or a live notification about
 * a comment, which the server sends its recipients instead of a `memo_changed` 'comment'
 * for that memo (one message per person on a fan-out to thousands).
 */
export function memoChangeOf(message: SocketMessage): MemoChangedMessage | null {
  if (message.message_type === 'memo_changed') {
    return typeof message.memo_id === 'number' && typeof message.change === 'string'
      ? (message as MemoChangedMessage)
      : null;
  }
  if (message.message_type !== 'notification') return null;
  const notification = message.notification as
    { type?: unknown; memo?: { id?: unknown } | null } | undefined;
  const memoId = notification?.memo?.id;
  if (typeof notification?.type !== 'string' || !COMMENT_NOTIFICATIONS.has(notification.type)) {
    return null;
  }
  if (typeof memoId !== 'number') return null;
  return { message_type: 'memo_changed', memo_id: memoId, change: 'comment' };
}
