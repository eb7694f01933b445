import { CompiledQuery, sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/database.js';
import { TEST_DB } from './harness.js';

/**
 * The plan the database would choose for a compiled query, one line per step (SQLite:
 * EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN). A few test rows make any plan cheap, so on
 * PostgreSQL sequential and bitmap scans and full sorts are priced out, inside a
 * transaction, to see whether an index can answer in order, as at scale the costs choose
 * by themselves (docs/PERFORMANCE.md).
 */
export async function planOf(database: Database, query: CompiledQuery<unknown>): Promise<string> {
  const { db } = database;
  if (TEST_DB === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) {
      await sql`select set_config(${setting}, 'off', true)`.execute(trx);
    }
    const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/** A value written into SQL text, for EXECUTE of a statement prepared from a query. */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

/**
 * PostgreSQL: `explain` (with its options) of the generic plan the query gets as a prepared
 * statement, with `pricedOut` planner settings turned off for the transaction.
 */
async function explainGeneric(
  database: Database,
  query: CompiledQuery<unknown>,
  explain: string,
  pricedOut: readonly string[],
): Promise<string> {
  return database.db.transaction().execute(async (trx) => {
    for (const setting of pricedOut) {
      await sql`select set_config(${setting}, 'off', true)`.execute(trx);
    }
    await sql`select set_config('plan_cache_mode', 'force_generic_plan', true)`.execute(trx);
    await trx.executeQuery(CompiledQuery.raw(`prepare generic_plan_probe as ${query.sql}`, []));
    try {
      const values = query.parameters.map(literalOf).join(', ');
      const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(
          `${explain} execute generic_plan_probe${values ? `(${values})` : ''}`,
          [],
        ),
      );
      return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await trx.executeQuery(CompiledQuery.raw('deallocate generic_plan_probe', []));
    }
  });
}

/**
 * On PostgreSQL, the generic plan it would keep for the query as a prepared statement
 * (db/database.ts PREPARED_MARK): the plan every call gets, whatever its values (the
 * server's connections force generic plans). Scans and sorts are priced out as in planOf.
 */
export function genericPlanOf(database: Database, query: CompiledQuery<unknown>): Promise<string> {
  return explainGeneric(database, query, 'explain', [
    'enable_seqscan',
    'enable_bitmapscan',
    'enable_sort',
  ]);
}

/**
 * No sort of the whole list before the page is cut: SQLite builds no temporary B-tree;
 * PostgreSQL has no Sort node (an Incremental Sort of rows already in order is fine).
 */
export function expectNoFullSort(plan: string): void {
  if (TEST_DB === 'sqlite') {
    expect(plan).not.toMatch(/TEMP B-TREE/);
  } else {
    expect(plan).not.toMatch(/(^|->)\s*Sort\s+\(/m);
  }
}

/**
 * The same database, recording every query it builds, compiled, in `compiled` (under test the
 * query cache builds each run afresh too, so a statement may appear twice).
 */
export function recordingCompiled(db: Database['db']): {
  db: Database['db'];
  compiled: CompiledQuery<unknown>[];
} {
  const compiled: CompiledQuery<unknown>[] = [];
  const executor = db.getExecutor();
  const recording = db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      compiled.push(executor.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return { db: recording, compiled };
}

/**
 * PostgreSQL: the generic plan kept for the query as a prepared statement, run once with the
 * query's values (EXPLAIN ANALYZE, without costs or timings). Only sequential scans are
 * priced out (a few test rows fit in a page or two, which a scan reads cheapest): between an
 * index walked in order and a bitmap scan with a sort, the table's statistics choose, as at
 * scale. Each step says how many rows it read or that it was never executed.
 */
export function runGenericPlanOf(
  database: Database,
  query: CompiledQuery<unknown>,
): Promise<string> {
  return explainGeneric(database, query, 'explain (analyze, costs off, timing off, summary off)', [
    'enable_seqscan',
  ]);
}
