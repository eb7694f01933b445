import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { LRUCache } from 'lru-cache';
import {
  Kysely,
  PostgresDialect,
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
} from 'kysely';
import type { DatabaseTarget } from '../config.js';
import type { DatabaseSchema } from './schema.js';
import { dialectHelpers, type DialectHelpers } from './dialect.js';
import { createChangeVersion, type ChangeVersion } from './change-version.js';
import { createChangeSignals, type ChangeSignals } from './change-signals.js';
import { checkpointInBackground } from './checkpointer.js';
import { postgresDriver, sqliteDriver } from './drivers.js';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: DialectHelpers;
  /** the PostgreSQL schema the tables live in, when not the default */
  schema?: string;
  /** moves whenever shown data may have changed (the answer cache reads it) */
  changes: ChangeVersion;
  /** PostgreSQL: how this process's commits reach other processes and theirs reach it */
  signals?: ChangeSignals;
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
  /**
   * Runs `run` on every connection the server will use, before it takes traffic
   * (db/warm.ts): PostgreSQL opens its whole pool and `run` prepares the hot statements on
   * each connection; SQLite has one connection and runs it once.
   */
  warm(run: (db: Kysely<DatabaseSchema>) => Promise<void>): Promise<void>;
  destroy(): Promise<void>;
}

export interface OpenOptions {
  /**
   * SQLite: WAL checkpoints run on a thread of their own instead of inside commits
   * (db/checkpointer.ts); for a long-running server, not a command that runs and exits
   */
  backgroundCheckpoints?: boolean;
  /** the checkpoint thread failed (the connection then checkpoints by itself again) */
  onBackgroundError?: (error: unknown) => void;
}

export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Database {
  return target.kind === 'sqlite'
    ? openSqlite(target.file, options, target.synchronous)
    : openPostgres(target.url, target.schema, target.poolSize);
}

function openSqlite(
  file: string,
  options: OpenOptions,
  synchronous: 'full' | 'normal' = 'full',
): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const connection = new (sqliteDriver())(file);
  // WAL lets readers run beside the writer; FULL makes an acknowledged write survive a power
  // cut; NORMAL (SQLITE_SYNCHRONOUS, the operator's choice) skips the commit's fsync.
  connection.pragma('journal_mode = WAL');
  connection.pragma(synchronous === 'normal' ? 'synchronous = NORMAL' : 'synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  // Sorts, materialized subqueries and IN lists in memory, not in a temporary file each: the
  // per-author feed page (modules/feed/store.ts) builds four small ones and cost twice as
  // much CPU with a file each (docs/PERFORMANCE.md, "People per machine").
  connection.pragma('temp_store = MEMORY');
  dropStat4Samples(connection);
  // data_version moves when another process (the admin command line) commits
  const dataVersion = connection.prepare('pragma data_version').pluck();
  const changes = createChangeVersion({ poll: () => dataVersion.get() as number });
  const db = new Kysely<DatabaseSchema>({
    dialect: new WriteLockingSqliteDialect({
      database: withStatementCache(connection, STATEMENT_CACHE_SIZE, changes),
    }),
  });
  const database = wrap(db, dialectHelpers('sqlite'), changes);
  if (!options.backgroundCheckpoints) return database;
  const checkpoints = checkpointInBackground(connection, { onError: options.onBackgroundError });
  return {
    ...database,
    async destroy() {
      // the thread's connection goes first, so closing the last one checkpoints the rest
      await checkpoints.stop();
      await database.destroy();
    },
  };
}

/**
 * Kysely's SQLite transactions begin read-only (`begin`) and ask for the write lock at their
 * first write. Another process (the operator's command line) committing in between makes that
 * write fail at once with SQLITE_BUSY, without waiting out busy_timeout, because the snapshot
 * already read is stale: a person's request answered 503. Beginning with the write lock
 * (`begin immediate`) waits for the other writer instead. The server has a single connection,
 * so its own transactions ran one at a time already.
 */
class WriteLockingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new WriteLockingSqliteDriver(this.#config);
  }
}

class WriteLockingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Planner statistics are kept to sqlite_stat1. With sqlite_stat4 samples (an ANALYZE by
 * better-sqlite3's SQLite makes them) SQLite re-prepares a statement every time a
 * parameter compared with an indexed column is bound, so the plan may follow the value:
 * that undoes the statement cache below on nearly every read (three times the cost of a
 * list's queries on the 1,000,000-memo bench). The server never runs ANALYZE itself; a
 * database analysed elsewhere keeps its stat1 figures and loses only the samples.
 */
export function dropStat4Samples(connection: SQLite.Database): void {
  const table = connection
    .prepare("select 1 from sqlite_schema where type = 'table' and name = 'sqlite_stat4'")
    .get();
  if (!table || !connection.prepare('select 1 from sqlite_stat4 limit 1').get()) return;
  connection.exec('delete from sqlite_stat4');
  // Makes the planner read its statistics again, now without samples.
  connection.exec('analyze sqlite_schema');
}

type SqliteStatement = ReturnType<SqliteDatabase['prepare']> & {
  readonly busy: boolean;
  get(...parameters: unknown[]): unknown;
};

/**
 * A statement whose rows are read as arrays and made into objects by a function compiled once
 * for its columns. better-sqlite3 builds each row object property by property through V8's
 * API, which for our wide rows (a memo, a collection: 20-40 columns) cost more than running
 * the statement (docs/PERFORMANCE.md, "People per machine"); an object literal gets its shape
 * at once. The objects are the same: the columns' names in order, a later column of the same
 * name overwriting an earlier one's value. Statements that return no rows, or with a column
 * named __proto__ (a literal would set the prototype), are left as they are.
 */
export function withRowBuilder(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  if (names.includes('__proto__')) return statement;
  const build = new Function(
    'r',
    `return {${names.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ')}};`,
  ) as (row: unknown[]) => Record<string, unknown>;
  statement.raw(true);
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all: (...parameters: unknown[]) => (statement.all(...parameters) as unknown[][]).map(build),
    get: (...parameters: unknown[]) => {
      const row = statement.get(...parameters) as unknown[] | undefined;
      return row === undefined ? undefined : build(row);
    },
    run: (...parameters: unknown[]) => statement.run(...parameters),
    *iterate(...parameters: unknown[]) {
      for (const row of statement.iterate(...parameters) as IterableIterator<unknown[]>) {
        yield build(row);
      }
    },
  };
}

/** How many prepared statements a SQLite connection keeps (most recently used). */
export const STATEMENT_CACHE_SIZE = 1000;

/**
 * The connection as Kysely's SqliteDialect sees it, with `prepare` memoised by SQL text:
 * Kysely prepares every query it runs, and parsing and planning a statement costs more
 * than running most of ours. Kept statements are reused while idle; one still being
 * iterated (a streamed query) is busy, so its SQL gets a fresh statement meanwhile.
 * SQLite re-prepares a kept statement by itself after a schema change.
 */
export function withStatementCache(
  connection: SQLite.Database,
  max = STATEMENT_CACHE_SIZE,
  changes?: ChangeVersion,
): SqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max });
  // one connection: one transaction at a time; Kysely runs a statement right after preparing it
  const state = { wrote: false };
  return {
    prepare(text: string) {
      changes?.observe(text, 'after', state);
      const kept = statements.get(text);
      if (kept && !kept.busy) return kept;
      const statement = withRowBuilder(connection.prepare(text));
      if (!kept) statements.set(text, statement);
      return statement;
    },
    close() {
      statements.clear();
      connection.close();
    },
  };
}

/**
 * Connections of a target that names no pool size (the tests' many databases); the server's
 * comes from DATABASE_POOL_SIZE (config.ts).
 */
const DEFAULT_POOL_SIZE = 10;

function openPostgres(url: string, schema?: string, poolSize = DEFAULT_POOL_SIZE): Database {
  const pool = new (postgresDriver().Pool)({
    connectionString: url,
    max: poolSize,
    // Kept open: a new connection parses and plans every statement again (the warm start
    // prepared them on these), and pg's default closed any left idle for 10 s.
    idleTimeoutMillis: 0,
    options: [
      // What the environment asks for, as every libpq client takes it: pg reads PGOPTIONS
      // only when no options are given, and these are (the tests' PostgreSQL half sets it).
      ...(process.env.PGOPTIONS ? [process.env.PGOPTIONS] : []),
      // A named statement is planned once per connection, for any values (PREPARED_MARK
      // says which are named and why): PostgreSQL's default plans each one for its values
      // five times per connection first, half the statements' time in a load test's first
      // minutes (docs/PERFORMANCE.md, "Planned once").
      '-c plan_cache_mode=force_generic_plan',
      // A test database schema per test file: every connection resolves names there first.
      ...(schema ? [`-c search_path=${schema}`] : []),
    ].join(' '),
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const signals = createChangeSignals({
    url,
    schema,
    onOtherWrite: () => changes.moved(),
    fallback: (text, values) => pool.query(text, values),
  });
  const changes = createChangeVersion({ listening: () => signals.listening });
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({
      pool: withNamedStatements(pool, NAMED_STATEMENTS_PER_CONNECTION, changes, signals),
    }),
  });
  const database = wrap(db, dialectHelpers('postgres'), changes);
  return {
    ...database,
    schema,
    signals,
    warm: (run) => onEveryConnection(db, poolSize, run),
    async destroy() {
      // the signals of the last writes go out before the pool closes
      await signals.close();
      await database.destroy();
    },
  };
}

/** How many named statements a PostgreSQL connection holds before it is replaced. */
export const NAMED_STATEMENTS_PER_CONNECTION = 500;

/**
 * SQL that starts with this comment asks to be a prepared statement on PostgreSQL (SQLite
 * keeps every statement prepared anyway, and reads the comment as one).
 */
