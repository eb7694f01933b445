#!/usr/bin/env node
// The feed and discover queries themselves, without HTTP: the SQL the server runs (compiled
// from apps/server/src/modules/feed/store.ts, bundled here by esbuild), timed on a database
// made by bench/generate.mjs for many viewers, plus the plan it runs with.
//
//   node bench/generate.mjs --data-dir /tmp/bench-feed --contacts 25 --follows 50 --blocks 1 --mutes 1
//   node bench/feed-query.mjs --data-dir /tmp/bench-feed [--database-url postgres://…] [--runs 2000]
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { root } from './support.mjs';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    runs: { type: 'string', default: '2000' },
  },
});
const dataDir = values['data-dir'];
if (!dataDir) {
  console.error('give --data-dir (the directory bench/generate.mjs filled)');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(join(dataDir, 'bench-manifest.json'), 'utf8'));
const pgUrl = values['database-url'];
const runs = Number(values.runs);

// The product's query builders, bundled (TypeScript) next to node_modules so kysely resolves.
const outdir = join(root, 'node_modules/.cache/memoria-bench');
mkdirSync(outdir, { recursive: true });
const outfile = join(outdir, 'feed-store.mjs');
await build({
  stdin: {
    contents: `export { dialectHelpers } from './db/dialect.js';
      export { feedQuery, discoverQuery } from './modules/feed/store.js';`,
    resolveDir: join(root, 'apps/server/src'),
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile,
  external: ['kysely', 'better-sqlite3', 'pg'],
  logLevel: 'warning',
});
const store = await import(pathToFileURL(outfile).href);

const engine = pgUrl ? 'postgres' : 'sqlite';
const d = store.dialectHelpers(engine);
const compiler = new Kysely({
  dialect: pgUrl ? new PostgresDialect({ pool: {} }) : new SqliteDialect({ database: {} }),
});
const PAGE = 10 + 1; // the page and one more, as the server asks
const queries = {
  'feed page 1': (v) => store.feedQuery(compiler, d, v, 0, [], PAGE).compile(),
  'feed page 3 (offset 20)': (v) => store.feedQuery(compiler, d, v, 20, [], PAGE).compile(),
  'feed latest (new-content check)': (v) => store.feedQuery(compiler, d, v, 0, [], 1).compile(),
  'discover page 1': (v) => store.discoverQuery(compiler, d, v, false, 0, PAGE).compile(),
  'discover page 1, visitor': () => store.discoverQuery(compiler, d, 0, true, 0, PAGE).compile(),
};

// Viewers spread over all users, the same ones for every query.
const viewers = Array.from({ length: runs }, (_, i) => ((i * 7919) % manifest.users) + 1);
const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const fmt = (ms) => ms.toFixed(3);

let run;
let explain;
let close;
if (pgUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  // As the server sends them: named prepared statements (PostgreSQL may keep a generic plan
  // after five runs; see apps/server/src/db/database.ts PREPARED_MARK).
  const names = new Map();
  run = async (q) => {
    if (!names.has(q.sql)) names.set(q.sql, `feedbench${names.size}`);
    return (await client.query({ name: names.get(q.sql), text: q.sql, values: q.parameters })).rows
      .length;
  };
  explain = async (q) =>
    (await client.query(`explain (analyze, buffers) ${q.sql}`, q.parameters)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  close = () => client.end();
} else {
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(join(dataDir, 'memoria.db'), { readonly: true });
  const statements = new Map();
  run = async (q) => {
    let statement = statements.get(q.sql);
    if (!statement) {
      statement = db.prepare(q.sql);
      statements.set(q.sql, statement);
    }
    return statement.all(...q.parameters).length;
  };
  explain = async (q) =>
    db
      .prepare(`explain query plan ${q.sql}`)
      .all(...q.parameters)
      .map((r) => r.detail)
      .join('\n');
  close = () => db.close();
}

console.log(
  `${pgUrl ? 'PostgreSQL' : 'SQLite'}, ${manifest.users} users, ${manifest.memos} memos, ` +
    `${manifest.contactsPerUser ?? '?'} contacts + ${manifest.followsPerUser ?? '?'} followings per user; ${runs} viewers each\n`,
);
console.log('| query | median ms | p99 ms | max ms | rows (avg) |');
console.log('|---|---:|---:|---:|---:|');
for (const [title, make] of Object.entries(queries)) {
  for (const v of viewers.slice(0, 50)) await run(make(v)); // warm the cache
  const times = [];
  let rows = 0;
  for (const v of viewers) {
    const q = make(v);
    const t0 = process.hrtime.bigint();
    rows += await run(q);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  console.log(
    `| ${title} | ${fmt(pct(times, 50))} | ${fmt(pct(times, 99))} | ${fmt(times[times.length - 1])} | ${(rows / runs).toFixed(1)} |`,
  );
}
console.log('\nPlan of feed page 1 for user 1:\n');
console.log(await explain(queries['feed page 1'](1)));
console.log('\nPlan of discover page 1 for user 1:\n');
console.log(await explain(queries['discover page 1'](1)));
await close();
