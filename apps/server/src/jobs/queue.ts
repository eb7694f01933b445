import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DatabaseSchema } from '../db/schema.js';
import { readJson, readTime } from '../db/dialect.js';
import {
  claimNextJob,
  deleteDoneJobs,
  deleteQueuedByKey,
  finishAttempt,
  insertJob,
  insertWaitingJobs,
  renewLease,
  type JobOutcome,
  type JobRow,
} from './store.js';

/** What a handler learns about the job it runs. */
export interface JobInfo {
  id: number;
  type: string;
  /** this attempt's number, from 1 */
  attempt: number;
  maxAttempts: number;
  uniqueKey: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler narrows its own payload
export type JobHandler<P = any> = (payload: P, job: JobInfo) => Promise<void>;

export interface EnqueueOptions {
  /** not before this time (default: now) */
  runAt?: Date;
  /** attempts before the job is marked failed (default 5) */
  maxAttempts?: number;
  /** at most one waiting job per key: enqueueing the key again replaces the waiting one */
  uniqueKey?: string;
  /** with `uniqueKey`: a job already waiting under the key is kept as it is, not replaced */
  keepWaiting?: boolean;
  /** the caller's transaction, so its rows and its job are written together or not at all */
  db?: Kysely<DatabaseSchema>;
}

export interface JobQueue {
  readonly workerId: string;
  register<P>(type: string, handler: JobHandler<P>): void;
  /** Queues a job and answers its id (a replaced or kept job answers its own id). */
  enqueue(type: string, payload: unknown, options?: EnqueueOptions): Promise<number>;
  /**
   * Queues one job per item under its own unique key, keeping any already waiting under
   * that key (`keepWaiting` for many keys at once, in one statement per 500).
   */
  enqueueWaiting(
    type: string,
    items: ReadonlyArray<{ payload: unknown; uniqueKey: string }>,
    options?: Pick<EnqueueOptions, 'runAt' | 'maxAttempts' | 'db'>,
  ): Promise<void>;
  /** Removes the job waiting under `uniqueKey` (a running one finishes); answers how many. */
  cancel(uniqueKey: string, options?: { db?: Kysely<DatabaseSchema> }): Promise<number>;
  /** Runs due jobs one after another until none is due or `limit` ran; answers how many ran. */
  runDue(options?: { now?: Date; limit?: number }): Promise<number>;
  /** Polls for due jobs every `pollMs` until stop(). */
  start(options?: { pollMs?: number }): void;
  /** Stops polling and waits for the job in progress. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** names this process in locked_by (default host:pid:random) */
  workerId?: string;
  /** a running job whose lease is older than this is taken over (default 10 minutes) */
  leaseMs?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_LEASE_MS = 10 * 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 6 * 60 * 60_000;
/** Finished jobs are kept a week for inspection, then deleted by the poll loop. */
const DONE_KEEP_MS = 7 * 24 * 60 * 60_000;
const PURGE_EVERY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 2000;

/** Wait before attempt `attempt + 1`: 30 s, 1 min, 2 min, … at most 6 hours. */
export function retryDelayMs(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_CAP_MS);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

/**
 * The durable job queue (docs/notes/jobs-and-admin.md): jobs are rows, so nothing is lost on
 * restart, and several processes may poll the same database. A job runs at least once; handlers
 * must be safe to run again (a crash after the work but before the row says done repeats it).
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, log } = options;
  const { db, dialect } = database;
  const workerId =
    options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const handlers = new Map<string, JobHandler>();

  let loop: Promise<void> | undefined;
  let stopping = false;
  let wake: (() => void) | undefined;
  let lastPurge = 0;

  async function runOne(job: JobRow, now: Date): Promise<void> {
    const info: JobInfo = {
      id: job.id,
      type: job.type,
      attempt: job.attempts,
      maxAttempts: job.max_attempts,
      uniqueKey: job.unique_key,
    };
    if (job.attempts > job.max_attempts) {
      // Taken over after its worker vanished on the last allowed attempt.
      await finishAttempt(db, dialect, job.id, workerId, {
        status: 'failed',
        error: 'the worker running it stopped before it finished (lease expired)',
      });
      log.error({ job: info }, 'job abandoned by its worker; attempts used up');
      return;
    }
    const handler = handlers.get(job.type);
    // Keep the lease while the handler works, so long jobs are not taken over.
    const heartbeat = setInterval(() => {
      renewLease(db, dialect, job.id, workerId).catch(() => undefined);
    }, leaseMs / 3);
    heartbeat.unref();
    let outcome: JobOutcome;
    try {
      if (!handler) throw new Error(`no handler registered for job type "${job.type}"`);
      await handler(readJson<unknown>(job.payload, null), info);
      outcome = { status: 'done' };
    } catch (error) {
      const message = errorText(error);
      outcome =
        job.attempts >= job.max_attempts
          ? { status: 'failed', error: message }
          : {
              status: 'queued',
              error: message,
              runAt: new Date(now.getTime() + retryDelayMs(job.attempts)),
            };
      log[outcome.status === 'failed' ? 'error' : 'warn'](
        { job: info, err: error },
        outcome.status === 'failed' ? 'job failed; no attempts left' : 'job failed; will retry',
      );
    } finally {
      clearInterval(heartbeat);
    }
    if (!(await finishAttempt(db, dialect, job.id, workerId, outcome))) {
      log.warn({ job: info }, 'job was taken over by another worker before it finished');
    }
  }

  /** Claims and runs jobs one by one; the poll loop also stops between jobs on stop(). */
  async function drain(now: Date | undefined, limit: number, fromLoop: boolean): Promise<number> {
    let ran = 0;
    while (ran < limit && !(fromLoop && stopping)) {
      const at = now ?? new Date();
      const job = await claimNextJob(db, dialect, workerId, at, leaseMs);
      if (!job) break;
      await runOne(job, at);
      ran += 1;
    }
    return ran;
  }

