import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

type Db = Kysely<DatabaseSchema>;

/** Work waiting for the commit of each transaction opened by `transaction()` below. */
const waiting = new WeakMap<object, Array<() => void>>();

/**
 * Runs `work` in a transaction and, once it has committed, what was registered with
 * `afterCommit(trx, …)` inside it (in order). Nothing runs when the transaction fails.
 */
export async function transaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const callbacks: Array<() => void> = [];
  const result = await db.transaction().execute((trx) => {
    waiting.set(trx, callbacks);
    return work(trx);
  });
  for (const callback of callbacks) callback();
  return result;
}

/**
 * Registers `callback` to run after `trx` commits. Answers false when `trx` was not opened
 * by `transaction()` (the caller then needs another way, e.g. a durable job in `trx`).
 */
export function afterCommit(trx: Db, callback: () => void): boolean {
  const callbacks = waiting.get(trx);
  if (!callbacks) return false;
  callbacks.push(callback);
  return true;
}

/** The durable job that dispatches events whose transaction was not opened by `transaction()`. */
export const ACTIVITY_DISPATCH_JOB = 'activity.dispatch';

/**
 * Dispatches `eventIds` once `trx` commits: at once after the commit when `trx` came from
 * `transaction()`, else through a durable job written in `trx` (delivered by the job runner).
 */
export async function dispatchAfterCommit(
  trx: Db,
  eventIds: readonly number[],
  deps: {
    activity: { dispatch(ids: readonly number[]): void };
    jobs: { enqueue(type: string, payload: unknown, options?: { db?: Db }): Promise<number> };
  },
): Promise<void> {
  if (eventIds.length === 0) return;
  const ids = [...eventIds];
  if (afterCommit(trx, () => deps.activity.dispatch(ids))) return;
  await deps.jobs.enqueue(ACTIVITY_DISPATCH_JOB, { ids }, { db: trx });
}
