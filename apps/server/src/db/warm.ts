import type { Kysely } from 'kysely';
import type { Database } from './database.js';
import type { DatabaseSchema } from './schema.js';

type Db = Kysely<DatabaseSchema>;

/**
 * One module's hot statements, run on `db` (one connection of the pool) with values that
 * match no row, so that what the first requests would pay for is paid before the server
 * listens: the statements built once per shape (db/query-cache.ts), PostgreSQL's named
 * statements, parsed once per connection (database.ts), and SQLite's prepared ones. A step
 * writes nothing: its writes run in `rolledBack`. docs/PERFORMANCE.md, Messenger, the start.
 */
export type WarmStep = (db: Db) => Promise<void>;

export interface WarmUp {
  /** A module's step (its service's `warm`), added while the app is built. */
  add(step: WarmStep): void;
  /** Runs every step on every connection; answers how long it took, in ms. */
  run(): Promise<number>;
}

export function createWarmUp(database: Database): WarmUp {
  const steps: WarmStep[] = [];
  return {
    add(step) {
      steps.push(step);
    },
    async run() {
      const started = performance.now();
      await database.warm(async (db) => {
        // one connection runs one statement at a time anyway
        for (const step of steps) await step(db);
      });
      return performance.now() - started;
    },
  };
}

const ROLLBACK = Symbol('warm: roll back');

/** Runs `write` in a transaction that is rolled back, whatever it did. */
export async function rolledBack(db: Db, write: (trx: Db) => Promise<unknown>): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      await write(trx);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}