  async function purgeDone(): Promise<void> {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    const removed = await deleteDoneJobs(db, dialect, new Date(Date.now() - DONE_KEEP_MS));
    if (removed > 0) log.info({ removed }, 'finished jobs purged');
  }

  async function poll(pollMs: number): Promise<void> {
    while (!stopping) {
      let ran = 0;
      try {
        await purgeDone();
        ran = await drain(undefined, 100, true);
      } catch (error) {
        log.error({ err: error }, 'job queue poll failed');
      }
      if (stopping) break;
      if (ran === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  }

  return {
    workerId,

    register(type, handler) {
      if (handlers.has(type)) throw new Error(`job type "${type}" is already registered`);
      handlers.set(type, handler as JobHandler);
    },

    async enqueue(type, payload, enqueue = {}) {
      const maxAttempts = enqueue.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
        throw new RangeError('maxAttempts must be a positive integer');
      }
      const runAt = enqueue.runAt ?? new Date();
      if (readTime(runAt) === null) throw new RangeError('runAt must be a valid date');
      return insertJob(enqueue.db ?? db, dialect, {
        type,
        payload,
        runAt,
        maxAttempts,
        uniqueKey: enqueue.uniqueKey ?? null,
        keepWaiting: enqueue.keepWaiting ?? false,
      });
    },

    async enqueueWaiting(type, items, enqueue = {}) {
      if (items.length === 0) return;
      const maxAttempts = enqueue.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
        throw new RangeError('maxAttempts must be a positive integer');
      }
      const runAt = enqueue.runAt ?? new Date();
      if (readTime(runAt) === null) throw new RangeError('runAt must be a valid date');
      await insertWaitingJobs(enqueue.db ?? db, dialect, { type, runAt, maxAttempts, items });
    },

    cancel(uniqueKey, cancel = {}) {
      return deleteQueuedByKey(cancel.db ?? db, uniqueKey);
    },

    runDue: (run = {}) => drain(run.now, run.limit ?? Number.POSITIVE_INFINITY, false),

    start(start = {}) {
      if (loop) return;
      stopping = false;
      loop = poll(start.pollMs ?? 1000);
    },

    async stop() {
      stopping = true;
      wake?.();
      const running = loop;
      loop = undefined;
      await running;
    },
  };
}
