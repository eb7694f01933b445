#!/usr/bin/env node
// What one cold read costs the server: statements per request, the statements' summed time
// and the server's time per request, for the lists of issue 26, one request at a time, with
// the answer cache off (ANSWER_CACHE_MB=0). The server is the built one with
// bench/load/probe.mjs preloaded, which counts the drivers' statements and times the
// requests (the product is unchanged). On a data set made by bench/generate.mjs.
//
//   npm run build -w @memoria/server
//   node bench/queries.mjs --data-dir /tmp/bench-feed [--database-url postgres://…] [--runs 100]
// --messenger: the messenger's reads instead (the profile as the floor, the viewer's thread
// list and the newest page of their largest thread), on a data directory bench/messenger.mjs
// has run on (it leaves user 1 in 50 threads).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { freePort, root, startServer } from './support.mjs';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    runs: { type: 'string', default: '100' },
    user: { type: 'string', default: '1' },
    messenger: { type: 'boolean', default: false },
  },
});
const dataDir = values['data-dir'];
if (!dataDir) {
  console.error('give --data-dir (the directory bench/generate.mjs filled)');
  process.exit(2);
}
const runs = Number(values.runs);
const manifest = JSON.parse(readFileSync(join(dataDir, 'bench-manifest.json'), 'utf8'));
const server = await startServer(
  await freePort(),
  {
    DATA_DIR: dataDir,
    DATABASE_URL: values['database-url'] ?? '',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ANSWER_CACHE_MB: '0',
  },
  { nodeArgs: ['--import', join(root, 'bench/load/probe.mjs')], ipc: true },
);

/** The server process's CPU time so far (user + system, ms), from /proc. */
function serverCpuMs() {
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function totals() {
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (message?.type !== 'load-probe') return;
      server.child.off('message', onMessage);
      resolve(message.totals);
    };
    server.child.on('message', onMessage);
    server.child.send({ type: 'load-probe', resetWindow: false });
  });
}

try {
  const me = Number(values.user);
  const login = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usermail: `bench${me}@example.test`, password: manifest.password }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`login failed: ${login.status}`);
  const headers = { authorization: `Bearer ${token}`, accept: 'application/ld+json' };
  const other = (me % manifest.users) + 1;
  const profile = ['GET /api/profile (the session check and a profile: the floor)', '/api/profile'];
  const targets = [
    profile,
    ['GET /api/feed (page 1)', '/api/feed?offset=0&itemsPerPage=10'],
    ['GET /api/discover (posts page 1)', '/api/discover?offset=0&itemsPerPage=10'],
    ['GET /api/discover/people (page 1)', '/api/discover/people?offset=0&itemsPerPage=10'],
    ['GET /api/user/{me}/collection', `/api/user/${me}/collection`],
    ['GET /api/user/{contact}/collection', `/api/user/${other}/collection`],
    [
      `GET /api/collection/{id}/memo (page 1 of ${manifest.bigCollectionMemos})`,
      `/api/collection/${manifest.bigCollectionId}/memo?offset=0&itemsPerPage=10`,
    ],
    ['GET /api/user/{me}/memo (home list)', `/api/user/${me}/memo?offset=0&itemsPerPage=10`],
    ['GET /api/collection/{id}', `/api/collection/${manifest.bigCollectionId}`],
    ['GET /api/notifications (page 1)', '/api/notifications?offset=0&itemsPerPage=10'],
  ];
  if (values.messenger) {
    const list = await (
      await fetch(`${server.base}/api/user/threads?itemsPerPage=99999`, { headers })
    ).json();
    const threads = list['hydra:member'];
    const largest = threads.reduce((a, b) => (b.users.length > a.users.length ? b : a));
    targets.splice(
      0,
      targets.length,
      profile,
      [
        `GET /api/user/threads (${threads.length} threads, ${threads.reduce((n, x) => n + x.users.length, 0)} members)`,
        '/api/user/threads?itemsPerPage=99999',
      ],
      [
        `GET /api/thread/{id}/messages (newest page, ${largest.users.length} members)`,
        `/api/thread/${largest.id}/messages?page=1`,
      ],
    );
  }
  const rows = [];
  for (const [title, path] of targets) {
    for (let i = 0; i < 5; i += 1) {
      const res = await fetch(`${server.base}${path}`, { headers });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
    const before = await totals();
    const cpuBefore = serverCpuMs();
    const client = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      const res = await fetch(`${server.base}${path}`, { headers });
      await res.arrayBuffer();
      client.push(performance.now() - started);
    }
    const cpuAfter = serverCpuMs();
    const after = await totals();
    client.sort((a, b) => a - b);
    const n = after.requests - before.requests;
    rows.push({
      title,
      statements: (after.statements - before.statements) / n,
      statementMs: (after.statementMs - before.statementMs) / n,
      // one request at a time: the time with a statement open, once
      statementBusyMs: (after.statementBusyMs - before.statementBusyMs) / n,
      serverMs: (after.requestMs - before.requestMs) / n,
      // CPU the server spent per request (all its threads; /proc counts in 10 ms ticks)
      cpuMs: (cpuAfter - cpuBefore) / runs,
      p50: client[Math.floor(runs / 2)],
      p99: client[Math.min(runs - 1, Math.floor(runs * 0.99))],
    });
  }
  console.log(
    `\n${values['database-url'] ? 'PostgreSQL' : 'SQLite'}, ${manifest.users} people, ${manifest.memos} memos; viewer bench${me}; ${runs} requests each, one at a time, ANSWER_CACHE_MB=0; node ${process.version}; ${new Date().toISOString()}, load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}\n`,
  );
  console.log(
    '| request | statements | statements summed ms | waiting on the database ms | server ms | server CPU ms | database share | client p50 ms | client p99 ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.title} | ${r.statements.toFixed(1)} | ${r.statementMs.toFixed(2)} | ${r.statementBusyMs.toFixed(2)} | ${r.serverMs.toFixed(2)} | ${r.cpuMs.toFixed(2)} | ${Math.round((r.statementBusyMs / r.serverMs) * 100)}% | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`,
    );
  }
} finally {
  await server.stop();
}
