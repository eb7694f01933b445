import { sql, type Kysely } from 'kysely';
import { asPrepared } from '../db/database.js';
import type { AppContext } from '../context.js';
import type { DatabaseSchema } from '../db/schema.js';
import { oneOf, type DialectHelpers } from '../db/dialect.js';
import { memoVisibleToUser } from '../modules/audience/index.js';
import { onlineAnywhere, type MemoChangeJudge } from './hub.js';

/** What happened to a memo, as `memo_changed` messages say (contract, issue 6). */
export type MemoChange = 'updated' | 'deleted' | 'comment' | 'reaction';

/** Users judged per query: well below the bound-parameter limits of both databases. */
const CHUNK = 1000;

/** Which of these users may read the memo now (bench/memo-audience-cpu.mjs times it). */
export function memoReadersQuery(
  db: Kysely<DatabaseSchema>,
  dialect: DialectHelpers,
  memoId: number,
  users: readonly number[],
) {
  // prepared on PostgreSQL (oneOf): planning the audience rules took longer than running
  // them, on every edit, comment and reaction
  return db
    .selectFrom('users as u')
    .innerJoin('memos as m', (join) => join.onTrue())
    .select('u.id')
    .where('m.id', '=', memoId)
    .where(oneOf(dialect, 'u.id', users))
    .where(memoVisibleToUser('m', sql.ref('u.id'), dialect));
}

/** Of `candidates`, those who may read the memo now. One query per thousand candidates. */
async function memoReadersAmong(
  ctx: AppContext,
  memoId: number,
  candidates: readonly number[],
  trx: Kysely<DatabaseSchema> = ctx.database.db,
): Promise<number[]> {
  const allowed: number[] = [];
  for (let start = 0; start < candidates.length; start += CHUNK) {
    const chunk = candidates.slice(start, start + CHUNK);
    const query = memoReadersQuery(trx, ctx.database.dialect, memoId, chunk).compile();
    const { rows } = await trx.executeQuery(
      ctx.database.dialect.name === 'postgres' ? asPrepared(query) : query,
    );
    for (const row of rows) allowed.push(row.id);
  }
  return allowed;
}

/**
 * The rule an instance judges the watchers of an edited memo by (registered by
 * registerRealtime): those who may read it now. A failure is logged and tells nobody.
 */
export function memoReadersJudge(ctx: AppContext): MemoChangeJudge {
  return (announcement, watchers) =>
    memoReadersAmong(ctx, announcement.memoId, watchers).catch((error: unknown) => {
      ctx.log.error({ err: error }, 'memo_changed audience failed');
      return [];
    });
}

/**
 * `memo_changed` messages so that open screens refetch a memo, sent after the change has
 * committed; never throws into the caller (docs/notes/realtime-delivery.md, Watched memos).
 * A change that leaves the memo in place (`changed`) is announced to every instance, which
 * judges only the people watching the memo on its sockets. A removal cannot be judged after
 * the rows are gone, so `snapshot` takes the audience among everyone online before it and
 * `removed` tells them after: removals are rare, edits are not.
 */
export function createMemoChangeNotices(ctx: AppContext) {
  /**
   * The users online (on any instance) who may read the memo now; `trx` reads inside a
   * transaction, e.g. before the memo is deleted. One query per thousand online users.
   */
  async function audience(
    memoId: number,
    trx: Kysely<DatabaseSchema> = ctx.database.db,
  ): Promise<number[]> {
    return memoReadersAmong(ctx, memoId, await onlineAnywhere(ctx.realtime), trx);
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
    /** After an edit that leaves the memo in place: its watchers who may read it hear of it. */
    changed(memoId: number, change: 'updated'): void {
      background(() => ctx.realtime.announceMemoChange({ memoId, change }));
    },
    /** Before a removal: who may see the memo now (none when that cannot be told). */
    snapshot: (memoId: number): Promise<number[]> =>
      audience(memoId).catch((error: unknown) => {
        ctx.log.error({ err: error }, 'memo_changed audience failed');
        return [];
      }),
    /**
     * After a removal: those who could see it before (found with `snapshot` first). Also when
     * the memo left some collections only ('updated'): whoever it left can no longer be judged
     * as a reader, yet their screens must drop it.
     */
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
