#!/usr/bin/env node
// What a commit costs on this PostgreSQL when it carries a NOTIFY and when it does not
// (docs/PERFORMANCE.md, People per machine). Opens --connections connections, each running
// one-row write transactions (begin; insert; commit) back to back for --time seconds, the
// kinds of commit taking turns in rounds: "plain" sends COMMIT alone; "notify" sends
// `select pg_notify(…); COMMIT` in one message, as the server did before 2026-11-29;
// "after" commits plainly, then asks one connection of its own to notify, one notify at a
// time with one more after it for the commits meanwhile and synchronous_commit off for the
// notify, as the server does since (apps/server/src/db/change-signals.ts). A transaction that
// notified takes a database-wide lock at commit and keeps it through the WAL flush, so such
// commits cannot share one flush (group commit) and queue behind each other. Prints per round
// the transactions per second and p50/p99 of a transaction.
//
//   node bench/pg-commit.mjs [--database-url postgres://postgres@127.0.0.1:5432/postgres]
//        [--connections 20] [--time 10] [--rounds 2] [--kinds plain,notify,after]
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    connections: { type: 'string', default: '20' },
    time: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    kinds: { type: 'string', default: 'plain,notify,after' },
  },
});
const connections = Number(values.connections);
const seconds = Number.parseFloat(values.time);
const rounds = Number(values.rounds);
const table = `bench_commit_${process.pid}`;
const channel = `bench_commit_${process.pid}`;

const admin = new pg.Client({ connectionString: values['database-url'] });
await admin.connect();
await admin.query(`create table "${table}" (id bigserial primary key, at timestamptz, n int)`);
// someone listens, as the other server instances do: a notify nobody hears costs less
await admin.query(`listen "${channel}"`);
let heard = 0;
admin.on('notification', () => (heard += 1));

const clients = await Promise.all(
  Array.from({ length: connections }, async () => {
    const client = new pg.Client({ connectionString: values['database-url'] });
    await client.connect();
    return client;
  }),
);

// "after": the coalesced signal of db/change-signals.ts, written again here
const signaller = new pg.Client({ connectionString: values['database-url'] });
await signaller.connect();
let sending;
let again = false;
let sent = 0;
const signal = () => {
  if (sending) {
    again = true;
    return;
  }
  sent += 1;
  sending = signaller
    .query("select set_config('synchronous_commit', 'off', true), pg_notify($1, 'x')", [channel])
    .finally(() => {
      sending = undefined;
      if (again) {
        again = false;
        signal();
      }
    });
};

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function round(kind) {
  const commit = kind === 'notify' ? `select pg_notify('${channel}', 'x'); commit` : 'commit';
  const times = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (client, i) => {
      while (performance.now() < end) {
        const started = performance.now();
        await client.query('begin');
        await client.query(`insert into "${table}" (at, n) values (now(), $1)`, [i]);
        await client.query(commit);
        if (kind === 'after') signal();
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    kind,
    perSecond: times.length / seconds,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
  };
}

console.log(`${connections} connections, ${seconds} s a round, load ${loadavg()[0].toFixed(2)}`);
try {
  for (let r = 0; r < rounds; r += 1) {
    for (const kind of values.kinds.split(',')) {
      const result = await round(kind);
      console.log(
        `${kind.padEnd(6)} ${result.perSecond.toFixed(0).padStart(6)} tx/s  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  (load ${loadavg()[0].toFixed(2)})`,
      );
    }
  }
} finally {
  while (sending) await sending;
  await Promise.all([...clients, signaller].map((client) => client.end()));
  await admin.query(`drop table "${table}"`);
  await admin.end();
}
console.log(`notifications heard: ${heard} (${sent} sent by the "after" rounds)`);
