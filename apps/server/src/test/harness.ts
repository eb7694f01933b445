import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, type AppConfig, type DatabaseTarget } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { secretsFrom, type Secrets } from '../secrets.js';
import { adminQuery, type DatabaseTemplate } from './database-template.js';
import { createMailSink, type MailSink } from './mail-sink.js';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export const skipReason =
  TEST_DB === 'postgres' && !TEST_DATABASE_URL
    ? 'TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)'
    : undefined;

/** describe() for suites that need a database; skipped, saying why, when there is none. */
export function describeDb(name: string, fn: () => void): void {
  describe.skipIf(skipReason !== undefined)(
    skipReason ? `${name} [skipped: ${skipReason}]` : name,
    fn,
  );
}

/** What database-template.ts prepared for this run (none when run without that globalSetup). */
function databaseTemplate(): DatabaseTemplate | undefined {
  return inject('databaseTemplate') as DatabaseTemplate | undefined;
}

/**
 * PostgreSQL schemas this worker's earlier apps used, emptied and ready for the next one.
 * Emptying a schema takes about 20 ms where replaying the template's DDL takes 300-500 ms and
 * dropping the schema another 100 (docs/TESTING.md, "Reused schemas"). The files of a worker
 * share this module (vitest.config.ts, isolate: false); the run's end drops what is left.
 */
const idleSchemas: string[] = [];

type PostgresTemplate = Extract<DatabaseTemplate, { kind: 'postgres' }>;

/** A schema of its own for an app: the migrated template's DDL when globalSetup made one. */
async function newSchema(url: string, template: PostgresTemplate | undefined): Promise<string> {
  const schema = `${template?.prefix ?? 't_'}${randomBytes(6).toString('hex')}`;
  await adminQuery(
    url,
    template ? template.script.replaceAll(template.placeholder, schema) : `create schema ${schema}`,
  );
  return schema;
}

/**
 * Puts a closed app's schema back as `newSchema` makes it, for the next app: every row
 * deleted, the template's rows and sequence values written again. Only when nothing in it can
 * make PostgreSQL plan differently from a new schema: no table was vacuumed or analysed (the
 * planner would read their figures) and none grew past nine pages (below ten, an unvacuumed
 * table is planned as ten pages, as a new one is). Otherwise, or when this role may not set
 * session_replication_role (which skips the foreign keys while deleting), it answers false
 * and the schema is dropped.
 */
async function emptiedForReuse(
  url: string,
  schema: string,
  template: PostgresTemplate,
): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; kind: string; planned: boolean }>(
      `select c.relname as name, c.relkind as kind,
              pg_relation_size(c.oid) > 9 * 8192
                or coalesce(s.vacuum_count + s.autovacuum_count
                            + s.analyze_count + s.autoanalyze_count, 0) > 0 as planned
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         left join pg_stat_user_tables s on s.relid = c.oid
        where n.nspname = $1 and c.relkind in ('r', 'i')`,
      [schema],
    );
    if (rows.some((row) => row.planned)) return false;
    const tables = rows.filter((row) => row.kind === 'r').map((row) => `${schema}."${row.name}"`);
    await client.query(
      [
        'begin;',
        'set local session_replication_role = replica;',
        ...tables.map((table) => `delete from ${table};`),
        template.rows.replaceAll(template.placeholder, schema),
        'commit;',
      ].join('\n'),
    );
    return true;
  } catch {
    await client.query('rollback').catch(() => undefined);
    return false;
  } finally {
    await client.end();
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  secrets: Secrets;
  mail: MailSink;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  failureLimit?: number;
  /** deliver through the real SMTP/outbox path instead of the in-memory sink */
  realMail?: boolean;
  logger?: BuildAppOptions['logger'];
}

/** A fresh database (temp SQLite file, or a new PostgreSQL schema) and app per call. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-test-'));
  let target: DatabaseTarget;
  let dropSchema: (() => Promise<void>) | undefined;
  let cloned = false;
  if (TEST_DB === 'postgres') {
    const url = TEST_DATABASE_URL as string;
    const template = databaseTemplate();
    const pooled = template?.kind === 'postgres' ? template : undefined;
    cloned = pooled !== undefined;
    const schema = idleSchemas.pop() ?? (await newSchema(url, pooled));
    target = { kind: 'postgres', url, schema };
    dropSchema = async () => {
      if (pooled && (await emptiedForReuse(url, schema, pooled))) idleSchemas.push(schema);
      else await adminQuery(url, `drop schema if exists ${schema} cascade`);
    };
  } else {
    target = { kind: 'sqlite', file: path.join(dataDir, 'memoria.db') };
    const template = databaseTemplate();
    if (template?.kind === 'sqlite') {
      fs.copyFileSync(template.file, target.file);
      cloned = true;
    }
  }
  // as the server runs: SQLite checkpoints on a thread of its own
  const database = openDatabase(target, { backgroundCheckpoints: true });
  const cleanup = async () => {
    await database.destroy();
    await dropSchema?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  const secrets = secretsFrom(randomBytes(32).toString('hex'));
  const mail = createMailSink();
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://memoria.test' }),
    database: target,
    logLevel: 'silent',
    passwordHashing: 'fast',
    webDist: path.join(dataDir, 'no-web-dist'),
    globalRateLimitPerMinute: 100_000,
    // suites make workspaces through the API; the paid path is tested with it off
    workspacesWithoutPlan: true,
    ...options.config,
  };
  try {
    // A copy of the template has every migration applied and listed. Not asking the migrator
    // again also keeps its catalog scan away from the schemas other files drop meanwhile
    // (PostgreSQL then fails it with "schema … does not exist").
    if (!cloned) await migrateToLatest(database);
    app = await buildApp({
      config,
      database,
      secrets,
      logger: options.logger ?? false,
      mailTransport: options.realMail ? undefined : mail.transport,
      failureLimit: options.failureLimit,
    });
    await app.ready();
  } catch (error) {
    // A suite that fails to start must not leave its schema and folder behind.
    await cleanup().catch(() => undefined);
    throw error;
  }
  return {
    app,
    database,
    config,
    secrets,
    mail,
    dataDir,
    async close() {
      await app.close();
      await cleanup();
    },
  };
}
