#!/usr/bin/env node
// The feed's page of ids, the walk (feedQuery: memos_feed_idx from the top) against the
// per-author page (feedByAuthorsQuery, later pages) and the walk from the last memo held
// (feedQuery with `after`, what the web app asks for a later page), all compiled from
// apps/server/src/modules/feed/store.ts and run as the server runs them, on a data set made by
// bench/generate.mjs (with the server's migrations, so memos_author_feed_idx is there).
// For each page: the answers compared for every viewer first (and with a forced fallback, a
// per-author page that never finds enough, which must walk and answer the same), then the
// CPU per call, the two statements alternated round by round: this process's CPU on SQLite,
// the PostgreSQL backend's (from /proc) on PostgreSQL. Medians of the rounds, in µs.
//
//   node bench/feed-ids-cpu.mjs --data-dir /tmp/load [--database-url postgres://…]
//     [--viewers 300] [--rounds 7] [--offsets 0,10,30]
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { dataSetOf, median, openDataSet, serverModules, sqlCompiler } from './sql-bench.mjs';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    viewers: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '7' },
    offsets: { type: 'string', default: '0,10,30' },
  },
});
const dataDir = values['data-dir'];
const manifest = dataSetOf(dataDir);
const pgUrl = values['database-url'];
const rounds = Number(values.rounds);
const offsets = values.offsets.split(',').map(Number);
const PAGE = 10 + 1;

const store = await serverModules(
  'feed-ids-store',
  `export { dialectHelpers } from './db/dialect.js';
    export { feedQuery, feedByAuthorsQuery } from './modules/feed/store.js';`,
);
const d = store.dialectHelpers(pgUrl ? 'postgres' : 'sqlite');
const compiler = sqlCompiler(pgUrl);
const viewers = Array.from(
  { length: Number(values.viewers) },
  (_, i) => ((i * 7919) % manifest.users) + 1,
);

/** A compiled statement: its SQL and where the viewer (and the memo the page follows) go. */
const shape = (query) => {
  const c = query(-7, -8).compile();
  return {
    sql: c.sql,
    args: (v, after) => c.parameters.map((p) => (p === -7 ? v : p === -8 ? after : p)),
  };
};
const dataSet = await openDataSet(dataDir, pgUrl);
const { cpuNow } = dataSet;
/** The page's rows as [id, time], the same text on both engines; prepared as the server's. */
const run = async (s, v, after) =>
  (await dataSet.run({ sql: s.sql, parameters: s.args(v, after) }, { prepared: true })).map(
    (row) => [Number(row.id), new Date(row.published_at).toISOString()],
  );
const close = () => dataSet.close();

console.log(
  `${pgUrl ? 'PostgreSQL' : 'SQLite'}: ${viewers.length} viewers, ${rounds} rounds; load average ${loadavg()[0].toFixed(2)}`,
);
for (const offset of offsets) {
  const walk = shape((v) => store.feedQuery(compiler, d, v, offset, [], PAGE));
  const byAuthors = shape((v) => store.feedByAuthorsQuery(compiler, d, v, offset, PAGE));
  // a per-author page that never holds enough candidates: it must walk and agree
  const forced = shape((v) => ({
    compile: () => {
      const c = store.feedByAuthorsQuery(compiler, d, v, offset, PAGE).compile();
      return { ...c, sql: c.sql.replace(/limit (\d+)\),\n(\s+)page as/, 'limit 1),\n$2page as') };
    },
  }));
  // the memo before the page, which the web app sends as after_memo
  const before = shape((v) => store.feedQuery(compiler, d, v, Math.max(0, offset - 1), [], 1));
  const fromLast = shape((v, after) => store.feedQuery(compiler, d, v, 0, [], PAGE, { after }));
  const byAuthorsFromLast = shape((v, after) =>
    store.feedByAuthorsQuery(compiler, d, v, 0, PAGE, after),
  );
  const afterOf = new Map();
  let differ = 0;
  let differForced = 0;
  let differFromLast = 0;
  let differByAuthorsFromLast = 0;
  for (const v of viewers) {
    const a = JSON.stringify(await run(walk, v));
    if (a !== JSON.stringify(await run(byAuthors, v))) differ += 1;
    if (a !== JSON.stringify(await run(forced, v))) differForced += 1;
    const [last] = offset > 0 ? await run(before, v) : [];
    if (!last) continue;
    afterOf.set(v, last[0]);
    if (a !== JSON.stringify(await run(fromLast, v, last[0]))) differFromLast += 1;
    if (a !== JSON.stringify(await run(byAuthorsFromLast, v, last[0]))) {
      differByAuthorsFromLast += 1;
    }
  }
  const times = { walk: [], byAuthors: [], fromLast: [], byAuthorsFromLast: [] };
  for (let r = 0; r < rounds; r += 1) {
    for (const [name, s] of [
      ['walk', walk],
      ['byAuthors', byAuthors],
      ['fromLast', fromLast],
      ['byAuthorsFromLast', byAuthorsFromLast],
    ]) {
      const fromLastOnly = name === 'fromLast' || name === 'byAuthorsFromLast';
      if (fromLastOnly && afterOf.size === 0) continue;
      const started = cpuNow();
      // viewers whose feed ends before the page have no memo to follow: they ask by offset
      for (const v of viewers)
        await run(afterOf.has(v) || !fromLastOnly ? s : byAuthors, v, afterOf.get(v));
      times[name].push((cpuNow() - started) / viewers.length);
    }
  }
  const w = median(times.walk);
  const b = median(times.byAuthors);
  const f = times.fromLast.length > 0 ? median(times.fromLast) : NaN;
  const g = times.byAuthorsFromLast.length > 0 ? median(times.byAuthorsFromLast) : NaN;
  console.log(
    `offset ${offset}: answers differ for ${differ} viewers (forced walk: ${differForced}, ` +
      `from the last memo: ${differFromLast}, per author from it: ${differByAuthorsFromLast}, of ${afterOf.size}); CPU per call walk ${w.toFixed(0)} µs, ` +
      `per author ${b.toFixed(0)} µs (${(((b - w) / w) * 100).toFixed(0)}%)` +
      (Number.isFinite(f)
        ? `, from the last memo: walk ${f.toFixed(0)} µs (${(((f - w) / w) * 100).toFixed(0)}%), ` +
          `per author ${g.toFixed(0)} µs (${(((g - w) / w) * 100).toFixed(0)}%)`
        : ''),
  );
}
console.log(`load average ${loadavg()[0].toFixed(2)}`);
await close();
