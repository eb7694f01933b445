#!/usr/bin/env node
// Feed and discover at scale, over HTTP: feed page 1 (signed in), the new-content check,
// discover posts page 1 (signed in and as a visitor) and discover people, on a database made
// by bench/generate.mjs with ~100 contacts and followings per user, each beside a Fastify
// hello-world measured in the same run.
//
//   node bench/generate.mjs --data-dir /tmp/bench-feed --contacts 25 --follows 50 --blocks 1 --mutes 1 --mixed
//   npm run build -w @memoria/server && node bench/feed.mjs --data-dir /tmp/bench-feed [--database-url postgres://…]
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, root, startServer, waitFor } from './support.mjs';
import { measure, printTable } from './measure.mjs';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    user: { type: 'string', default: '1' },
  },
});
const dataDir = values['data-dir'];
if (!dataDir) {
  console.error('give --data-dir (the directory bench/generate.mjs filled)');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(join(dataDir, 'bench-manifest.json'), 'utf8'));
const load = { duration: Number(values.duration), connections: Number(values.connections) };
const engine = values['database-url'] ? 'PostgreSQL' : 'SQLite';

const helloPort = await freePort();
const hello = fork(join(root, 'bench/hello-world.mjs'), {
  env: { ...process.env, PORT: String(helloPort) },
});
const { base, stop } = await startServer(await freePort(), {
  DATA_DIR: dataDir,
  DATABASE_URL: values['database-url'] ?? '',
  RATE_LIMIT_PER_MINUTE: '100000000',
});

try {
  await waitFor(`http://127.0.0.1:${helloPort}/`);
  const usermail = `bench${values.user}@example.test`;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usermail, password: manifest.password }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`login failed: ${login.status}`);
  const signedIn = { authorization: `Bearer ${token}`, accept: 'application/ld+json' };
  const visitor = { accept: 'application/ld+json' };

  // Each URL must answer 200 with content before it is measured.
  const targets = [
    [
      'GET /api/feed (page 1, hydra, as the web app asks)',
      '/api/feed?offset=0&itemsPerPage=10',
      signedIn,
    ],
    ['GET /api/feed/latest (new-content check)', '/api/feed/latest', signedIn],
    [
      'GET /api/discover (posts page 1, signed in)',
      '/api/discover?offset=0&itemsPerPage=10',
      signedIn,
    ],
    [
      'GET /api/discover (posts page 1, visitor)',
      '/api/discover?offset=0&itemsPerPage=10',
      visitor,
    ],
    [
      'GET /api/discover/people (page 1, signed in)',
      '/api/discover/people?offset=0&itemsPerPage=10',
      signedIn,
    ],
  ];
  for (const [, path, headers] of targets) {
    const res = await fetch(`${base}${path}`, { headers });
    const body = await res.json();
    const members = body['hydra:member'];
    if (
      res.status !== 200 ||
      (Array.isArray(members) && members.length === 0) ||
      body.latest === null
    ) {
      throw new Error(`${path} answered ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
  }

  const loadBefore = loadavg();
  const rows = [
    await measure(
      'Fastify hello-world (reference)',
      { url: `http://127.0.0.1:${helloPort}/` },
      load,
    ),
  ];
  for (const [title, path, headers] of targets) {
    rows.push(await measure(title, { url: `${base}${path}`, headers }, load));
  }
  rows.push(
    await measure(
      'Fastify hello-world (again, at the end)',
      { url: `http://127.0.0.1:${helloPort}/` },
      load,
    ),
  );
  const loadAfter = loadavg();
  const fixed = (v) => v.map((x) => x.toFixed(2)).join(' ');
  console.log(
    `\n${engine}, ${manifest.users} users, ${manifest.memos} memos, ${manifest.contactsPerUser ?? '?'} contacts + ${manifest.followsPerUser ?? '?'} followings per user; viewer ${usermail}; autocannon ${load.connections} connections, ${load.duration} s each, node ${process.version}`,
  );
  console.log(
    `${new Date().toISOString()}; load average (1/5/15 min) before ${fixed(loadBefore)}, after ${fixed(loadAfter)}\n`,
  );
  printTable(rows, rows[0]);
} finally {
  hello.kill();
  await stop();
}
