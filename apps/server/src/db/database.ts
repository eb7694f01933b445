import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { DatabaseTarget } from '../config.js';
import type { DatabaseSchema } from './schema.js';
import { dialectHelpers, type DialectHelpers } from './dialect.js';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: DialectHelpers;
  /** the PostgreSQL schema the tables live in, when not the default */
  schema?: string;
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
  destroy(): Promise<void>;
}

export function openDatabase(target: DatabaseTarget): Database {
  return target.kind === 'sqlite'
    ? openSqlite(target.file)
    : openPostgres(target.url, target.schema);
}

function openSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SQLite(file);
  // WAL lets readers run beside the writer; FULL makes an acknowledged write survive a crash.
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: connection }) });
  return wrap(db, dialectHelpers('sqlite'));
}

function openPostgres(url: string, schema?: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A test database schema per test file: every connection resolves names there first.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  return { ...wrap(db, dialectHelpers('postgres')), schema };
}

function wrap(db: Kysely<DatabaseSchema>, dialect: DialectHelpers): Database {
  return {
    db,
    dialect,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    destroy: () => db.destroy(),
  };
}
