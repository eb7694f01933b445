import { Suspense, lazy, type ComponentProps } from 'react';
import type { MemoAttachments as Component } from './memo-attachments';

let loaded: typeof Component | undefined;
let loading: Promise<typeof Component> | undefined;

/**
 * Fetches the attachments chunk; memo lists call it for a page with media before showing it,
 * so a card renders with its photo grid instead of growing when the grid arrives.
 */
export function preloadMemoAttachments(): Promise<typeof Component> {
  loading ??= import('./memo-attachments').then(
    (m) => (loaded = m.MemoAttachments),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const MemoAttachments = lazy(() =>
  preloadMemoAttachments().then((component) => ({ default: component })),
);

/**
 * The attachments of a memo card, loaded only for memos that have any: the grid, gallery
 * links and polling stay off the first screen of a list without media.
 */
export function MemoAttachmentsLazy(props: ComponentProps<typeof Component>) {
  const { memo } = props;
  if (memo.memo_photos.length + memo.memo_videos.length + memo.memo_documents.length === 0) {
    return null;
  }
  const Loaded = loaded;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <MemoAttachments {...props} />
    </Suspense>
  );
}
