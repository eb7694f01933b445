import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';

/**
 * The database drivers, each loaded when the first connection of its kind opens: a process
 * talks to one database, and the other driver's loading (a quarter second of CPU for pg) is
 * time every command of the command line would pay for nothing.
 */
const load = createRequire(import.meta.url);

export function postgresDriver(): typeof pg {
  return load('pg') as typeof pg;
}

export function sqliteDriver(): typeof SQLite {
  return load('better-sqlite3') as typeof SQLite;
}
