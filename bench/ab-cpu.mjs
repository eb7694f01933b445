#!/usr/bin/env node
// Two builds of the server side by side on one data set, their CPU per answer compared: a
// round of requests to one, then the same to the other, rounds alternated, each server's CPU
// read from /proc around its own rounds. Both see the same machine at nearly the same time,
// so on a shared machine the ratio holds where each figure alone swings by a third.
//
//   node bench/ab-cpu.mjs --data-dir /tmp/bench-feed --base <other build>/main.js [--rounds 10 --per-round 50]
// The other build: a copy of apps/server/dist made before a change (kept beside the
// worktree, so it finds the same node_modules). SQLite only; ANSWER_CACHE_MB=0 (cold reads).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { freePort, processCpuMs, startServer } from './support.mjs';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    base: { type: 'string' },
    rounds: { type: 'string', default: '10' },
    'per-round': { type: 'string', default: '50' },
    user: { type: 'string', default: '1' },
  },
});
const dataDir = values['data-dir'];
if (!dataDir || !values.base) {
  console.error('give --data-dir (made by bench/generate.mjs) and --base (the other build)');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(`${dataDir}/bench-manifest.json`, 'utf8'));
const env = { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '100000000', ANSWER_CACHE_MB: '0' };
const own = process.env.BENCH_SERVER_MAIN;
process.env.BENCH_SERVER_MAIN = values.base;
const base = await startServer(await freePort(), env);
if (own === undefined) delete process.env.BENCH_SERVER_MAIN;
else process.env.BENCH_SERVER_MAIN = own;
const next = await startServer(await freePort(), env);
const servers = [
  { name: 'base', ...base },
  { name: 'this build', ...next },
];

try {
  for (const server of servers) {
    const login = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        usermail: `bench${values.user}@example.test`,
        password: manifest.password,
      }),
    });
    const { token } = await login.json();
    if (!token) throw new Error(`login failed: ${login.status}`);
    server.headers = { authorization: `Bearer ${token}`, accept: 'application/ld+json' };
  }
  const targets = [
    ['GET /api/profile', '/api/profile'],
    ['GET /api/feed (page 1)', '/api/feed?offset=0&itemsPerPage=10'],
    ['GET /api/discover (posts page 1)', '/api/discover?offset=0&itemsPerPage=10'],
    [
      'GET /api/collection/{id}/memo (page 1)',
      `/api/collection/${manifest.bigCollectionId}/memo?offset=0&itemsPerPage=10`,
    ],
    ['GET /api/user/{me}/memo (page 1)', `/api/user/${values.user}/memo?offset=0&itemsPerPage=10`],
    ['GET /api/thread/unread', '/api/thread/unread'],
    ['GET /api/notifications/unread', '/api/notifications/unread'],
  ];
  const rounds = Number(values.rounds);
  const perRound = Number(values['per-round']);
  const loadBefore = loadavg();
  const rows = [];
  for (const [title, path] of targets) {
    const cpu = [0, 0];
    const bodies = [];
    for (let round = -1; round < rounds; round += 1) {
      for (const [i, server] of servers.entries()) {
        const before = processCpuMs(server.pid);
        for (let n = 0; n < perRound; n += 1) {
          const res = await fetch(`${server.base}${path}`, { headers: server.headers });
          if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
          const text = await res.text();
          if (n === 0 && round === -1) bodies[i] = text;
        }
        // round -1 warms both up and is not counted
        if (round >= 0) cpu[i] += processCpuMs(server.pid) - before;
      }
    }
    const [a, b] = cpu.map((ms) => ms / (rounds * perRound));
    rows.push({ title, a, b, bodies });
  }
  const fixed = (averages) => averages.map((v) => v.toFixed(2)).join(' ');
  console.log(
    `\nSQLite, ${manifest.users} people, ${manifest.memos} memos; ${rounds} rounds of ${perRound} requests per build, one at a time, alternated; ${new Date().toISOString()}; load average ${fixed(loadBefore)} → ${fixed(loadavg())}\n`,
  );
  console.log(
    '| request | base CPU ms | this build CPU ms | change | answer bytes (base, this; same bytes?) |',
  );
  console.log('|---|---:|---:|---:|---|');
  for (const r of rows) {
    console.log(
      `| ${r.title} | ${r.a.toFixed(3)} | ${r.b.toFixed(3)} | ${Math.round((r.b / r.a - 1) * 100)}% | ${r.bodies.map((b) => b.length).join(', ')}; ${r.bodies[0] === r.bodies[1] ? 'same' : 'DIFFERENT'} |`,
    );
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}
