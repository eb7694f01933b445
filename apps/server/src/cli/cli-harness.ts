import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseTarget } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { BUNDLE_FAILED, BUNDLE_READY } from '../test/cli-bundle.js';
import { TEST_DB } from '../test/harness.js';
import { withCliIo } from './output.js';
import { runCli } from './program.js';

/**
 * Runs the command line against a temporary instance (a temp DATA_DIR with its SQLite file,
 * or a fresh PostgreSQL schema): in the test's own process by default, or as the real
 * `memoria-admin` binary (and the real server) in child processes.
 */

const run = promisify(execFile);

export interface Bundle {
  adminJs: string;
  mainJs: string;
}

/**
 * The dist/admin.js and dist/main.js of this run, built once by the server projects'
 * globalSetup (test/cli-bundle.ts) with the project's build script, leaving apps/server/dist
 * alone. Waits while the build is still going.
 */
export async function sharedBundle(): Promise<Bundle> {
  const { dist } = inject('cliBundle');
  const deadline = Date.now() + 120_000;
  while (!fs.existsSync(path.join(dist, BUNDLE_READY))) {
    const failed = path.join(dist, BUNDLE_FAILED);
    if (fs.existsSync(failed))
      throw new Error(`the server build failed: ${fs.readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the server build did not finish (${dist})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { adminJs: path.join(dist, 'admin.js'), mainJs: path.join(dist, 'main.js') };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface ServerProcess {
  url: string;
  /** what the process has written to stdout and stderr so far */
  output(): string;
  stop(): Promise<number | null>;
  /** SIGKILL: the process ends at once, with nothing flushed or closed (the crash test) */
  kill(): Promise<void>;
}

export interface CliInstance {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  target: DatabaseTarget;
  publicUrl: string;
  /**
   * Runs a command in this process: the same program as the binary (createProgram, runCli)
   * with the instance's environment, its stdout and stderr captured and its exit code
   * answered. About half a second of CPU less per command than a child process.
   */
  admin(...args: string[]): Promise<CliResult>;
  /**
   * Runs a command through the built binary (`node dist/admin.js`) in a child process: for
   * the checks that the binary is wired (arguments reach the program, the exit code and
   * stdout reach the shell).
   */
  binary(...args: string[]): Promise<CliResult>;
  /** runs a command (in this process) with --json, expects exit 0, answers the parsed output */
  json<T = Record<string, unknown>>(...args: string[]): Promise<T>;
  /** a connection of the test's own, to check what the command line did */
  database(): Database;
  startServer(): Promise<ServerProcess>;
  close(): Promise<void>;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createCliInstance(bundle: Bundle): Promise<CliInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-cli-'));
  const publicUrl = 'http://memoria.test';
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: 'UTC',
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
  };
  let target: DatabaseTarget;
  let dropSchema: (() => Promise<void>) | undefined;
  if (TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    const schema = `cli_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create schema ${schema}`);
    dropSchema = () => adminQuery(url, `drop schema if exists ${schema} cascade`);
    target = { kind: 'postgres', url, schema };
    env.DATABASE_URL = url;
    env.DATABASE_SCHEMA = schema;
  } else {
    target = { kind: 'sqlite', file: path.join(dataDir, 'memoria.db') };
  }

  let database: Database | undefined;
  const servers: ServerProcess[] = [];

  async function inProcess(args: string[]): Promise<CliResult> {
    let stdout = '';
    let stderr = '';
    const io = {
      env,
      out: (text: string) => void (stdout += text),
      err: (text: string) => void (stderr += text),
    };
    const code = await withCliIo(io, () => runCli(args));
    return { code, stdout, stderr };
  }

  // One command at a time: two in one process would deadlock on SQLite, where a command
  // waiting for the write lock (busy timeout) blocks the thread the holder needs to finish.
  // Separate processes wait for each other; the commands a test starts together run in turn.
  let queue: Promise<unknown> = Promise.resolve();
  function admin(...args: string[]): Promise<CliResult> {
    const result = queue.then(() => inProcess(args));
    queue = result.catch(() => undefined);
    return result;
  }

  async function binary(...args: string[]): Promise<CliResult> {
    try {
      const { stdout, stderr } = await run(process.execPath, [bundle.adminJs, ...args], {
        env,
        cwd: dataDir,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: unknown; stdout?: string; stderr?: string };
      if (typeof failed.code !== 'number') throw error;
      return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  }

  return {
    env,
    dataDir,
    target,
    publicUrl,
    admin,
    binary,

    async json<T>(...args: string[]): Promise<T> {
      const result = await admin(...args, '--json');
      if (result.code !== 0) {
        throw new Error(`${args.join(' ')} exited ${result.code}: ${result.stderr}`);
      }
      return JSON.parse(result.stdout) as T;
    },

    database() {
      database ??= openDatabase(target);
      return database;
    },

    async startServer() {
      const server = await startServer(bundle.mainJs, env, dataDir);
      servers.push(server);
      return server;
    },

    async close() {
      for (const server of servers) await server.stop();
      await database?.destroy();
      await dropSchema?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts `node main.js` on a free port and waits until it listens. */
async function startServer(
  mainJs: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<ServerProcess> {
  // The limit only catches a server that never listens: on a machine shared with other test
  // runs (load average 30 on two cores) starts took 11-18 s.
  const timeoutMs = 60_000;
  const child: ChildProcess = spawn(process.execPath, [mainJs], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/i.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
