import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * How often the background connection looks for commits not yet copied into the database
 * file. The WAL holds at most about this much writing beyond what is checkpointed.
 */
export const CHECKPOINT_INTERVAL_MS = 250;

/** SQLite's own default, restored when the background thread is not there to do it. */
const AUTOCHECKPOINT_PAGES = 1000;

export interface BackgroundCheckpoints {
  /** ends the thread; the connection's close then checkpoints what is left */
  stop(): Promise<void>;
}

/**
 * Runs in the worker thread: its own connection copies committed WAL frames into the
 * database file (a PASSIVE checkpoint waits for nobody and blocks no writer) at its first
 * round and whenever another connection has committed since the last one.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const connection = new Database(workerData.file, { fileMustExist: true });
connection.pragma('busy_timeout = 5000');
const dataVersion = connection.prepare('pragma data_version').pluck();
// the first round copies whatever was committed before the thread was up
let seen;
setInterval(() => {
  const version = dataVersion.get();
  if (version === seen) return;
  seen = version;
  connection.pragma('wal_checkpoint(PASSIVE)');
  parentPort.postMessage('checkpointed');
}, workerData.intervalMs);
`;

export interface CheckpointOptions {
  intervalMs?: number;
  /** the driver module the thread loads (tests point it elsewhere to make the thread fail) */
  driver?: string;
  onError?: (error: unknown) => void;
  /** each round that ran a checkpoint (tests) */
  onCheckpoint?: () => void;
}

/**
 * Moves SQLite's WAL checkpoints off the event loop. By default the connection that commits
 * also checkpoints, inside that commit, once the WAL passes 1,000 pages: a comment that
 * writes a notification for each of a thousand watchers dirties a page of each per-recipient
 * index per watcher, so about every commit of that size paid for a checkpoint too (35-40 ms
 * instead of 14 ms on a table of 200,000 notifications), before anyone could be told. Here
 * a thread with a connection of its own checkpoints, and the server's connection never
 * does; if the thread cannot run, the connection checkpoints by itself again.
 */
export function checkpointInBackground(
  connection: SQLite.Database,
  options: CheckpointOptions = {},
): BackgroundCheckpoints {
  const driver = options.driver ?? createRequire(import.meta.url).resolve('better-sqlite3');
  connection.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver,
      file: connection.name,
      intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS,
    },
  });
  // the server's shutdown ends it; it never keeps a process alive by itself
  worker.unref();
  worker.on('message', () => options.onCheckpoint?.());
  worker.on('error', (error) => options.onError?.(error));
  worker.on('exit', () => {
    if (!stopping && connection.open) {
      connection.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    }
  });
  return {
    async stop() {
      stopping = true;
      await worker.terminate();
    },
  };
}
