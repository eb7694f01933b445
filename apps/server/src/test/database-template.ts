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
  /** `script` recreates the migrated schema; PLACEHOLDER stands for the schema's name. */
  | { kind: 'postgres'; script: string; placeholder: string }
  | { kind: 'none'; reason: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

const run = promisify(execFile);

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
  const schema = `memoria_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create schema ${schema}`);
  const remove = () => adminQuery(url, `drop schema if exists ${schema} cascade`);
  try {
    const database = openDatabase({ kind: 'postgres', url, schema });
    try {
      await migrateToLatest(database);
    } finally {
      await database.destroy();
    }
    const { stdout } = await run(
      'pg_dump',
      ['--no-owner', '--no-privileges', '--inserts', '--schema', schema, url],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // psql meta-commands (\restrict …) are not SQL; pg_dump also empties search_path, which
    // only touches the session that replays the script.
    const script = stdout
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
    return { template: { kind: 'postgres', script, placeholder: schema }, remove };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    console.warn(`[server-postgres] no schema template (${reason}): each file migrates`);
    await remove();
    return { template: { kind: 'none', reason }, remove: noop };
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
