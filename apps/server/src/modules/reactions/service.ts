import { iri, type MemoReaction, type ReactionType } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { isoTime } from '../../db/dialect.js';
import { recordActivity } from '../../events/activity.js';
import { ApiError, notFound } from '../../http/errors.js';
import { announceMemoChange, loadEngagementMemo } from '../comments/index.js';
import { isDuplicate } from '../../db/errors.js';
import { loadPeople, summaryOf } from '../users/people.js';
import {
  deleteReaction,
  findOwnReaction,
  findReactionBy,
  insertReaction,
  listReactions,
  reactionCounts,
  setReactionType,
} from './store.js';

const reactionIri = (id: number) => `/api/memo/reaction/${id}`;
const reactionNotFound = () => notFound('reaction.notFound');

export interface ReactionAnswer {
  id: number;
  '@id': string;
  memo: string;
  reaction_type: ReactionType;
  /** the memo's counts per type after the change */
  reactions: Record<string, number>;
}

/**
 * Reactions on memos (docs/DOMAIN.md, States: Reaction): one per person per memo; setting another
 * type moves it (its count goes up, the previous one's down); removed by id. Seen and
 * given by the author's connections and followers, when the author allows reactions.
 */
export function createReactionService(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  const countsOf = (memoId: number) => reactionCounts(db, memoId);

  return {
    async react(viewerId: number, memoId: number, type: ReactionType): Promise<ReactionAnswer> {
      const memo = await loadEngagementMemo(db, dialect, { userId: viewerId }, memoId);
      if (!memo.reactionsAllowed) throw new ApiError(403, 'reaction.notAllowed');
      const write = () =>
        db.transaction().execute(async (trx) => {
          const now = new Date();
          const existing = await findOwnReaction(trx, memo.id, viewerId);
          if (existing) {
            if (existing.reaction_type !== type) {
              await setReactionType(trx, dialect, existing.id, type, now);
            }
            return { id: existing.id, events: [] };
          }
          const id = await insertReaction(trx, dialect, {
            memoId: memo.id,
            userId: viewerId,
            type,
            at: now,
          });
          const eventIds: number[] = [];
          if (memo.authorId !== viewerId) {
            eventIds.push(
              await recordActivity(trx, {
                type: 'new_reaction',
                actorUserId: viewerId,
                recipientUserId: memo.authorId,
                memoId: memo.id,
                payload: { reaction_id: id, reaction_type: type },
              }),
            );
          }
          return { id, events: eventIds };
        });
      let written;
      try {
        written = await write();
      } catch (error) {
        // the same person reacting twice at once: the second finds the first and moves it
        if (!isDuplicate(error)) throw error;
        written = await write();
      }
      const { id, events } = written;
      ctx.activity.dispatch(events);
      await announceMemoChange(ctx, memo.id, 'reaction', viewerId);
      return {
        id,
        '@id': reactionIri(id),
        memo: iri('memo', memo.id),
        reaction_type: type,
        reactions: await countsOf(memo.id),
      };
    },

    /** Removes the viewer's own reaction. */
    async remove(viewerId: number, id: number): Promise<void> {
      const row = await findReactionBy(db, id, viewerId);
      if (!row) throw reactionNotFound();
      await deleteReaction(db, row.id);
      await announceMemoChange(ctx, row.memo_id, 'reaction', viewerId);
    },

    /** Who reacted to a memo and how, newest first (people blocked either way left out). */
    async list(
      viewerId: number | null,
      memoId: number,
      page: { limit: number; offset: number },
    ): Promise<{ members: MemoReaction[]; total: number }> {
      const memo = await loadEngagementMemo(db, dialect, { userId: viewerId }, memoId);
      const v = viewerId as number;
      const { rows, total } = await listReactions(db, memo.id, v, page);
      const people = await loadPeople(
        db,
        rows.map((r) => r.user_id),
      );
      const members = rows.flatMap((row) => {
        const person = people.get(row.user_id);
        if (!person) return [];
        return [
          {
            id: row.id,
            '@id': reactionIri(row.id),
            memo: iri('memo', memo.id),
            reaction_type: row.reaction_type as ReactionType,
            user: summaryOf(person),
            createdAt: isoTime(row.created_at) ?? '',
          },
        ];
      });
      return { members, total };
    },
  };
}

export type ReactionService = ReturnType<typeof createReactionService>;