export const PREPARED_MARK = '/* prepared */ ';

/** The compiled query, asking to be a prepared statement on PostgreSQL (PREPARED_MARK). */
export function asPrepared<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  return CompiledQuery.raw(PREPARED_MARK + query.sql, [...query.parameters]) as CompiledQuery<R>;
}

/**
 * The pool as Kysely's PostgresDialect sees it, where SQL marked with PREPARED_MARK goes
 * as a named prepared statement (named by a hash of its text): PostgreSQL parses it and
 * plans it once per connection, for any values (the pool's plan_cache_mode). Planning the
 * memo reads (their audience conditions are long) costs more than running them. Only
 * queries whose best plan does not depend on the values should be marked (lookups by
 * key): a generic plan cannot know that one collection holds 10,000 memos and the average
 * twenty, and would sort a whole big list for a page. Everything else is planned per
 * call, as before. A connection that has prepared NAMED_STATEMENTS_PER_CONNECTION
 * statements is closed when released, which frees them (the pool opens a new one).
 */
export function withNamedStatements(
  pool: pg.Pool,
  limit = NAMED_STATEMENTS_PER_CONNECTION,
  changes?: ChangeVersion,
  signals?: Pick<ChangeSignals, 'signal'>,
): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      name = `m${createHash('sha1').update(text).digest('hex').slice(0, 30)}`;
      if (names.size >= 10_000) names.clear();
      names.set(text, name);
    }
    return name;
  };

  function wrapClient(client: pg.PoolClient): PostgresPoolClient {
    const prepared = new Set<string>();
    const state = { wrote: false, wroteAccounts: false, inTransaction: false };
    const send = (text: unknown, values?: ReadonlyArray<unknown>) => {
      if (typeof text !== 'string' || !text.startsWith(PREPARED_MARK)) {
        // a cursor (streaming), or a statement planned per call
        return client.query(text as never, values as unknown[]);
      }
      const name = nameOf(text);
      prepared.add(name);
      return client.query({ name, text, values: values as unknown[] });
    };
    const query = (text: unknown, values?: ReadonlyArray<unknown>) => {
      const sqlText = typeof text === 'string' ? text : undefined;
      if (!changes || sqlText === undefined) return send(text, values);
      const kind = changes.observe(sqlText, 'before', state);
      if (kind === 'begin') state.inTransaction = true;
      // a transaction that wrote and committed, or a write outside one: other processes are
      // told once it has landed (db/change-signals.ts says why not in the COMMIT itself)
      const signalled =
        (kind === 'end' && state.wrote && /^\s*(?:commit|end)\b/i.test(sqlText)) ||
        (kind === 'write' && !state.inTransaction);
      const autocommitted = kind === 'write' && !state.inTransaction;
      // the version moves again once the write has landed: a read that began in between
      // must not keep its answer under the new number
      const settle = () => {
        changes.observe(sqlText, 'after', state);
        if (kind === 'end') state.inTransaction = false;
        // nothing ends it: the next transaction on this connection has written nothing yet
        if (autocommitted) {
          state.wrote = false;
          state.wroteAccounts = false;
        }
      };
      return (send(text, values) as Promise<unknown>).then(
        (value) => {
          settle();
          if (signalled) signals?.signal();
          return value;
        },
        (error: unknown) => {
          settle();
          throw error;
        },
      );
    };
    return {
      query: query as unknown as PostgresPoolClient['query'],
      release: () => client.release(prepared.size >= limit),
    };
  }

  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = wrapClient(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/**
 * Runs `run` on `size` connections of the pool at once, so that each is a different one:
 * every task holds its connection until all have theirs. A pool opens connections only when
 * every open one is busy, so under the first load it would otherwise open them one by one,
 * each a new PostgreSQL process whose first statements also read the catalog and parse and
 * plan every statement again (docs/PERFORMANCE.md, Messenger, the start).
 */
async function onEveryConnection(
  db: Kysely<DatabaseSchema>,
  size: number,
  run: (db: Kysely<DatabaseSchema>) => Promise<void>,
): Promise<void> {
  let arrived = 0;
  let allIn!: () => void;
  const everyone = new Promise<void>((resolve) => (allIn = resolve));
  // a task that could not get its connection counts too, or the others would wait forever
  const arrive = () => {
    arrived += 1;
    if (arrived >= size) allIn();
  };
  const results = await Promise.allSettled(
    Array.from({ length: size }, () =>
      db
        .connection()
        .execute(async (connection) => {
          arrive();
          await everyone;
          await run(connection);
        })
        .catch((error: unknown) => {
          arrive();
          throw error;
        }),
    ),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

function wrap(
  db: Kysely<DatabaseSchema>,
  dialect: DialectHelpers,
  changes: ChangeVersion,
): Database {
  return {
    db,
    dialect,
    changes,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    warm: (run) => run(db),
    destroy: () => db.destroy(),
  };
}
