import { iri, type MemoReaction, type ReactionType } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { isoTime, readCount } from '../../db/dialect.js';
import { recordActivity } from '../../events/activity.js';
import { ApiError, notFound } from '../../http/errors.js';
import { blockedBetween } from '../audience/index.js';
import { announceMemoChange, loadEngagementMemo } from '../comments/index.js';
import { sql, type SqlBool } from 'kysely';
import { isDuplicate } from '../../db/errors.js';
import { loadPeople, summaryOf } from '../users/people.js';

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
 * Reactions on memos (spec part 1 §4 Reaction): one per person per memo; setting another
 * type moves it (its count goes up, the previous one's down); removed by id. Seen and
 * given by the author's connections and followers, when the author allows reactions.
 */
export function createReactionService(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  async function countsOf(memoId: number): Promise<Record<string, number>> {
    const rows = await db
      .selectFrom('memo_reactions')
      .select(['reaction_type', (eb) => eb.fn.countAll().as('n')])
      .where('memo_id', '=', memoId)
      .groupBy('reaction_type')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.reaction_type, readCount(row.n)]));
  }

  return {
    async react(viewerId: number, memoId: number, type: ReactionType): Promise<ReactionAnswer> {
      const memo = await loadEngagementMemo(db, dialect, { userId: viewerId }, memoId);
      if (!memo.reactionsAllowed) throw new ApiError(403, 'reaction.notAllowed');
      const write = () =>
        db.transaction().execute(async (trx) => {
          const now = dialect.time(new Date());
          const existing = await trx
            .selectFrom('memo_reactions')
            .select(['id', 'reaction_type'])
            .where('memo_id', '=', memo.id)
            .where('user_id', '=', viewerId)
            .executeTakeFirst();
          if (existing) {
            if (existing.reaction_type !== type) {
              await trx
                .updateTable('memo_reactions')
                .set({ reaction_type: type, updated_at: now })
                .where('id', '=', existing.id)
                .execute();
            }
            return { id: existing.id, events: [] };
          }
          const row = await trx
            .insertInto('memo_reactions')
            .values({
              memo_id: memo.id,
              user_id: viewerId,
              reaction_type: type,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const eventIds: number[] = [];
          if (memo.authorId !== viewerId) {
            eventIds.push(
              await recordActivity(trx, {
                type: 'new_reaction',
                actorUserId: viewerId,
                recipientUserId: memo.authorId,
                memoId: memo.id,
                payload: { reaction_id: row.id, reaction_type: type },
              }),
            );
          }
          return { id: row.id, events: eventIds };
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
      const row = await db
        .selectFrom('memo_reactions')
        .select(['id', 'memo_id'])
        .where('id', '=', id)
        .where('user_id', '=', viewerId)
        .executeTakeFirst();
      if (!row) throw reactionNotFound();
      await db.deleteFrom('memo_reactions').where('id', '=', row.id).execute();
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
      const notBlocked = sql<SqlBool>`not ${blockedBetween(sql.ref('r.user_id'), v)}`;
      const base = db
        .selectFrom('memo_reactions as r')
        .where('r.memo_id', '=', memo.id)
        .where(notBlocked);
      const [rows, count] = await Promise.all([
        base
          .select(['r.id', 'r.user_id', 'r.reaction_type', 'r.created_at'])
          .orderBy('r.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      ]);
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
      return { members, total: readCount(count?.n) };
    },
  };
}

export type ReactionService = ReturnType<typeof createReactionService>;
