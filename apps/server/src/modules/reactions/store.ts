import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ReactionType } from '@memoria/domain';
import type { DatabaseSchema } from '../../db/schema.js';
import { readCount, type DialectHelpers } from '../../db/dialect.js';
import { blockedBetween } from '../audience/index.js';
import { queryCacheOf } from '../../db/query-cache.js';

type Db = Kysely<DatabaseSchema>;

/** A memo's reaction counts by type (built once and prepared: every reaction asks). */
export async function reactionCounts(db: Db, memoId: number): Promise<Record<string, number>> {
  const rows = await queryCacheOf(db).rows(
    'reaction-counts',
    [memoId],
    (slots) =>
      db
        .selectFrom('memo_reactions')
        .select(['reaction_type', (eb) => eb.fn.countAll().as('n')])
        .where('memo_id', '=', slots[0] as number)
        .groupBy('reaction_type'),
    { prepared: true },
  );
  return Object.fromEntries(rows.map((row) => [row.reaction_type, readCount(row.n)]));
}

/** The person's reaction to the memo, if any (built once and prepared: every reaction asks). */
export async function findOwnReaction(db: Db, memoId: number, userId: number) {
  const [row] = await queryCacheOf(db).rows(
    'own-reaction',
    [memoId, userId],
    (slots) =>
      db
        .selectFrom('memo_reactions')
        .select(['id', 'reaction_type'])
        .where('memo_id', '=', slots[0] as number)
        .where('user_id', '=', slots[1] as number),
    { prepared: true },
  );
  return row;
}

export async function setReactionType(
  db: Db,
  d: DialectHelpers,
  id: number,
  type: ReactionType,
  at: Date,
): Promise<void> {
  await db
    .updateTable('memo_reactions')
    .set({ reaction_type: type, updated_at: d.time(at) })
    .where('id', '=', id)
    .execute();
}

export async function insertReaction(
  db: Db,
  d: DialectHelpers,
  reaction: { memoId: number; userId: number; type: ReactionType; at: Date },
): Promise<number> {
  const now = d.time(reaction.at);
  const row = await db
    .insertInto('memo_reactions')
    .values({
      memo_id: reaction.memoId,
      user_id: reaction.userId,
      reaction_type: reaction.type,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A reaction of `userId` by id (people remove only their own). */
export function findReactionBy(db: Db, id: number, userId: number) {
  return db
    .selectFrom('memo_reactions')
    .select(['id', 'memo_id'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function deleteReaction(db: Db, id: number): Promise<void> {
  await db.deleteFrom('memo_reactions').where('id', '=', id).execute();
}

/** One page of a memo's reactions, newest first, without people blocked either way. */
export async function listReactions(
  db: Db,
  memoId: number,
  viewerId: number,
  page: { limit: number; offset: number },
) {
  const notBlocked = sql<SqlBool>`not ${blockedBetween(sql.ref('r.user_id'), viewerId)}`;
  const base = db
    .selectFrom('memo_reactions as r')
    .where('r.memo_id', '=', memoId)
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
  return { rows, total: readCount(count?.n) };
}
