import { isLocale, type Locale } from '@memoria/domain';
import type { NotificationAnswer } from './present.js';
import { SENTENCES } from './sentences.js';

/** The sentence of a notification in `locale` (push and e-mail texts). */
export function sentenceOf(n: NotificationAnswer, locale: string): string {
  const own: Locale = isLocale(locale) ? locale : 'en';
  const texts = SENTENCES[own];
  if (n.type === 'system_notification' && n.system_notification) {
    return n.system_notification.title || n.system_notification.description || texts.fallback!;
  }
  const key =
    texts[n.type] !== undefined
      ? n.type
      : n.type.includes('_connection')
        ? 'other_connection'
        : 'fallback';
  const values: Record<string, string> = {
    actor: n.from_user?.name ?? texts.someone!,
    memo: n.memo?.title || texts.deleted_memo!,
    collection: n.collection?.name ?? texts.deleted_collection!,
  };
  return texts[key]!.replace(/\{(actor|memo|collection)\}/g, (_, name: string) => values[name]!);
}

/** Where a notification leads in the web app (the same routes the list links to). */
export function pathOf(n: NotificationAnswer): string {
  if (n.type === 'system_notification') return n.system_notification?.url || '/';
  if (n.type === 'data_export_ready') return '/account-settings#data-export';
  if (n.type.startsWith('subscription_')) return '/account-settings/subscriptions';
  if (n.memo) return `/memo/${n.memo.id}`;
  if (n.collection) return `/collections/${n.collection.id}`;
  if (n.type === 'new_follower' && n.from_user) return `/profile/${n.from_user.id}`;
  if (n.type === 'new_connection') return '/connections?status=income';
  if (n.type.includes('_connection')) return '/connections';
  if (n.thread) return `/messages/t/${n.thread.id}`;
  if (n.from_user) return `/profile/${n.from_user.id}`;
  return '/';
}
