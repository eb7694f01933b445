import cluster from 'node:cluster';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import { PROCESS_NUMBER_ENV, SHUTDOWN_REQUEST } from './process-role.js';
import { isHubWire, type HubWire } from './realtime/process-hub.js';
import { SHUTDOWN_LIMIT_MS } from './shutdown.js';

/**
 * Several server processes on one machine (SERVER_PROCESSES; docs/ARCHITECTURE.md,
 * "Processes"). The primary process migrates the database, starts the workers, passes the
 * real-time hub's messages between them, keeps the failure counts of the rate limits, starts
 * a worker again when one dies, and on a signal stops them all. It serves nothing itself:
 * Node's cluster hands each new connection to the workers in turn, and each worker is the
 * whole server (main.ts), sharing the one database as separate instances do.
 */

/** A worker that died is started again after this long (not in a tight loop if it cannot start). */
const RESTART_AFTER_MS = 1000;

function log(level: 'info' | 'warn' | 'error', msg: string, extra: object = {}): void {
  const levels = { info: 30, warn: 40, error: 50 };
  const line = JSON.stringify({
    level: levels[level],
    time: Date.now(),
    pid: process.pid,
    msg,
    ...extra,
  });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

/** What the relay needs of a worker (a cluster Worker; a fake one in the tests). */
export interface RelayPeer {
  isConnected(): boolean;
  send(message: HubWire): unknown;
  on(event: 'message' | 'error', listener: (value: unknown) => void): unknown;
}

/**
 * Passes each hub message from the worker that sent it to every other one that is up. A
 * worker's exit is announced as `gone`, so the others forget who was online in it.
 */
export function createRelay() {
  const workers = new Map<number, RelayPeer>();
  const toOthers = (message: HubWire) => {
    for (const [number, worker] of workers) {
      if (number !== message.from && worker.isConnected()) worker.send(message);
    }
  };
  return {
    add(number: number, worker: RelayPeer): void {
      workers.set(number, worker);
      worker.on('message', (message: unknown) => {
        if (isHubWire(message) && message.from === number) toOthers(message);
      });
      // A worker that is ending can still count as connected for a moment: a message sent
      // then fails on its closed channel (EPIPE), as an 'error' event that would end this
      // process with code 1 if nothing listened. Its exit follows and is handled there.
      worker.on('error', (error: unknown) => {
        log('warn', 'a server process could not be reached', {
          process: number,
          error: error instanceof Error ? error.message : String(error),
        });
      });
    },
    remove(number: number, worker: RelayPeer): void {
      if (workers.get(number) !== worker) return;
      workers.delete(number);
      toOthers({ kind: 'memoria:hub:gone', from: number });
    },
    get size(): number {
      return workers.size;
    },
  };
}

/**
 * Runs the primary: `migrate` once before any worker starts (so no two migrate at once),
 * then `count` workers for as long as the process lives.
 */
export async function runPrimary(count: number, migrate: () => Promise<string[]>): Promise<void> {
  const applied = await migrate();
  if (applied.length > 0) log('info', 'database migrated', { migrations: applied });

  // the failed sign-in and code counts of every worker (http/rate-limit.ts) live here
  new RateLimiterClusterMaster();
  const relay = createRelay();
  let closing = false;
  const listening = new Set<number>();
  const start = (number: number) => {
    const worker = cluster.fork({ [PROCESS_NUMBER_ENV]: String(number) });
    relay.add(number, worker);
    worker.once('listening', () => {
      listening.add(number);
      if (listening.size === count)
        log('info', 'every server process listens', { processes: count });
    });
    worker.on('exit', (code, signal) => {
      relay.remove(number, worker);
      listening.delete(number);
      if (closing) {
        if (relay.size === 0) process.exit(0);
        return;
      }
      log('error', 'a server process ended; starting it again', { process: number, code, signal });
      setTimeout(() => {
        if (!closing) start(number);
      }, RESTART_AFTER_MS).unref();
    });
  };
  for (let number = 1; number <= count; number += 1) start(number);
  log('info', 'server processes started', { processes: count });

  const shutdown = (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    log('info', 'shutting down', { signal });
    // each worker drains and stops within the limit (main.ts); then this process ends
    const force = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS);
    force.unref();
    if (relay.size === 0) process.exit(0);
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker?.isConnected()) worker.send(SHUTDOWN_REQUEST);
      else worker?.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGHUP', () => shutdown('SIGHUP'));
  // started by `npm start` over an IPC channel: end with it (see main.ts)
  if (process.channel) {
    process.on('disconnect', () => shutdown('parent exited'));
    process.channel.unref();
  }
}
