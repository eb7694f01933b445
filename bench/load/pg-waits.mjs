#!/usr/bin/env node
// What PostgreSQL's connections are doing under load: samples pg_stat_activity every
// --interval for --time and counts, over all samples, the client connections of the database
// by state and wait event (a heavyweight lock on an object, the WAL flush, waiting for the
// client…), and for those waiting on a lock or the WAL, the statements they were in. Run it
// beside bench/load/run.mjs (docs/PERFORMANCE.md, People per machine).
//
//   node bench/load/pg-waits.mjs --database-url postgres://…/memoria_load_10000_1000000
//        [--time 60s] [--interval 100ms] [--json file]
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    'database-url': {
      type: 'string',
      default: 'postgres://postgres@127.0.0.1:5432/memoria_load_10000_1000000',
    },
    time: { type: 'string', default: '60' },
    interval: { type: 'string', default: '100' },
    json: { type: 'string' },
  },
});
const seconds = Number.parseFloat(values.time);
const intervalMs = Number.parseFloat(values.interval);

const client = new pg.Client({
  connectionString: values['database-url'],
  application_name: 'pg-waits',
});
await client.connect();

const states = new Map();
const statements = new Map();
let samples = 0;
const add = (map, key, n = 1) => map.set(key, (map.get(key) ?? 0) + n);

const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  const started = Date.now();
  const { rows } = await client.query(
    `select state, wait_event_type, wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) as query
       from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend'
        and pid <> pg_backend_pid()`,
  );
  samples += 1;
  for (const row of rows) {
    const wait = row.wait_event_type ? `${row.wait_event_type}:${row.wait_event}` : 'on CPU';
    add(states, `${row.state ?? '-'} / ${wait}`);
    if (row.state === 'active' && row.wait_event_type && row.wait_event_type !== 'Client') {
      add(statements, `${wait} | ${row.query}`);
    }
  }
  const rest = intervalMs - (Date.now() - started);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}
await client.end();

const table = (map) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => ({ key, perSample: n / samples }));
const result = {
  samples,
  load: loadavg()[0],
  states: table(states),
  waiting: table(statements).slice(0, 15),
};
console.log(`${samples} samples, load ${result.load.toFixed(2)}; connections per sample:`);
for (const { key, perSample } of result.states) {
  console.log(`  ${perSample.toFixed(2).padStart(6)}  ${key}`);
}
console.log('waiting (not on the client), by statement:');
for (const { key, perSample } of result.waiting) {
  console.log(`  ${perSample.toFixed(2).padStart(6)}  ${key}`);
}
if (values.json) writeFileSync(values.json, JSON.stringify(result, null, 2));
