import {
  createQueryId,
  type Compilable,
  type CompiledQuery,
  type Kysely,
  type RawBuilder,
} from 'kysely';
import { PREPARED_MARK } from './database.js';
import type { DatabaseSchema } from './schema.js';

/**
 * Building and compiling a Kysely query costs about as much as SQLite takes to run one of
 * the memo reads. The hot reads are therefore built once per SHAPE and run again with new
 * values: the query is built with a stand-in (a Slot) for every value, compiled, and each
 * later call puts its values where the slots ended up among the parameters.
 *
 * The rule that keeps this right: a builder may branch only on what its shape key says
 * (a visitor or not, which secrets were given, how many ids, ...), never on a value. A
 * slot is an opaque object, so a builder that did look at one would see something that is
 * not null, not equal to anything else and not a string (string work on it throws). Under
 * test (NODE_ENV=test, as vitest runs) every cached run is also built from its values and
 * compared, so a builder that breaks the rule fails its tests.
 */

class Slot {
  constructor(readonly index: number) {}
}

interface Entry {
  query: CompiledQuery['query'];
  sql: string;
  /** the same text asking to be prepared; one string kept, so lookups by it hash it once */
  preparedSql: string;
  parameters: readonly unknown[];
}

export interface QueryCache {
  /**
   * Runs the query `build` makes, built once per `shape` (which must name everything the
   * builder branches on) with `values` in its slots. `prepared`: a lookup whose best plan
   * does not depend on the values, which PostgreSQL may then prepare and plan once
   * (database.ts PREPARED_MARK); list pages are planned per call.
   */
  rows<R>(
    shape: string,
    values: readonly unknown[],
    build: (slots: readonly unknown[]) => Compilable<R>,
    options?: { prepared?: boolean },
  ): Promise<R[]>;
}

/**
 * Whether a page read at this OFFSET goes as a prepared statement (database.ts
 * PREPARED_MARK). A page carries its OFFSET in its text, so every offset is a statement of
 * its own, kept by each PostgreSQL connection that runs it: the pages people scroll to are
 * prepared, deeper ones (rare, and any number a client may send) are planned per call, so
 * what a connection keeps stays bounded by what people read.
 */
export function pageStatement(offset: number): { prepared: boolean } {
  return { prepared: offset <= PREPARED_OFFSETS_UP_TO };
}

/** Ten pages of fifty, or fifty of ten. */
export const PREPARED_OFFSETS_UP_TO = 500;

/**
 * Whether a read of `count` rows by key (an IN list, a multi-row insert) goes as a prepared
 * statement: each count is a statement of its own, so the counts a page or a write usually
 * has are prepared and rare longer lists are planned per call, which keeps what each
 * connection holds bounded (NAMED_STATEMENTS_PER_CONNECTION).
 */
export function byCountStatement(count: number): { prepared: boolean } {
  return { prepared: count <= PREPARED_COUNTS_UP_TO };
}

/** A page of fifty with room to spare. */
export const PREPARED_COUNTS_UP_TO = 64;

/** Raw SQL as the cache builds it (a RawBuilder compiles only against a database). */
export function compilableRaw<R>(db: Kysely<DatabaseSchema>, raw: RawBuilder<R>): Compilable<R> {
  return { compile: () => raw.compile(db) };
}

/** How many shapes one database keeps (a shape per kind of viewer, page size, id count...). */
const MAX_SHAPES = 2000;

export function createQueryCache(
  db: Kysely<DatabaseSchema>,
  options: { verify?: boolean; shapes?: Map<string, Entry> } = {},
): QueryCache {
  const verify = options.verify ?? process.env.NODE_ENV === 'test';
  const shapes = options.shapes ?? new Map<string, Entry>();

  function entryFor(
    shape: string,
    size: number,
    build: (slots: readonly unknown[]) => Compilable<unknown>,
  ): Entry {
    const kept = shapes.get(shape);
    if (kept) return kept;
    const slots = Array.from({ length: size }, (_, i) => new Slot(i));
    const compiled = build(slots).compile();
    const entry = {
      query: compiled.query,
      sql: compiled.sql,
      preparedSql: PREPARED_MARK + compiled.sql,
      parameters: compiled.parameters,
    };
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value as string);
    shapes.set(shape, entry);
    return entry;
  }

  return {
    async rows<R>(
      shape: string,
      values: readonly unknown[],
      build: (slots: readonly unknown[]) => Compilable<R>,
      options: { prepared?: boolean } = {},
    ): Promise<R[]> {
      const entry = entryFor(`${values.length}|${shape}`, values.length, build);
      const parameters = entry.parameters.map((p) => (p instanceof Slot ? values[p.index] : p));
      if (verify) {
        const direct = build(values).compile();
        const same =
          direct.sql === entry.sql &&
          direct.parameters.length === parameters.length &&
          direct.parameters.every((p, i) => Object.is(p, parameters[i]));
        if (!same) throw new Error(`query cache: shape "${shape}" does not name what changed`);
      }
      const query: CompiledQuery<R> = {
        query: entry.query,
        queryId: createQueryId(),
        sql: options.prepared ? entry.preparedSql : entry.sql,
        parameters,
      };
      const result = await db.executeQuery(query);
      return result.rows;
    },
  };
}

const shapesPerDatabase = new WeakMap<object, Map<string, Entry>>();
const cachePerKysely = new WeakMap<Kysely<DatabaseSchema>, QueryCache>();

/**
 * The query cache for reads and writes whose module keeps no cache of its own (the
 * collection, comment, people, favourite and notification stores, the job queue), runnable
 * on the database or on a transaction of it: the queries built are kept per database (a
 * transaction shares its database's adapter, so it finds them too) and run on `db`. Shapes
 * are named per function, so the stores sharing them never meet.
 */
export function queryCacheOf(db: Kysely<DatabaseSchema>): QueryCache {
  let cache = cachePerKysely.get(db);
  if (cache) return cache;
  const executor = db.getExecutor();
  // A plugin may change the SQL: a database with plugins (a test's) keeps its own, named
  // by its last plugin, which its transactions carry too.
  const owner: object = executor.plugins.at(-1) ?? executor.adapter;
  let shapes = shapesPerDatabase.get(owner);
  if (!shapes) {
    shapes = new Map<string, Entry>();
    shapesPerDatabase.set(owner, shapes);
  }
  cache = createQueryCache(db, { shapes });
  cachePerKysely.set(db, cache);
  return cache;
}
