#!/usr/bin/env node
// Who hears of an edited memo (realtime/memo-changes.ts, memoReadersQuery): the audience rules
// run for everyone online (1,000 people, as before watched memos) against the same rules for
// the few people whose tabs hold the memo (watch_memos). Compiled from the server's source and
// run as the server runs it, on a data set made by bench/generate.mjs, for published memos of
// public collections (the ones many people see, so the most that can be told). The CPU per
// call: this process's on SQLite, the PostgreSQL backend's (from /proc) on PostgreSQL; medians
// of the rounds, the two ways alternated.
//
//   node bench/memo-audience-cpu.mjs --data-dir /tmp/load [--database-url postgres://…]
//     [--memos 100] [--online 1000] [--watchers 5] [--rounds 5]
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { dataSetOf, median, openDataSet, serverModules, sqlCompiler } from './sql-bench.mjs';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    memos: { type: 'string', default: '100' },
    online: { type: 'string', default: '1000' },
    watchers: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '5' },
  },
});
const dataDir = values['data-dir'];
const manifest = dataSetOf(dataDir);
const pgUrl = values['database-url'];
const rounds = Number(values.rounds);
const store = await serverModules(
  'memo-audience',
  `export { dialectHelpers } from './db/dialect.js';
    export { memoReadersQuery } from './realtime/memo-changes.js';`,
);
const d = store.dialectHelpers(pgUrl ? 'postgres' : 'sqlite');
const compiler = sqlCompiler(pgUrl);
const { run, cpuNow, close } = await openDataSet(dataDir, pgUrl);

// published memos of public collections, spread over the data set
const step = Math.floor(manifest.memos / Number(values.memos));
const memoIds = [];
for (let id = step; memoIds.length < Number(values.memos) && id <= manifest.memos; id += step) {
  const found = await run(
    compiler
      .selectFrom('memos')
      .select('id')
      .where('id', '>=', id)
      .where('discoverable', '=', pgUrl ? true : 1)
      .orderBy('id')
      .limit(1)
      .compile(),
  );
  if (found[0]) memoIds.push(Number(found[0].id));
}
const people = (n, seed) =>
  Array.from({ length: n }, (_, i) => (((i + seed) * 7919) % manifest.users) + 1);
const online = people(Number(values.online), 1);
const watchers = people(Number(values.watchers), 17);
const query = (memoId, users) => store.memoReadersQuery(compiler, d, memoId, users).compile();

console.log(
  `${pgUrl ? 'PostgreSQL' : 'SQLite'}: ${memoIds.length} memos, ${online.length} online, ` +
    `${watchers.length} watchers; load average ${loadavg()[0].toFixed(2)}`,
);
const told = { online: 0, watchers: 0 };
for (const memoId of memoIds) {
  told.online += (await run(query(memoId, online))).length;
  told.watchers += (await run(query(memoId, watchers))).length;
}
const times = { online: [], watchers: [] };
for (let r = 0; r < rounds; r += 1) {
  for (const [name, users] of [
    ['online', online],
    ['watchers', watchers],
  ]) {
    const started = cpuNow();
    for (const memoId of memoIds) await run(query(memoId, users));
    times[name].push((cpuNow() - started) / memoIds.length);
  }
}
const a = median(times.online);
const b = median(times.watchers);
console.log(
  `everyone online: ${a.toFixed(0)} µs a change (${(told.online / memoIds.length).toFixed(0)} told); ` +
    `the watchers: ${b.toFixed(0)} µs (${(told.watchers / memoIds.length).toFixed(1)} told); ` +
    `${(a / b).toFixed(0)}× less`,
);
console.log(`load average ${loadavg()[0].toFixed(2)}`);
await close();
