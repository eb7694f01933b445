import { Suspense, lazy, type ComponentProps } from 'react';
import type { MemoAttachments as Component } from './memo-attachments';

const MemoAttachments = lazy(() =>
  import('./memo-attachments').then((m) => ({ default: m.MemoAttachments })),
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
  return (
    <Suspense fallback={null}>
      <MemoAttachments {...props} />
    </Suspense>
  );
}
