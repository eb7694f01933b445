import { iri } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { readBool } from '../../db/dialect.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Viewer } from '../audience/index.js';
import { collectionNotFound, isCollectionId, loadCollectionForViewer } from './access.js';
import {
  deleteMute,
  deleteWatcher,
  findMemoForViewer,
  findMute,
  findMuteById,
  insertMemoWatcher,
  insertMute,
  insertWatcher,
  type WatchKind,
} from './relations-store.js';

export interface MuteAnswer {
  id: number;
  collection: string;
}

export interface WatchAnswer {
  id: number;
  collection?: string;
  memo?: string;
  notify_me: boolean;
}

/**
 * What a reader does with a collection for themselves: mute it (its memos are hidden in
 * their lists), watch its new content, watch its comments; and comment watching of memos.
 */
export function createCollectionFollowService(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const database = ctx.database;

  /** The collection exists and the viewer has not been blocked by its owner (or blocked them). */
  async function existingFor(viewer: Viewer, id: string): Promise<string> {
    if (!isCollectionId(id)) throw collectionNotFound();
    try {
      return (await loadCollectionForViewer(database, id, viewer)).id;
    } catch (error) {
      // Leaving a collection one no longer sees is allowed: only unknown or blocked is refused.
      if (error instanceof ApiError && error.status === 403) return id;
      throw error;
    }
  }

  async function watch(viewer: Viewer & { userId: number }, id: string, kind: WatchKind) {
    const row = await loadCollectionForViewer(database, id, viewer);
    const watcherId = await insertWatcher(db, dialect, viewer.userId, row.id, kind);
    return { id: watcherId, collection: iri('collection', row.id), notify_me: true };
  }

  return {
    async mute(viewer: Viewer & { userId: number }, id: string): Promise<MuteAnswer> {
      const row = await loadCollectionForViewer(database, id, viewer);
      const mute = await insertMute(db, dialect, viewer.userId, row.id);
      return { id: mute.id, collection: iri('collection', mute.collection_id) };
    },

    /** `id` is the mute row id or the collection id. */
    async unmute(viewer: Viewer & { userId: number }, id: string): Promise<void> {
      const mute = /^\d{1,10}$/.test(id)
        ? await findMuteById(db, viewer.userId, Number(id))
        : isCollectionId(id)
          ? await findMute(db, viewer.userId, id)
          : undefined;
      if (!mute) throw collectionNotFound();
      await deleteMute(db, viewer.userId, mute.id);
    },

    watchContent(viewer: Viewer & { userId: number }, id: string): Promise<WatchAnswer> {
      return watch(viewer, id, 'content');
    },

    async unwatch(viewer: Viewer & { userId: number }, id: string, kind: WatchKind) {
      const collectionId = await existingFor(viewer, id);
      await deleteWatcher(db, viewer.userId, collectionId, kind);
    },

    watchCollectionComments(viewer: Viewer & { userId: number }, id: string) {
      return watch(viewer, id, 'comment');
    },

    /** Comment watching of a memo the viewer may read. */
    async watchMemoComments(
      viewer: Viewer & { userId: number },
      memoId: number,
    ): Promise<WatchAnswer> {
      const memo = await findMemoForViewer(db, dialect, memoId, viewer);
      if (!memo || readBool(memo.blocked)) throw notFound();
      if (!readBool(memo.visible)) throw new ApiError(403, 'error.accessDenied');
      const watcherId = await insertMemoWatcher(db, dialect, viewer.userId, memo.id);
      return { id: watcherId, memo: iri('memo', memo.id), notify_me: true };
    },
  };
}

export type CollectionFollowService = ReturnType<typeof createCollectionFollowService>;
