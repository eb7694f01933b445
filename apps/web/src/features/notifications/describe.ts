import type { TFunction, TranslationKey } from '../../i18n';
import type { AppNotification } from './types';

const KNOWN = new Set([
  'new_memo_collaboration',
  'new_memo_for_follower',
  'new_collection',
  'new_collaboration',
  'new_follower',
  'decline_follower',
  'new_connection',
  'accepted_connection',
  'auto_accepted_connection',
  'new_comment',
  'new_comment_reply',
  'new_comment_mention',
  'others_comments',
  'new_comment_watcher_notification',
  'new_reaction',
  'new_document_added_to_memo',
  'document_replaced_in_memo',
  'new_delegation',
  'new_workspace_delegation',
  'delegation_revoked',
  'added_to_new_group_thread',
  'added_to_existing_group_thread',
  'added_to_direct_thread',
  'removed_from_thread',
  'data_export_ready',
  'call_started',
  'subscription_expiring',
  'subscription_expired',
  'subscription_cancelled',
  'subscription_renewed',
]);

/** The localized sentence of a notification (docs/DOMAIN.md, Entities). */
export function sentenceOf(t: TFunction, n: AppNotification): string {
  if (n.type === 'system_notification' && n.system_notification) {
    return n.system_notification.title || n.system_notification.description;
  }
  if (n.unavailable) return t('notifications.types.unavailable');
  const type = KNOWN.has(n.type)
    ? n.type
    : n.type.includes('_connection')
      ? 'other_connection'
      : 'fallback';
  return t(`notifications.types.${type}` as TranslationKey, {
    actor: n.from_user?.name ?? t('notifications.types.someone'),
    memo: n.memo?.title || t('notifications.types.deleted_memo'),
    collection: n.collection?.name ?? t('notifications.types.deleted_collection'),
  });
}

/**
 * The route a notification opens: its memo, collection, connections or the person; none
 * when what it is about is no longer visible to the reader.
 */
export function linkOf(n: AppNotification): string | null {
  if (n.unavailable) return n.memo ? `/memo/${n.memo.id}` : null;
  if (n.type === 'system_notification') {
    const url = n.system_notification?.url;
    return url && url.startsWith('/') && !url.startsWith('//') ? url : '/';
  }
  // the export section of the account settings (docs/RULES.md, The account)
  if (n.type === 'data_export_ready') return '/account-settings#data-export';
  if (n.type === 'call_started' && n.collection) {
    return `/meet?collection=${encodeURIComponent(n.collection.id)}`;
  }
  if (n.type.startsWith('subscription_')) return '/account-settings/subscriptions';
  if (n.memo) return `/memo/${n.memo.id}`;
  if (n.collection) return `/collections/${n.collection.id}`;
  if (n.type === 'new_follower' && n.from_user) return `/profile/${n.from_user.id}`;
  if (n.type === 'decline_follower') return '/connections/following';
  if (n.type === 'new_connection') return '/connections?status=income';
  if (n.type.includes('_connection')) return '/connections';
  if (n.type.includes('delegation')) return '/connections/delegations';
  if (n.thread) return `/messages/t/${n.thread.id}`;
  if (n.from_user) return `/profile/${n.from_user.id}`;
  return '/';
}
