import type { Memo } from '@memoria/domain';
import { lazy, memo, type ComponentType } from 'react';
import { loadNamespaces } from '../../i18n';
import { loadChunk } from '../../ui/lazy-page';
import { preloadMemoAttachments } from '../media/memo-attachments-lazy';
import type { MemoCardProps } from './memo-card';

/**
 * The memo card is a chunk of its own, fetched with the first page that has memos (an empty
 * list does not load it). The memo lists' query functions wait for it (and for the
 * attachments when a memo of the page has media) before they hand the page over, so the
 * cards render at once, at their size, instead of a skeleton that a card then pushes down
 * (docs/PERFORMANCE.md, Lighthouse).
 */
let loaded: ComponentType<MemoCardProps> | undefined;
let loading: Promise<ComponentType<MemoCardProps>> | undefined;

export function loadMemoCard(): Promise<ComponentType<MemoCardProps>> {
  loading ??= loadChunk(() =>
    Promise.all([import('./memo-card'), loadNamespaces('engagement', 'media')]),
  ).then(
    ([module]) => (loaded = module.MemoCard),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const hasMedia = (memo: Memo) =>
  memo.memo_photos.length + memo.memo_videos.length + memo.memo_documents.length > 0;

/** A page of memos, once what its cards need has loaded (a failure is left to the card). */
export async function withMemoCards<T extends { items: readonly Memo[] }>(page: T): Promise<T> {
  if (page.items.length === 0) return page;
  await Promise.all([
    loadMemoCard(),
    page.items.some(hasMedia) ? preloadMemoAttachments() : undefined,
  ]).catch(() => undefined);
  return page;
}

const Lazy = lazy(() => loadMemoCard().then((card) => ({ default: card })));

/**
 * The card: rendered directly once loaded, else suspending (wrap it in Suspense). Memoised:
 * a list renders again when its own state changes (the sentinel's intersection, the next
 * page's loading), and its cards need not (their memo objects stay the same until the memo
 * changes).
 */
export const MemoCardLazy = memo(function MemoCardLazy(props: MemoCardProps) {
  const Card = loaded;
  return Card ? <Card {...props} /> : <Lazy {...props} />;
});
