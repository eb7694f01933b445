// What the at-scale HTTP benches share (bench/memos.mjs, bench/feed.mjs): the options, the
// data set made by bench/generate.mjs, the built server started on it beside a Fastify
// hello-world, a sign-in, a check that every URL answers 200 with content, then each URL
// measured with autocannon between two runs of the hello-world, and the table.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, processCpuMs, root, startServer, waitFor } from './support.mjs';
import { measure, printTable } from './measure.mjs';

/**
 * @param {object} bench
 * @param {Record<string, object>} [bench.options] more command-line options
 * @param {(context: { base: string, manifest: object, values: object, signIn: (usermail: string) => Promise<string> }) => Promise<Array<[string, string, Record<string, string>?]>>} bench.targets
 *   the [title, path, headers] to measure, in order
 * @param {(manifest: object, values: object) => string} bench.describe what the data set is, for the heading
 */
export async function runScaleBench({ options = {}, targets, describe }) {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      // --only <regexp>: measure only the targets whose title matches (the hello-world always)
      only: { type: 'string' },
      ...options,
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
  const { base, stop, pid } = await startServer(await freePort(), {
    DATA_DIR: dataDir,
    DATABASE_URL: values['database-url'] ?? '',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });

  try {
    await waitFor(`http://127.0.0.1:${helloPort}/`);
    const signIn = async (usermail) => {
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usermail, password: manifest.password }),
      });
      const { token } = await login.json();
      if (!token) throw new Error(`login failed: ${login.status}`);
      return token;
    };
    const only = values.only ? new RegExp(values.only, 'i') : undefined;
    const list = (await targets({ base, manifest, values, signIn })).filter(
      ([title]) => !only || only.test(title),
    );

    // Each URL must answer 200 with content before it is measured.
    for (const [, path, headers] of list) {
      const res = await fetch(`${base}${path}`, { headers });
      const body = await res.json();
      const members = Array.isArray(body) ? body : body['hydra:member'];
      const empty = (Array.isArray(members) && members.length === 0) || body.latest === null;
      if (res.status !== 200 || empty) {
        throw new Error(`${path} answered ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      }
    }

    const reference = { url: `http://127.0.0.1:${helloPort}/` };
    const loadBefore = loadavg();
    const rows = [await measure('Fastify hello-world (reference)', reference, load)];
    for (const [title, path, headers] of list) {
      // the server's CPU over the run, per answer: robust where the rate is not (a shared machine)
      const cpuBefore = processCpuMs(pid);
      const row = await measure(title, { url: `${base}${path}`, headers }, load);
      row.cpuMs = (processCpuMs(pid) - cpuBefore) / Math.max(1, row.requests);
      rows.push(row);
    }
    // Again at the end: on a shared machine the reference drifts, and this shows by how much.
    rows.push(await measure('Fastify hello-world (again, at the end)', reference, load));
    const loadAfter = loadavg();
    const fixed = (averages) => averages.map((v) => v.toFixed(2)).join(' ');
    console.log(
      `\n${engine}, ${describe(manifest, values)}; autocannon ${load.connections} connections, ${load.duration} s each, node ${process.version}`,
    );
    console.log(
      `${new Date().toISOString()}; load average (1/5/15 min) before ${fixed(loadBefore)}, after ${fixed(loadAfter)}\n`,
    );
    printTable(rows, rows[0]);
  } finally {
    hello.kill();
    await stop();
  }
}
