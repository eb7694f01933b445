// What the benchmarks of single statements share (feed-ids-cpu.mjs, memo-audience-cpu.mjs): a
// data set made by bench/generate.mjs, the server's own query builders bundled from its
// TypeScript source, and a connection that runs compiled statements and reads the CPU they
// cost: this process's on SQLite, the PostgreSQL backend's (from /proc) on PostgreSQL.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { root } from './support.mjs';

/** The manifest generate.mjs wrote into `dataDir` (exits when there is none). */
export function dataSetOf(dataDir) {
  if (!dataDir) {
    console.error('give --data-dir (the directory bench/generate.mjs filled)');
    process.exit(2);
  }
  return JSON.parse(readFileSync(join(dataDir, 'bench-manifest.json'), 'utf8'));
}

/**
 * `source` (exports from apps/server/src, e.g. `export { feedQuery } from
 * './modules/feed/store.js'`) bundled next to node_modules, so kysely resolves, and imported.
 */
export async function serverModules(name, source) {
  const outdir = join(root, 'node_modules/.cache/memoria-bench');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `${name}.mjs`);
  await build({
    stdin: { contents: source, resolveDir: join(root, 'apps/server/src'), loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    external: ['kysely', 'better-sqlite3', 'pg', 'ioredis', 'ws', 'fastify', 'pino'],
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}

/** A Kysely instance that only compiles, for the engine of `pgUrl` (none: SQLite). */
export function sqlCompiler(pgUrl) {
  return new Kysely({
    dialect: pgUrl ? new PostgresDialect({ pool: {} }) : new SqliteDialect({ database: {} }),
  });
}

/**
 * A connection to the data set: `run({ sql, parameters }, { prepared })` answers the rows
 * (PostgreSQL: `prepared` sends a named statement, as the server's prepared reads go; SQLite
 * prepares each text once), `cpuNow()` the CPU spent so far in µs, `close()`.
 */
export async function openDataSet(dataDir, pgUrl) {
  if (pgUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    const pid = (await client.query('select pg_backend_pid() as p')).rows[0].p;
    const ticks = Number(process.env.CLK_TCK ?? 100);
    const names = new Map();
    return {
      cpuNow() {
        const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return ((Number(f[11]) + Number(f[12])) * 1e6) / ticks;
      },
      async run({ sql, parameters }, { prepared = false } = {}) {
        if (!prepared) return (await client.query(sql, parameters)).rows;
        if (!names.has(sql)) names.set(sql, `bench${names.size}`);
        return (await client.query({ name: names.get(sql), text: sql, values: parameters })).rows;
      },
      close: () => client.end(),
    };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(dataDir, 'memoria.db'), { readonly: true });
  db.pragma('temp_store = memory'); // as the server sets it (db/database.ts)
  const statements = new Map();
  return {
    cpuNow() {
      const u = process.cpuUsage();
      return u.user + u.system;
    },
    async run({ sql, parameters }) {
      if (!statements.has(sql)) statements.set(sql, db.prepare(sql));
      return statements.get(sql).all(...parameters);
    },
    close: async () => db.close(),
  };
}

/** The median of numbers. */
export const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
