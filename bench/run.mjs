#!/usr/bin/env node
// Measures the built server against a Fastify hello-world in the same run.
// Usage: npm run build && node bench/run.mjs [--duration 10] [--connections 50]
// Prints a Markdown table to paste into docs/PERFORMANCE.md. Only talks to 127.0.0.1.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const APP_PORT = 3902;
const base = `http://127.0.0.1:${APP_PORT}`;

async function waitFor(url) {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not ready: ${url}`);
}

function measure(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration, connections, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        title,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

const hello = fork(join(root, 'bench/hello-world.mjs'), { env: { ...process.env, PORT: '3901' } });
const dataDir = mkdtempSync(join(tmpdir(), 'memoria-bench-'));
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(APP_PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // benchmarks sign in many times from one address
    RATE_LIMIT_PER_MINUTE: '100000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitFor('http://127.0.0.1:3901/');
  await waitFor(`${base}/api/health`);

  // A signed-in user for the authenticated routes, created through the API.
  const usermail = 'bench@example.test';
  const password = 'Bench#Password1';
  const signup = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usermail, password, userProfile: { name: 'Bench', locale: 'en' } }),
  });
  const { token: activationToken } = await signup.json();
  const { readdirSync, readFileSync } = await import('node:fs');
  const outbox = join(dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .map((f) => readFileSync(join(outbox, f), 'utf8'))
    .join('\n');
  const code = /\b(\d{6})\b/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
  const verified = await fetch(`${base}/api/user/account/verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${activationToken}` },
    body: JSON.stringify({ code }),
  });
  const { token } = await verified.json();
  if (!token) throw new Error('could not activate the bench user');

  const rows = [];
  rows.push(await measure('Fastify hello-world (reference)', { url: 'http://127.0.0.1:3901/' }));
  rows.push(await measure('GET /api/health (database round trip)', { url: `${base}/api/health` }));
  rows.push(
    await measure('GET /api/profile (JWT + session check + profile read)', {
      url: `${base}/api/profile`,
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  rows.push(
    await measure('POST /api/login (argon2id verify, new session)', {
      url: `${base}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usermail, password }),
      connections: Math.min(connections, 8),
    }),
  );
  rows.push(await measure('GET / (built web app index.html)', { url: `${base}/` }));

  console.log(
    `\nautocannon, ${connections} connections, ${duration} s each, node ${process.version}\n`,
  );
  console.log('| what | req/s | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.title} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.non2xx} | ${row.errors} |`,
    );
  }
} finally {
  hello.kill();
  server.kill();
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dataDir, { recursive: true, force: true });
}
