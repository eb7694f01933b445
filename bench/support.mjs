// What the benchmark scripts share: start the built server on a fresh data directory, wait
// for it, and create an activated user through the API (code read from the outbox).
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export { CHROMIUM_ARGS } from './chromium-args.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// Up to two minutes: a loaded two-core machine can take that long to start the server.
export async function waitFor(url) {
  for (let i = 0; i < 480; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not ready: ${url}`);
}

/** A process's CPU time so far (user + system, ms), from /proc (Linux; 10 ms ticks). */
export function processCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * Starts apps/server/dist/main.js (or BENCH_SERVER_MAIN) on 127.0.0.1:port with a temp DATA_DIR;
 * waits for health.
 * options.nodeArgs: node options for this server (added to BENCH_SERVER_NODE_ARGS);
 * options.ipc: open an IPC channel to it (bench/load/probe.mjs answers on it).
 */
export async function startServer(port, env = {}, options = {}) {
  const base = `http://127.0.0.1:${port}`;
  // A given DATA_DIR is the caller's and is kept; otherwise a temporary one is made and removed.
  const ownsDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'memoria-bench-'));
  // BENCH_SERVER_NODE_ARGS: node options for the server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"
  // (node refuses --cpu-prof in NODE_OPTIONS, which would profile the bench's clients too)
  const nodeArgs = [
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ...(options.nodeArgs ?? []),
  ];
  // BENCH_SERVER_MAIN: another build of the server to run (an A/B of two builds in one session)
  const main = process.env.BENCH_SERVER_MAIN ?? join(root, 'apps/server/dist/main.js');
  const server = spawn(process.execPath, [...nodeArgs, main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
      DATA_DIR: dataDir,
    },
    // BENCH_SERVER_LOG=<file>: the server's log (warnings and up) kept there, not dropped
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore',
      'inherit',
      ...(options.ipc ? ['ipc'] : []),
    ],
  });
  const stop = async () => {
    server.kill();
    await new Promise((r) => setTimeout(r, 300));
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/health`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDir, stop, pid: server.pid, child: server };
}

/** Signs up through the API and activates with the code from the outbox; answers the tokens. */
export async function activatedUser(base, dataDir, usermail, password) {
  const signup = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usermail, password, userProfile: { name: 'Bench', locale: 'en' } }),
  });
  const { token: activationToken } = await signup.json();
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
  const session = await verified.json();
  if (!session.token || !session.refresh_token) {
    throw new Error(`could not activate ${usermail}: ${JSON.stringify(session)}`);
  }
  return { token: session.token, refreshToken: session.refresh_token };
}
