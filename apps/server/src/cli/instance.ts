import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { loadConfig, type AppConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrationStatus } from '../db/migrate.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { FailureLimiter } from '../http/rate-limit.js';
import { createLocalHub } from '../realtime/hub.js';
import { createActivityDispatcher } from '../events/dispatch.js';
import { createWarmUp } from '../db/warm.js';
import { createJobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { createPasswordHasher } from '../modules/auth/passwords.js';
import { loadSecrets } from '../secrets.js';
import { CliError, cliIo } from './output.js';

/** Warnings and errors of the services go to stderr; the command's answer owns stdout. */
function stderrLogger(): FastifyBaseLogger {
  const write =
    (level: string) =>
    (objOrMessage: unknown, message?: unknown): void => {
      const text = typeof objOrMessage === 'string' ? objOrMessage : String(message ?? '');
      cliIo().err(`${level}: ${text}\n`);
    };
  const ignore = (): void => undefined;
  const logger: FastifyBaseLogger = {
    level: 'warn',
    fatal: write('fatal'),
    error: write('error'),
    warn: write('warning'),
    info: ignore,
    debug: ignore,
    trace: ignore,
    silent: ignore,
    child: () => logger,
  };
  return logger;
}

/** The command line mails nobody: what it creates for a person (a reset link) it prints. */
function noMail(log: FastifyBaseLogger): Mailer {
  return {
    async send(request) {
      log.warn(`not mailed from the command line: ${request.template} to ${request.to}`);
    },
    close: () => undefined,
  };
}

/** Operators are not counted toward sign-in lockouts. */
const noLimits: FailureLimiter = {
  check: async () => undefined,
  fail: async () => undefined,
  clear: async () => undefined,
  succeeded: async () => undefined,
  ready: async () => undefined,
  close: async () => undefined,
};

export type Db = Kysely<DatabaseSchema>;

/** The instance the command acts on: the server's configuration and database. */
export interface Instance {
  config: AppConfig;
  database: Database;
  /**
   * Runs `fn` in one transaction with services bound to it: everything it writes lands
   * together or not at all. On SQLite the write lock is taken at the start (BEGIN
   * IMMEDIATE), waiting for a running server's write to finish (busy timeout).
   */
  transaction<T>(fn: (ctx: AppContext) => Promise<T>, mode?: 'read' | 'write'): Promise<T>;
  /** The services' context outside a transaction (hashing a password before one starts). */
  context(): AppContext;
  /** Refuses to act on a database the server has not migrated to this version. */
  requireMigrated(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the configured instance. A SQLite file that does not exist is created only when
 * `create` is set (db:migrate): anything else means DATA_DIR or DATABASE_URL points elsewhere.
 */
export function openInstance(options: { create?: boolean } = {}): Instance {
  const config = loadConfig(cliIo().env);
  const target = config.database;
  if (target.kind === 'sqlite' && !options.create && !fs.existsSync(target.file)) {
    throw new CliError(
      `no database at ${target.file}: check DATA_DIR / DATABASE_URL ` +
        '(the server or `memoria-admin db:migrate` creates it)',
    );
  }
  const database = openDatabase(target);
  const log = stderrLogger();
  let base: AppContext | undefined;

  /** The services' context, built on first use (secrets, hasher, …). */
  function context(): AppContext {
    if (base) return base;
    base = {
      config,
      database,
      secrets: loadSecrets(config.dataDir, config.jwtSecret),
      mailer: noMail(log),
      limiter: noLimits,
      passwords: createPasswordHasher(config.passwordHashing),
      log,
      jobs: createJobQueue({ database, log }),
      // the command line has no sockets; notifications it causes are read from the list
      realtime: createLocalHub(),
      activity: createActivityDispatcher((error) => log.error({ err: error }, 'delivery failed')),
      // a command runs a few statements and exits: nothing to warm, the steps are never run
      warmUp: createWarmUp(database),
    };
    return base;
  }

  async function inTransaction<T>(mode: 'read' | 'write', fn: (db: Db) => Promise<T>) {
    if (database.dialect.name === 'postgres') return database.db.transaction().execute(fn);
    return database.db.connection().execute(async (connection) => {
      await sql.raw(mode === 'write' ? 'begin immediate' : 'begin').execute(connection);
      try {
        const result = await fn(connection);
        await sql.raw('commit').execute(connection);
        return result;
      } catch (error) {
        await sql.raw('rollback').execute(connection);
        throw error;
      }
    });
  }

  return {
    config,
    database,
    context,

    transaction(fn, mode = 'write') {
      const ctx = context();
      return inTransaction(mode, (db) => fn({ ...ctx, database: { ...database, db } }));
    },

    async requireMigrated() {
      const pending = (await migrationStatus(database)).filter((m) => m.appliedAt === null);
      if (pending.length > 0) {
        throw new CliError(
          `the database is not up to date (${pending.length} migration(s) pending): ` +
            'run `memoria-admin db:migrate` or start the server first',
        );
      }
    },

    async close() {
      await database.destroy();
    },
  };
}
