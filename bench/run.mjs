#!/usr/bin/env node
// Measures the built server against a Fastify hello-world in the same run.
// Usage: npm run build && node bench/run.mjs [--duration 10] [--connections 50]
// Prints a Markdown table to paste into docs/PERFORMANCE.md. Only talks to 127.0.0.1.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { activatedUser, freePort, root, startServer, waitFor } from './support.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

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
// Benchmarks sign in many times from one address: lift the per-address limit.
const { base, dataDir, stop } = await startServer(await freePort(), {
  RATE_LIMIT_PER_MINUTE: '100000000',
});

try {
  await waitFor('http://127.0.0.1:3901/');
  const usermail = 'bench@example.test';
  const password = 'Bench#Password1';
  const { token } = await activatedUser(base, dataDir, usermail, password);

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
  await stop();
}
