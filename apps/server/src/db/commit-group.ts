import { sql, type Kysely } from 'kysely';
import type { Database } from './database.js';
import type { DatabaseSchema } from './schema.js';

type Db = Kysely<DatabaseSchema>;
export type Unit<T> = (trx: Db) => Promise<T>;

/** Units one commit carries at most; a longer queue takes several commits. */
export const COMMIT_GROUP_MAX = 100;

interface Waiting {
  work: Unit<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Runs small write transactions ("units") so that, on SQLite, those arriving together share
 * one commit (docs/notes/messenger.md, Sending; docs/PERFORMANCE.md, Messenger). A commit
 * there waits for the disk (synchronous = FULL, about 5 ms on this machine, and it holds the
 * event loop), so one commit per message capped sending near 180 a second whatever else was
 * done. Each unit runs inside its own savepoint: one that fails is rolled back alone and
 * rejects alone; the others commit. Every unit's promise settles only after the shared
 * commit, so nothing it wrote is reported before it is on disk.
 *
 * PostgreSQL commits from many connections at once and flushes concurrent commits together
 * by itself, and a shared transaction would hold each thread's row lock for the whole group:
 * there each unit is its own transaction.
 */
export function createCommitGroup(database: Pick<Database, 'db' | 'dialect'>) {
  const { db } = database;
  if (database.dialect.name !== 'sqlite') {
    return <T>(work: Unit<T>): Promise<T> => db.transaction().execute(work);
  }
  const queue: Waiting[] = [];
  let running = false;

  async function runGroup(group: Waiting[]): Promise<void> {
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const unit of group) {
          await sql`savepoint unit`.execute(trx);
          try {
            const value = await unit.work(trx);
            await sql`release savepoint unit`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await sql`rollback to savepoint unit`.execute(trx);
            await sql`release savepoint unit`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // the commit itself failed: nothing of the group was written
      for (const unit of group) unit.reject(error);
      return;
    }
    group.forEach((unit, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        await runGroup(queue.splice(0, COMMIT_GROUP_MAX));
        // let the requests that arrived during the commit add their units to the next group
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      running = false;
    }
  }

  return function inCommitGroup<T>(work: Unit<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!running) {
        running = true;
        void drain();
      }
    });
  };
}

export type CommitGroup = ReturnType<typeof createCommitGroup>;
