import { randomBytes } from 'node:crypto';
import type { Memo, MemoTodo } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { readBool, readTime } from '../../db/dialect.js';
import { ApiError, forbidden, notFound, violation } from '../../http/errors.js';
import { loadChildren } from './children-store.js';
import type { MemoEvents } from './events.js';
import { assertWritable, collectionIdOf } from './links.js';
import { presentTodo } from './present.js';
import type { MemoReads } from './reads.js';
import { isHeader, findTodoForToggle, replaceTodos, setTodoClosed } from './todo-store.js';
import {
  addLink,
  firstOwnCollection,
  insertMemo,
  memoLinks,
  nameOf,
  replaceTags,
  secretTokenOf,
  setPinned,
  setSecretToken,
  setWatching,
} from './write-store.js';
import { searchTextOf } from './sanitize.js';
import { createMemoChangeNotices } from '../../realtime/memo-changes.js';
import { transaction } from '../../events/index.js';

/** Pin, todo ticks, copy, the memo's secret link, comment watching. */
export function createMemoActions(ctx: AppContext, reads: MemoReads, events: MemoEvents) {
  const { db, dialect: d } = ctx.database;
  const notices = createMemoChangeNotices(ctx);

  /**
   * Pins (or unpins) the memo in a collection: the one named, else the viewer's own
   * collection holding it, else the first they may add to. The memo's author, or the
   * collection's owner, may do it where they may add memos.
   */
  async function pin(
    viewerId: number,
    id: number,
    collectionId: string | undefined,
    pinned: boolean,
  ): Promise<Memo> {
    const viewer = { userId: viewerId };
    const memo = await reads.loadVisible(viewer, id);
    const links = (await memoLinks(db, d, viewer, id)).filter((l) => l.visible);
    const link = collectionId
      ? links.find((l) => l.collection_id === collectionId)
      : (links.find((l) => l.owner_id === viewerId) ?? links.find((l) => l.writable));
    if (!link) {
      if (collectionId) throw notFound('memo.notInCollection');
      throw forbidden();
    }
    if (!link.writable || (memo.user_id !== viewerId && link.owner_id !== viewerId)) {
      throw forbidden();
    }
    await db.transaction().execute((trx) => setPinned(trx, id, link.collection_id, pinned));
    return reads.read(viewer, id, link.collection_id);
  }

  /**
   * Ticks or unticks a todo. Its memo's author may always; others who may read the memo
   * when one of its collections shares the checklist (collaboration_on_checklist) and
   * they may add memos there.
   */
  async function toggleTodo(viewerId: number, todoId: number): Promise<MemoTodo> {
    const viewer = { userId: viewerId };
    const todo = await findTodoForToggle(db, d, viewer, todoId);
    if (!todo) throw notFound('memo.todoNotFound');
    const memo = await reads.loadVisible(viewer, todo.memo_id);
    if (memo.user_id !== viewerId && Number(todo.may_tick) !== 1) throw forbidden();
    if (isHeader(todo.description)) throw violation('closed', 'memo.todoIsHeader');
    const row = await setTodoClosed(db, d, todoId, !readBool(todo.closed), {
      id: viewerId,
      name: await nameOf(db, viewerId),
    });
    notices.changed(todo.memo_id, 'updated');
    return presentTodo(row);
  }

  /**
   * Copies a memo the viewer may read into their chosen collection, or their first own
   * one, when its author allows copies (or it is their own). Todos start open again.
   */
  async function copy(viewerId: number, id: number, target: unknown): Promise<Memo> {
    const viewer = { userId: viewerId };
    const source = await reads.loadVisible(viewer, id);
    if (source.user_id !== viewerId && !readBool(source.author_copy_allowed)) {
      throw new ApiError(403, 'memo.copyNotAllowed');
    }
    let collectionId: string | undefined;
    if (target !== undefined && target !== null) {
      collectionId = collectionIdOf(target);
      if (!collectionId) throw violation('collection', 'memo.collectionUnknown');
      await assertWritable(ctx.database, viewer, [collectionId], 'collection');
    } else {
      collectionId = await firstOwnCollection(db, viewerId);
      if (!collectionId) throw violation('collection', 'memo.collectionRequired');
    }
    const children = await loadChildren(db, [id]);
    const tags = children.tags.get(id) ?? [];
    const todos = (children.todos.get(id) ?? []).map((t) => ({
      description: t.description,
      closed: false,
    }));
    const now = new Date();
    const time = (value: unknown) => {
      const date = readTime(value);
      return date ? d.time(date) : null;
    };
    const copyId = await transaction(db, async (trx) => {
      const newId = await insertMemo(trx, {
        user_id: viewerId,
        title: source.title,
        description: source.description,
        search_text: searchTextOf(source.title, source.description, tags),
        location_latitude: source.location_latitude,
        location_longitude: source.location_longitude,
        location_zoom: source.location_zoom,
        location_description: source.location_description,
        date_event: time(source.date_event),
        date_todo_due: time(source.date_todo_due),
        memo_scheduled: null,
        status: 'published',
        published_at: d.time(now),
        notification_sent: d.bool(false),
        is_todo: d.bool(readBool(source.is_todo)),
        content_type: source.content_type,
        memo_type: source.memo_type,
        copied_from_id: id,
        created_at: d.time(now),
        updated_at: d.time(now),
      });
      await addLink(trx, d, newId, collectionId, false);
      await replaceTodos(trx, d, newId, todos, viewerId);
      await replaceTags(trx, newId, tags);
      await events.emitPublished({
        memoId: newId,
        authorId: viewerId,
        publishedAt: now,
        reason: 'copied',
        db: trx,
      });
      return newId;
    });
    return reads.read(viewer, copyId);
  }

  /** The memo's own secret link (smt), made on first use; refresh replaces it. Author only. */
  async function secretLink(viewerId: number, id: number, refresh: boolean) {
    const memo = await reads.loadVisible({ userId: viewerId }, id);
    if (memo.user_id !== viewerId) throw forbidden();
    let token = await secretTokenOf(db, id);
    if (!token || refresh) {
      token = randomBytes(24).toString('base64url');
      await setSecretToken(db, id, token);
    }
    return { secret_link: `${ctx.config.publicUrl}/p/memo/${id}?smt=${token}` };
  }

  /** The viewer stops watching comments on the memo (watching starts at /api/comment_watching). */
  async function unwatchComments(viewerId: number, id: number): Promise<void> {
    await reads.loadVisible({ userId: viewerId }, id);
    await setWatching(db, d, viewerId, id, false);
  }

  return { pin, toggleTodo, copy, secretLink, unwatchComments };
}

export type MemoActions = ReturnType<typeof createMemoActions>;
