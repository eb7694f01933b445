#!/usr/bin/env node
// Memo reads at scale: a collection's memo list, a user's home list and a single memo,
// signed in, on a database made by bench/generate.mjs (1,000,000 memos by default),
// each beside a Fastify hello-world measured in the same run.
//
//   node bench/generate.mjs --data-dir /tmp/bench-big
//   npm run build && node bench/memos.mjs --data-dir /tmp/bench-big [--database-url postgres://…]
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
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usermail: manifest.benchUser.usermail, password: manifest.password }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`login failed: ${login.status}`);
  const headers = { authorization: `Bearer ${token}` };

  // Each URL must answer 200 with content before it is measured.
  const targets = [
    [
      `GET /api/collection/{id}/memo (${manifest.bigCollectionMemos} memos in it)`,
      `/api/collection/${manifest.bigCollectionId}/memo`,
    ],
    ['GET /api/user/{id}/memo (home list)', `/api/user/${manifest.benchUser.id}/memo`],
    ['GET /api/memo/{id}', `/api/memo/${manifest.sampleMemoId}`],
    [
      'GET /api/collection/{id}/memo as hydra (with hydra:totalItems, as the web app asks)',
      `/api/collection/${manifest.bigCollectionId}/memo`,
      { accept: 'application/ld+json' },
    ],
  ];
  for (const [, path, extra] of targets) {
    const res = await fetch(`${base}${path}`, { headers: { ...headers, ...extra } });
    const body = await res.json();
    const members = Array.isArray(body) ? body : body['hydra:member'];
    if (res.status !== 200 || (Array.isArray(members) && members.length === 0)) {
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
  for (const [title, path, extra] of targets) {
    rows.push(
      await measure(title, { url: `${base}${path}`, headers: { ...headers, ...extra } }, load),
    );
  }
  // Again at the end: on a shared machine the reference drifts, and this shows by how much.
  rows.push(
    await measure(
      'Fastify hello-world (again, at the end)',
      { url: `http://127.0.0.1:${helloPort}/` },
      load,
    ),
  );
  const loadAfter = loadavg();
  const fixed = (values) => values.map((v) => v.toFixed(2)).join(' ');
  console.log(
    `\n${engine}, ${manifest.users} users, ${manifest.memos} memos; autocannon ${load.connections} connections, ${load.duration} s each, node ${process.version}`,
  );
  console.log(
    `${new Date().toISOString()}; load average (1/5/15 min) before ${fixed(loadBefore)}, after ${fixed(loadAfter)}\n`,
  );
  printTable(rows, rows[0]);
} finally {
  hello.kill();
  await stop();
}
