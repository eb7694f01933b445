import {
  commentsVerifiedOnly,
  isMemoOwner,
  type MemoComment,
  type UserSummary,
} from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { readBool } from '../../db/dialect.js';
import { writeActivities, type ActivityEvent, type WrittenEvent } from '../../events/activity.js';
import { ApiError, notFound, violation } from '../../http/errors.js';
import { loadEngagementMemo, type EngagementMemo } from './access.js';
import { engagedAudience, mentionablePeople } from './audience-store.js';
import { announceMemoChange } from './announce.js';
import { resolveMentions } from './mentions.js';
import { mentionIds, peopleOf, presentComment } from './present.js';
import {
  commentWatchers,
  deleteComment,
  earlierCommenters,
  findComment,
  insertComment,
  listComments,
  updateComment,
  type CommentRow,
  findMemoAuthor,
} from './store.js';
import { loadPeople, summaryOf } from '../users/people.js';

const commentNotFound = () => notFound('comment.notFound');

/**
 * Comments on memos (docs/API.md, Calls; docs/RULES.md, Comments and reactions): written and read
 * by the author and the author's connections and followers who may read the memo, following the
 * author's flags; one level of replies; @mentions; notifications for the right people.
 */
export function createCommentService(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  function mayWrite(memo: EngagementMemo, viewerId: number): void {
    if (!memo.commentsAllowed) throw new ApiError(403, 'comment.notAllowed');
    const verifiedOnly = commentsVerifiedOnly({
      isAuthor: isMemoOwner(memo.authorId, viewerId),
      authorRequiresIdentification: memo.requiresIdentification,
      viewerIdentified: memo.viewerIdentified,
    });
    if (verifiedOnly) {
      throw new ApiError(403, 'comment.verifiedOnly');
    }
  }

  async function present(viewerId: number, memo: { authorId: number }, rows: CommentRow[]) {
    const people = await loadPeople(db, peopleOf(rows));
    return rows.map((row) => presentComment(row, people, viewerId, memo.authorId));
  }

  async function presentOne(viewerId: number, authorId: number, id: number) {
    const row = await findComment(db, viewerId, id);
    if (!row) throw commentNotFound();
    const [comment] = await present(viewerId, { authorId }, [row]);
    return comment as MemoComment;
  }

  /**
   * The notifications of a new comment, one per person, the most specific kind winning:
   * a mention, a reply to their comment, a comment on their memo, a watched memo, a memo
   * they commented on. Only people who may see the comment; never the writer.
   */
  async function recipients(
    trx: typeof db,
    memo: EngagementMemo,
    writerId: number,
    parentAuthorId: number | null,
    mentioned: number[],
  ): Promise<Map<number, string>> {
    const [watchers, commenters] = await Promise.all([
      commentWatchers(trx, memo.id),
      earlierCommenters(trx, memo.id),
    ]);
    const wanted = new Map<number, string>();
    const add = (ids: Iterable<number>, type: string) => {
      for (const id of ids) if (!wanted.has(id)) wanted.set(id, type);
    };
    add(mentioned, 'new_comment_mention');
    if (parentAuthorId !== null) add([parentAuthorId], 'new_comment_reply');
    add([memo.authorId], 'new_comment');
    add(watchers, 'new_comment_watcher_notification');
    add(commenters, 'others_comments');
    const allowed = new Set(await engagedAudience(trx, dialect, memo.id, wanted.keys(), writerId));
    return new Map([...wanted].filter(([id]) => allowed.has(id)));
  }

  /** One event per recipient, written in batches (a comment may reach thousands). */
  function record(
    trx: typeof db,
    memoId: number,
    writerId: number,
    commentId: number,
    parentId: number | null,
    who: Map<number, string>,
  ): Promise<WrittenEvent[]> {
    const events: ActivityEvent[] = [...who].map(([recipient, type]) => ({
      type,
      actorUserId: writerId,
      recipientUserId: recipient,
      memoId,
      payload: { comment_id: commentId, parent_id: parentId },
    }));
    return writeActivities(trx, events);
  }

  return {
    async create(
      viewerId: number,
      body: { memoId: number; description: string; parentId: number | null },
    ): Promise<MemoComment> {
      const memo = await loadEngagementMemo(db, dialect, { userId: viewerId }, body.memoId);
      mayWrite(memo, viewerId);
      let parent: CommentRow | undefined;
      if (body.parentId !== null) {
        const found = await findComment(db, viewerId, body.parentId);
        if (!found || found.memo_id !== memo.id || readBool(found.blocked)) {
          throw violation('parent', 'comment.parentNotFound');
        }
        parent = found;
      }
      // Replies stay one level deep: an answer to a reply joins that reply's thread.
      const threadId = parent ? (parent.parent_id ?? parent.id) : null;
      const { text, mentions } = await resolveMentions(db, viewerId, body.description);
      const { id, events } = await db.transaction().execute(async (trx) => {
        const who = await recipients(trx, memo, viewerId, parent?.user_id ?? null, mentions);
        const commentId = await insertComment(trx, dialect, {
          memoId: memo.id,
          userId: viewerId,
          parentId: threadId,
          description: text,
          mentions,
        });
        const written = await record(trx, memo.id, viewerId, commentId, threadId, who);
        return { id: commentId, events: written };
      });
      // The notifications go out first; memo_changed only to the others who may see the
      // comments, and neither holds up the answer.
      ctx.activity.dispatch(
        events.map((event) => event.id),
        (told) => announceMemoChange(ctx, memo.id, 'comment', viewerId, told),
        events,
      );
      return presentOne(viewerId, memo.authorId, id);
    },

    /** `viewerId` null (a visitor) is answered like anyone outside the author's circle. */
    async list(viewerId: number | null, memoId: number, page: { limit: number; offset: number }) {
      const memo = await loadEngagementMemo(db, dialect, { userId: viewerId }, memoId);
      if (viewerId === null) throw new ApiError(403, 'comment.onlyConnections');
      const { rows, total } = await listComments(
        db,
        viewerId,
        { memoId: memo.id, parentId: null },
        page,
      );
      return { members: await present(viewerId, memo, rows), total };
    },

    async replies(
      viewerId: number | null,
      commentId: number,
      page: { limit: number; offset: number },
    ) {
      if (viewerId === null) {
        const row = await findComment(db, 0, commentId);
        if (!row) throw commentNotFound();
        await loadEngagementMemo(db, dialect, { userId: null }, row.memo_id);
        throw new ApiError(403, 'comment.onlyConnections');
      }
      const parent = await findComment(db, viewerId, commentId);
      if (!parent || readBool(parent.blocked)) throw commentNotFound();
      const memo = await loadEngagementMemo(db, dialect, { userId: viewerId }, parent.memo_id);
      const { rows, total } = await listComments(db, viewerId, { parentId: parent.id }, page);
      return { members: await present(viewerId, memo, rows), total };
    },

    /**
     * Whom the viewer may mention in a comment on this memo: their connections who see its
     * comments (the composer's suggestions). Asked like the comments list: visitors and
     * people outside the author's circle are refused.
     */
    async mentionable(
      viewerId: number,
      memoId: number,
      page: { search?: string; limit: number; offset: number },
    ): Promise<{ members: UserSummary[]; total: number }> {
      const memo = await loadEngagementMemo(db, dialect, { userId: viewerId }, memoId);
      const { ids, total } = await mentionablePeople(db, dialect, memo.id, viewerId, page);
      const people = await loadPeople(db, ids);
      const members = ids.flatMap((id) => {
        const person = people.get(id);
        return person ? [summaryOf(person)] : [];
      });
      return { members, total };
    },

    /** The writer of a comment changes its text; newly mentioned people are told. */
    async edit(viewerId: number, id: number, description: string): Promise<MemoComment> {
      const row = await findComment(db, viewerId, id);
      if (!row || readBool(row.blocked)) throw commentNotFound();
      const memo = await loadEngagementMemo(db, dialect, { userId: viewerId }, row.memo_id);
      if (row.user_id !== viewerId) throw new ApiError(403, 'error.forbidden');
      mayWrite(memo, viewerId);
      const before = new Set(mentionIds(row));
      const { text, mentions } = await resolveMentions(db, viewerId, description);
      const added = mentions.filter((m) => !before.has(m));
      const events = await db.transaction().execute(async (trx) => {
        await updateComment(trx, dialect, row.id, text, mentions);
        const allowed = await engagedAudience(trx, dialect, memo.id, added, viewerId);
        const who = new Map(allowed.map((user) => [user, 'new_comment_mention']));
        return record(trx, memo.id, viewerId, row.id, row.parent_id, who);
      });
      ctx.activity.dispatch(
        events.map((event) => event.id),
        (told) => announceMemoChange(ctx, memo.id, 'comment', viewerId, told),
        events,
      );
      return presentOne(viewerId, memo.authorId, row.id);
    },

    /** The writer of a comment, or the memo's author, deletes it (with its replies). */
    async remove(viewerId: number, id: number): Promise<void> {
      const row = await findComment(db, viewerId, id);
      if (!row || readBool(row.blocked)) throw commentNotFound();
      const memo = await findMemoAuthor(db, row.memo_id);
      if (!memo) throw commentNotFound();
      if (row.user_id !== viewerId && memo.user_id !== viewerId) {
        // others learn no more than the memo reads would tell them
        await loadEngagementMemo(db, dialect, { userId: viewerId }, memo.id);
        throw new ApiError(403, 'error.forbidden');
      }
      await db.transaction().execute((trx) => deleteComment(trx, memo.id, row.id));
      await announceMemoChange(ctx, memo.id, 'comment', viewerId);
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
