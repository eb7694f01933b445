import type { Kysely } from 'kysely';
import { queryCacheOf } from '../../db/query-cache.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';

type Db = Kysely<DatabaseSchema>;

/**
 * The e-mail digest of unread messages (docs/notes/messenger.md, Notifications): which
 * threads have messages that arrived while a member was offline, not read and not mailed yet.
 */

/** Notes that message `seq` of the thread reached these members with no open socket. */
export async function markArrivedOffline(
  db: Db,
  threadId: number,
  userIds: readonly number[],
  seq: number,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable('thread_members')
    .set({ offline_seq: seq })
    .where('thread_id', '=', threadId)
    .where('user_id', 'in', [...userIds])
    .where('offline_seq', '<', seq)
    .execute();
}

/**
 * The person's unmuted threads with a message that arrived offline after both what they
 * read and what a digest already reported; newest activity first, at most `limit`.
 */
export function threadsToMail(db: Db, d: DialectHelpers, userId: number, limit: number) {
  // built once and prepared (db/query-cache.ts): every message to someone offline asks
  return queryCacheOf(db).rows(
    'threads-to-mail',
    [userId, limit],
    (slots) =>
      db
        .selectFrom('thread_members as me')
        .innerJoin('threads as t', 't.id', 'me.thread_id')
        .select([
          't.id',
          't.name',
          't.thread_type',
          't.last_seq',
          'me.last_read_seq',
          'me.mailed_seq',
        ])
        .where('me.user_id', '=', slots[0] as number)
        .where('me.muted', '=', d.bool(false))
        .whereRef('me.offline_seq', '>', 'me.mailed_seq')
        .whereRef('me.offline_seq', '>', 'me.last_read_seq')
        .orderBy('t.last_activity_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(slots[1] as number),
    { prepared: true },
  );
}

/** Others' messages of a thread after `afterSeq` (not deleted): how many, and the newest. */
export async function unreadSince(db: Db, threadId: number, userId: number, afterSeq: number) {
  const base = db
    .selectFrom('thread_messages as m')
    .where('m.thread_id', '=', threadId)
    .where('m.seq', '>', afterSeq)
    .where('m.user_id', '<>', userId)
    .where('m.status', '<>', 'deleted');
  const [count, newest] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base
      .innerJoin('user_profiles as p', 'p.user_id', 'm.user_id')
      .select(['m.seq', 'm.description', 'p.name'])
      .orderBy('m.seq', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { count: Number(count.n), newest };
}

/**
 * Claims a thread's messages up to `seq` for a digest: answers false when another run (or
 * an earlier one) already reported them.
 */
export async function claimMailed(
  db: Db,
  threadId: number,
  userId: number,
  seq: number,
): Promise<boolean> {
  const result = await db
    .updateTable('thread_members')
    .set({ mailed_seq: seq })
    .where('thread_id', '=', threadId)
    .where('user_id', '=', userId)
    .where('mailed_seq', '<', seq)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
