import type { Attachment } from '@memoria/domain';
import type { Viewer } from '../audience/index.js';
import type { Db } from './store.js';

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
 * JOIN POINT for the media module: the attachments of a page of memos, loaded in ONE
 * query for all `memoIds` (lists allow at most five queries per request). Until media
 * lands every memo answers empty lists; media replaces this body (keeping the signature)
 * and may use the viewer for secure URLs.
 */
export async function loadMemoAttachments(
  _db: Db,
  _viewer: Viewer,
  _memoIds: number[],
): Promise<Map<number, MemoAttachments>> {
  // A memo missing from the map answers NO_ATTACHMENTS.
  return new Map();
}
