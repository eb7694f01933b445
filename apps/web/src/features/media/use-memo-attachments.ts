import type { Attachment, AttachmentKind, Memo } from '@memoria/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../api/client';
import { showApiError } from '../../ui/toasts';
import { visible } from './attachments';
import { useUploadQueue } from './use-upload-queue';

export interface AttachmentLists {
  memo_photos: number[];
  memo_videos: number[];
  memo_documents: number[];
}

const MEMO_KINDS: readonly AttachmentKind[] = ['photo', 'video', 'document'];

function initialOf(memo: Memo | undefined): Attachment[] {
  if (!memo) return [];
  return [
    ...visible(memo.memo_photos),
    ...visible(memo.memo_videos),
    ...visible(memo.memo_documents),
  ];
}

function listsOf(items: readonly Attachment[]): AttachmentLists {
  const ids = (kind: AttachmentKind) =>
    items.filter((item) => item.type === kind).map((item) => item.id);
  return { memo_photos: ids('photo'), memo_videos: ids('video'), memo_documents: ids('document') };
}

/**
 * The attachments of the memo being edited: what it has, plus new uploads (of an existing
 * memo they attach at once; of a new one on save). Photos can be reordered; removing one
 * deletes it on the server (marked deleted, storage freed). `lists()` goes into the save
 * body as memo_photos / memo_videos / memo_documents ids in order.
 */
export function useMemoAttachments(
  memo: Memo | undefined,
  dropped?: readonly { name: string; size: number; type: string }[],
) {
  const start = useMemo(() => initialOf(memo), [memo]);
  const [items, setItems] = useState<Attachment[]>(start);
  const queue = useUploadQueue({
    target: 'memo',
    allowed: MEMO_KINDS,
    memoId: memo?.id,
    onUploaded: (attachment) => setItems((current) => [...current, attachment]),
  });

  // Files dropped on the page arrive with the draft of a new memo.
  const droppedOnce = useRef(false);
  const { add } = queue;
  useEffect(() => {
    if (droppedOnce.current || !dropped) return;
    droppedOnce.current = true;
    const files = dropped.filter((file): file is File => file instanceof File);
    if (files.length > 0) add(files);
  }, [dropped, add]);

  const remove = useCallback(async (item: Attachment) => {
    try {
      await api.delete(`/api/memo/${item.type}/${item.id}`);
      setItems((current) => current.filter((entry) => entry.id !== item.id));
    } catch (error) {
      showApiError(error);
    }
  }, []);

  /** Moves a photo one place earlier (-1) or later (+1) among the photos. */
  const move = useCallback((item: Attachment, step: -1 | 1) => {
    setItems((current) => {
      const photos = current.filter((entry) => entry.type === 'photo');
      const from = photos.findIndex((entry) => entry.id === item.id);
      const to = from + step;
      if (from < 0 || to < 0 || to >= photos.length) return current;
      const reordered = [...photos];
      [reordered[from], reordered[to]] = [reordered[to]!, reordered[from]!];
      return [...reordered, ...current.filter((entry) => entry.type !== 'photo')];
    });
  }, []);

  const lists = useCallback(() => listsOf(items), [items]);
  const changed =
    queue.items.length > 0 || JSON.stringify(listsOf(items)) !== JSON.stringify(listsOf(start));

  return { items, queue, remove, move, lists, changed, busy: queue.busy };
}

export type MemoAttachmentsState = ReturnType<typeof useMemoAttachments>;
