import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/**
 * Vitest globalSetup of the server projects: migrates one database per run and hands it to
 * every test file, which copies it instead of running all migrations again (about a second
 * per file on either engine). Built afresh on each run, so a new migration is always in it;
 * the harness still runs migrateToLatest on the copy, which finds nothing pending.
 */
export type DatabaseTemplate =
  | { kind: 'sqlite'; file: string }
  /**
   * `script` recreates the migrated schema; `placeholder` stands for the schema's name in it.
   * `rows` is the part of the script that writes the template's rows and sequence values,
   * which puts an emptied schema back as the script leaves a new one (see harness.ts,
   * reusableSchema). `prefix` starts the name of every schema the run's tests make.
   */
  | { kind: 'postgres'; script: string; rows: string; placeholder: string; prefix: string }
  | { kind: 'none'; reason: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

const execute = promisify(execFile);

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = project.config.env?.TEST_DB;
  const built = engine === 'postgres' ? await postgresTemplate() : await sqliteTemplate();
  project.provide('databaseTemplate', built.template);
  return built.remove;
}

interface Built {
  template: DatabaseTemplate;
  remove(): Promise<void>;
}

async function sqliteTemplate(): Promise<Built> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-template-'));
  const file = path.join(dir, 'memoria.db');
  const database = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(database);
  // Closing the only connection checkpoints the WAL into the file, so one file is the copy.
  await database.destroy();
  for (const leftover of [`${file}-wal`, `${file}-shm`]) {
    if (fs.existsSync(leftover) && fs.statSync(leftover).size > 0) {
      throw new Error(`the SQLite template kept a non-empty ${leftover} after closing`);
    }
  }
  return {
    template: { kind: 'sqlite', file },
    remove: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * PostgreSQL has no "copy this schema": migrate a schema with a unique name, let pg_dump write
 * its DDL and the migration table's rows, and hand that script over with the name as a
 * placeholder. Replaying it is one round trip. Without pg_dump (or a pg_dump older than the
 * server) each file migrates as before, and the run says so.
 */
async function postgresTemplate(): Promise<Built> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { template: { kind: 'none', reason: 'no TEST_DATABASE_URL' }, remove: noop };
  const run = randomBytes(6).toString('hex');
  const schema = `memoria_template_${run}`;
  const prefix = `t_${run}_`;
  await adminQuery(url, `create schema ${schema}`);
  // the template, and the test schemas the workers kept for reuse until the run's end
  const remove = () => dropSchemas(url, schema, prefix);
  try {
    const database = openDatabase({ kind: 'postgres', url, schema });
    try {
      await migrateToLatest(database);
    } finally {
      await database.destroy();
    }
    const { stdout } = await execute(
      'pg_dump',
      ['--no-owner', '--no-privileges', '--inserts', '--schema', schema, url],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // psql meta-commands (\restrict …) are not SQL; pg_dump also empties search_path, which
    // only touches the session that replays the script.
    const lines = stdout.split('\n').filter((line) => !line.startsWith('\\'));
    // with --inserts every row is one INSERT line, and every sequence one setval line
    const rows = lines
      .filter((line) => /^(INSERT INTO|SELECT pg_catalog\.setval)\b/.test(line))
      .join('\n');
    return {
      template: { kind: 'postgres', script: lines.join('\n'), rows, placeholder: schema, prefix },
      remove,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    console.warn(`[server-postgres] no schema template (${reason}): each file migrates`);
    await remove();
    return { template: { kind: 'none', reason }, remove: noop };
  }
}

async function dropSchemas(url: string, template: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname = $1 or starts_with(nspname, $2)`,
      [template, prefix],
    );
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
  } finally {
    await client.end();
  }
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function noop(): Promise<void> {}
