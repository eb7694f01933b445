import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeDb } from '../test/harness.js';
import { createCliInstance, sharedBundle, type CliInstance } from './cli-harness.js';

/**
 * `npm start` (scripts/start.mjs) runs the server as its child. Whatever ends start.mjs, the
 * server must end too, and not be left running without it.
 *
 * The test runs the real start.mjs from a private copy of the repository's layout (the
 * script, a link to the run's server bundle (test/cli-bundle.ts), a placeholder web build),
 * so it builds nothing else and leaves apps/server/dist alone. The copy sits under
 * apps/server/node_modules beside the bundle.
 */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const repoRoot = path.join(serverDir, '../..');

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/** true while the process runs; a zombie (ended, not yet reaped by its new parent) has ended */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function gone(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!running(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !running(pid);
}

interface Started {
  starter: ChildProcess;
  serverPid: number;
  output: () => string;
}

describeDb('npm start: the server goes down with the process that started it', () => {
  let root: string;
  let cli: CliInstance;
  const leftovers: number[] = [];

  beforeAll(async () => {
    root = path.join(
      serverDir,
      'node_modules/.cache/memoria-start-test',
      `${process.pid}-${randomBytes(4).toString('hex')}`,
    );
    const bundle = await sharedBundle();
    // Node runs a linked main.js from where it really is, so its dependencies resolve there.
    fs.mkdirSync(path.join(root, 'apps/server'), { recursive: true });
    fs.symlinkSync(path.dirname(bundle.mainJs), path.join(root, 'apps/server/dist'), 'dir');
    fs.mkdirSync(path.join(root, 'scripts'), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, 'scripts/start.mjs'), path.join(root, 'scripts/start.mjs'));
    // start.mjs builds what is missing or older than its sources; this copy has no sources.
    fs.mkdirSync(path.join(root, 'apps/web/dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'apps/web/dist/index.html'), '<!doctype html>');
    cli = await createCliInstance(bundle);
  });
  afterAll(async () => {
    for (const pid of leftovers) if (running(pid)) process.kill(pid, 'SIGKILL');
    await cli?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  /** Runs start.mjs and waits until its server is ready; answers the server's process id. */
  async function start(): Promise<Started> {
    const starter = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      env: { ...cli.env, PORT: '0', HOST: '127.0.0.1' },
      cwd: cli.dataDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const serverPid = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no server:\n${output}`)), 30_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const ready = output.split('\n').find((line) => line.includes('Memoria is ready'));
        if (ready) {
          clearTimeout(timer);
          resolve((JSON.parse(ready) as { pid: number }).pid);
        }
      };
      starter.stdout?.on('data', onData);
      starter.stderr?.on('data', onData);
      starter.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`start.mjs exited with ${code}:\n${output}`));
      });
    });
    leftovers.push(serverPid);
    return { starter, serverPid, output: () => output };
  }

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGKILL'] as const) {
    it(`${signal} to start.mjs ends the server, which shuts down cleanly`, async () => {
      const { starter, serverPid, output } = await start();
      expect(serverPid).not.toBe(starter.pid);
      expect(running(serverPid)).toBe(true);

      starter.kill(signal);

      expect(await gone(serverPid, 10_000)).toBe(true);
      // A clean shutdown, not a crash: the server logged it and closed its database.
      const shutdown = output()
        .split('\n')
        .filter((line) => line.includes('shutting down'))
        .map((line) => (JSON.parse(line) as { signal: string }).signal);
      expect(shutdown).toEqual([signal === 'SIGKILL' ? 'parent exited' : signal]);
    });
  }
});
