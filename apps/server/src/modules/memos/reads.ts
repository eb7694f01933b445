import type { Memo } from '@memoria/domain';
import { readBool, readCount } from '../../db/dialect.js';
import type { Database } from '../../db/database.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Viewer } from '../audience/index.js';
import { loadMemoAttachments, type MemoMedia } from './attachments.js';
import { loadPageDetails } from './children-store.js';
import { createQueryCache } from './query-cache.js';
import { presentMemo, type PresentContext } from './present.js';
import {
  collectionPage,
  countCollectionMemos,
  countUserMemos,
  userPage,
  type ListQuery,
} from './list-store.js';
import {
  findAuthorAccess,
  findCollectionAccess,
  findMemo,
  findVisibleMemos,
  type MemoRow,
  type SingleRow,
} from './store.js';

export interface MemoPage {
  members: Memo[];
  total: number;
}

const accessDenied = () => new ApiError(403, 'error.accessDenied');

/** Lists never open memos through a memo's own secret link: it opens that memo alone. */
const listViewer = (viewer: Viewer): Viewer => ({ ...viewer, memoSecret: null });

export function createMemoReads(database: Database, media: MemoMedia) {
  const { db, dialect } = database;
  /** The hot reads are built once per shape for this database (query-cache.ts). */
  const cache = createQueryCache(db);

  /**
   * The memo when the viewer may read it. 404 when it does not exist, when the viewer and
   * its author blocked each other, or when it is scheduled and not theirs; 403 when it
   * exists but the viewer is not in its audience.
   */
  async function loadVisible(viewer: Viewer, id: number): Promise<SingleRow> {
    const row = await findMemo(cache, db, dialect, viewer, id);
    if (!row || readBool(row.blocked)) throw notFound('memo.notFound');
    if (Number(row.visible) === 1) return row;
    if (row.status === 'scheduled') throw notFound('memo.notFound');
    throw accessDenied();
  }

  /**
   * Memo answers for rows the viewer may read: two more queries whatever their number
   * (todos, tags, reaction counts and collections; attachments).
   */
  async function present(
    viewer: Viewer,
    rows: Array<MemoRow & { list_sequence?: number | null }>,
    collectionId?: string | null,
  ): Promise<Memo[]> {
    const ids = rows.map((r) => r.id);
    const [{ children, refs }, attachments] = await Promise.all([
      loadPageDetails(cache, db, dialect, viewer, ids),
      loadMemoAttachments(media, viewer, ids),
    ]);
    // one context for the page, its list position set per memo: no object per memo for it
    const context: PresentContext = {
      viewerId: viewer.userId,
      presentedRefs: new Map(),
      children,
      refs,
      attachments,
      collectionId,
      listSequence: null,
    };
    return rows.map((row) => {
      context.listSequence = row.list_sequence;
      return presentMemo(row, context);
    });
  }

  async function read(viewer: Viewer, id: number, collectionId?: string | null): Promise<Memo> {
    const row = await loadVisible(viewer, id);
    const [memo] = await present(viewer, [row], collectionId);
    return memo as Memo;
  }

  /** Memos by user `authorId` the viewer may read, newest first (own: scheduled too). */
  async function listByUser(viewer: Viewer, authorId: number, q: ListQuery): Promise<MemoPage> {
    const lv = listViewer(viewer);
    const rows = await userPage(cache, db, dialect, lv, authorId, q);
    if (rows.length === 0) {
      const author = await findAuthorAccess(db, lv, authorId);
      if (!author || readBool(author.blocked)) throw notFound('memo.userNotFound');
      const total =
        q.withTotal && q.offset > 0 ? await countUserMemos(db, dialect, lv, authorId, q.search) : 0;
      return { members: [], total };
    }
    return { members: await present(lv, rows), total: readCount(rows[0]?.total) };
  }

  /** Memos of a collection the viewer may read: pinned first, then newest. */
  async function listByCollection(
    viewer: Viewer,
    collectionId: string,
    q: ListQuery,
  ): Promise<MemoPage> {
    const lv = listViewer(viewer);
    const rows = await collectionPage(cache, db, dialect, lv, collectionId, q);
    if (rows.length === 0) {
      const collection = await findCollectionAccess(db, dialect, lv, collectionId);
      if (!collection || readBool(collection.blocked)) throw notFound('memo.collectionNotFound');
      if (Number(collection.visible) !== 1) throw accessDenied();
      const total =
        q.withTotal && q.offset > 0
          ? await countCollectionMemos(db, dialect, lv, collectionId, q.search)
          : 0;
      return { members: [], total };
    }
    return {
      members: await present(lv, rows, collectionId),
      total: readCount(rows[0]?.total),
    };
  }

  /**
   * Memo answers for a page of ids chosen elsewhere (feed, discover), in that order; ids
   * the viewer may not read are left out. Three queries whatever the number of ids.
   */
  async function presentIds(viewer: Viewer, ids: number[]): Promise<Memo[]> {
    const rows = await findVisibleMemos(cache, db, dialect, viewer, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = ids.flatMap((id) => byId.get(id) ?? []);
    return present(viewer, ordered);
  }

  return { loadVisible, present, presentIds, read, listByUser, listByCollection };
}

export type MemoReads = ReturnType<typeof createMemoReads>;
