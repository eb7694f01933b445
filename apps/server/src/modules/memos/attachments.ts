import type { Attachment } from '@memoria/domain';
import type { Viewer } from '../audience/index.js';
import type { MediaService } from '../media/index.js';

/** A memo's files, by kind, in their order. */
export interface MemoAttachments {
  memo_photos: Attachment[];
  memo_videos: Attachment[];
  memo_documents: Attachment[];
}

export const NO_ATTACHMENTS: MemoAttachments = Object.freeze({
  memo_photos: [],
  memo_videos: [],
  memo_documents: [],
}) as MemoAttachments;

/**
 * What memos need of the media module: a page's files, and, inside the transaction that
 * deletes memos, marking theirs deleted (storage given back, files removed after commit).
 */
export type MemoMedia = Pick<
  MediaService,
  'loadAttachmentsForMemos' | 'deleteMemoAttachments' | 'attachToMemo'
>;

/**
 * The attachments of a page of memos the viewer may read, in ONE query for all `memoIds`
 * (lists allow at most five queries per request), with URLs signed for the viewer. A memo
 * missing from the map has none (NO_ATTACHMENTS).
 */
export async function loadMemoAttachments(
  media: MemoMedia,
  viewer: Viewer,
  memoIds: number[],
): Promise<Map<number, MemoAttachments>> {
  const files = new Map<number, MemoAttachments>();
  if (memoIds.length === 0) return files;
  const lists = await media.loadAttachmentsForMemos(memoIds, viewer);
  const of = (memoId: number): MemoAttachments => {
    let entry = files.get(memoId);
    if (!entry) {
      entry = { memo_photos: [], memo_videos: [], memo_documents: [] };
      files.set(memoId, entry);
    }
    return entry;
  };
  for (const [memoId, photos] of lists.photos) of(memoId).memo_photos = photos;
  for (const [memoId, videos] of lists.videos) of(memoId).memo_videos = videos;
  for (const [memoId, documents] of lists.documents) of(memoId).memo_documents = documents;
  return files;
}
