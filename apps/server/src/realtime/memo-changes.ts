import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import type { DatabaseSchema } from '../db/schema.js';
import { memoVisibleToUser } from '../modules/audience/index.js';
import { onlineAnywhere } from './hub.js';

/** What happened to a memo, as `memo_changed` messages say (contract, issue 6). */
export type MemoChange = 'updated' | 'deleted' | 'comment' | 'reaction';

/** Online users judged per query: well below the bound-parameter limits of both databases. */
const CHUNK = 1000;

/**
 * `memo_changed` messages to the online users who may see the memo, so their open
 * screens refetch it. Sent after the change has committed; never throws into the caller.
 */
export function createMemoChangeNotices(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  /**
   * The users online (on any instance) who may read the memo now; `trx` reads inside a
   * transaction, e.g. before the memo is deleted. One query per thousand online users.
   */
  async function audience(memoId: number, trx: Kysely<DatabaseSchema> = db): Promise<number[]> {
    const online = await onlineAnywhere(ctx.realtime);
    const allowed: number[] = [];
    for (let start = 0; start < online.length; start += CHUNK) {
      const rows = await trx
        .selectFrom('users as u')
        .innerJoin('memos as m', (join) => join.onTrue())
        .select('u.id')
        .where('m.id', '=', memoId)
        .where('u.id', 'in', online.slice(start, start + CHUNK))
        .where(memoVisibleToUser('m', sql.ref('u.id'), dialect))
        .execute();
      for (const row of rows) allowed.push(row.id);
    }
    return allowed;
  }

  async function send(userIds: readonly number[], memoId: number, change: MemoChange) {
    if (userIds.length === 0) return;
    await ctx.realtime.sendToUsers(userIds, {
      message_type: 'memo_changed',
      memo_id: memoId,
      change,
    });
  }

  /**
   * The sending runs after the caller has answered (a fan-out to thousands of sockets is no
   * reason to hold the writer's response); failures are logged, the change stands.
   */
  const running = new Set<Promise<void>>();
  function background(work: () => Promise<unknown>): void {
    const task = work().then(
      () => undefined,
      (error: unknown) => ctx.log.error({ err: error }, 'memo_changed delivery failed'),
    );
    running.add(task);
    void task.finally(() => running.delete(task));
  }

  return {
    audience,
    send,
    /** After a change that leaves the memo in place: its current audience hears of it. */
    changed(memoId: number, change: MemoChange): void {
      background(async () => send(await audience(memoId), memoId, change));
    },
    /** Before a removal: who may see the memo now (none when that cannot be told). */
    snapshot: (memoId: number): Promise<number[]> =>
      audience(memoId).catch((error: unknown) => {
        ctx.log.error({ err: error }, 'memo_changed audience failed');
        return [];
      }),
    /** After a removal: those who could see it before (found with `snapshot` first). */
    removed(userIds: readonly number[], memoId: number, change: MemoChange): void {
      background(() => send(userIds, memoId, change));
    },
    /** Resolves when every send started so far has finished (tests). */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

export type MemoChangeNotices = ReturnType<typeof createMemoChangeNotices>;
