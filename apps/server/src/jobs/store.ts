import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema, JobStatus, JobsTable } from '../db/schema.js';
import type { DialectHelpers } from '../db/dialect.js';
import { readCount } from '../db/dialect.js';
import { byCountStatement, queryCacheOf } from '../db/query-cache.js';
import { asPrepared } from '../db/database.js';

type Db = Kysely<DatabaseSchema>;
export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  type: string;
  payload: unknown;
  runAt: Date;
  maxAttempts: number;
  uniqueKey: string | null;
  /** a job waiting under the same key is left as it is */
  keepWaiting?: boolean;
}

/**
 * A new queued job. With a unique key, a job already waiting under that key is replaced
 * (type, payload, time and attempts) and keeps its id, or with `keepWaiting` left as it is;
 * the partial unique index makes this one statement, safe against a concurrent enqueue of
 * the same key.
 */
export async function insertJob(db: Db, d: DialectHelpers, job: NewJob): Promise<number> {
  const now = d.time(new Date());
  const values = {
    type: job.type,
    payload: d.json(job.payload ?? null),
    run_at: d.time(job.runAt),
    status: 'queued' as const,
    attempts: 0,
    max_attempts: job.maxAttempts,
    last_error: null,
    locked_by: null,
    locked_at: null,
    unique_key: job.uniqueKey,
    created_at: now,
    updated_at: now,
    finished_at: null,
  };
  let query = db.insertInto('jobs').values(values);
  if (job.uniqueKey !== null && job.keepWaiting) {
    const kept = await query
      .onConflict((oc) =>
        oc.column('unique_key').where(sql.ref('status'), '=', sql.lit('queued')).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (kept) return kept.id;
    // the waiting job started meanwhile: this one waits instead
    return (await waitingJobId(db, job.uniqueKey)) ?? insertJob(db, d, job);
  }
  if (job.uniqueKey !== null) {
    query = query.onConflict((oc) =>
      oc.column('unique_key').where(sql.ref('status'), '=', sql.lit('queued')).doUpdateSet({
        type: values.type,
        payload: values.payload,
        run_at: values.run_at,
        attempts: 0,
        max_attempts: values.max_attempts,
        last_error: null,
        updated_at: now,
      }),
    );
  }
  const row = await query.returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Rows one multi-row insert carries at most (SQLite allows 32,766 parameters). */
const INSERT_CHUNK = 500;

/**
 * Jobs of one type under their own unique keys, each kept as it is where one already waits
 * under its key: one statement per 500, instead of one (and a commit) per key.
 */
export async function insertWaitingJobs(
  db: Db,
  d: DialectHelpers,
  jobs: { type: string; runAt: Date; maxAttempts: number; items: readonly NewWaitingJob[] },
): Promise<void> {
  const now = d.time(new Date());
  const runAt = d.time(jobs.runAt);
  for (let i = 0; i < jobs.items.length; i += INSERT_CHUNK) {
    const chunk = jobs.items.slice(i, i + INSERT_CHUNK);
    // built once per number of jobs (db/query-cache.ts): every write that notifies inserts some
    await queryCacheOf(db).rows(
      'waiting-jobs',
      [
        jobs.type,
        runAt,
        jobs.maxAttempts,
        now,
        ...chunk.flatMap((item) => [d.json(item.payload ?? null), item.uniqueKey]),
      ],
      (slots) =>
        db
          .insertInto('jobs')
          .values(
            chunk.map((_, k) => ({
              type: slots[0] as string,
              payload: slots[4 + 2 * k] as string,
              run_at: slots[1] as string,
              status: 'queued' as const,
              attempts: 0,
              max_attempts: slots[2] as number,
              last_error: null,
              locked_by: null,
              locked_at: null,
              unique_key: slots[5 + 2 * k] as string,
              created_at: slots[3] as string,
              updated_at: slots[3] as string,
              finished_at: null,
            })),
          )
          .onConflict((oc) =>
            oc.column('unique_key').where(sql.ref('status'), '=', sql.lit('queued')).doNothing(),
          ),
      byCountStatement(chunk.length),
    );
  }
}

export interface NewWaitingJob {
  payload: unknown;
  uniqueKey: string;
}

/** The job waiting under `uniqueKey`, if one is. */
async function waitingJobId(db: Db, uniqueKey: string): Promise<number | undefined> {
  const waiting = await db
    .selectFrom('jobs')
    .select('id')
    .where('unique_key', '=', uniqueKey)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return waiting?.id;
}

/** Removes the job waiting under `uniqueKey`; a running one finishes. */
export async function deleteQueuedByKey(db: Db, uniqueKey: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('unique_key', '=', uniqueKey)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Claims the next job to run: a queued one that is due, or a running one whose worker
 * stopped renewing its lease (a crash). Marks it running for `workerId` and counts the
 * attempt. PostgreSQL skips rows another worker holds; SQLite serialises writers.
 */
export async function claimNextJob(
  db: Db,
  d: DialectHelpers,
  workerId: string,
  now: Date,
  leaseMs: number,
): Promise<JobRow | undefined> {
  const at = d.time(now);
  const staleBefore = d.time(new Date(now.getTime() - leaseMs));
  // The first due job of each kind through jobs_status_run_at_idx (status, run_at, then the
  // id), then the earlier of the two. One OR of both kinds scanned the whole table and sorted
  // it, done jobs included, on every poll and every claim, on both databases: its cost grew
  // with the table (docs/PERFORMANCE.md, "People per machine").
  const firstOf = (qb: Db, locking: boolean) => {
    const first = (status: 'queued' | 'running') => {
      const query = qb
        .selectFrom('jobs')
        .select(['id', 'run_at'])
        .where('status', '=', status)
        .where(
          status === 'queued' ? 'run_at' : 'locked_at',
          status === 'queued' ? '<=' : '<',
          status === 'queued' ? at : staleBefore,
        )
        .orderBy('run_at')
        .orderBy('id')
        .limit(sql.lit(1));
      // PostgreSQL: rows another worker holds are skipped (the lock is taken per branch)
      return locking ? query.forUpdate().skipLocked() : query;
    };
    const candidates = qb
      .selectFrom(first('queued').as('q'))
      .selectAll()
      .unionAll(qb.selectFrom(first('running').as('r')).selectAll());
    return qb
      .selectFrom(candidates.as('c'))
      .select('c.id')
      .orderBy('c.run_at')
      .orderBy('c.id')
      .limit(sql.lit(1));
  };
  const mark = {
    status: 'running' as const,
    locked_by: workerId,
    locked_at: at,
    updated_at: at,
  };
  if (d.name === 'postgres') {
    return db.transaction().execute(async (trx) => {
      // prepared, its limits in the text (db/database.ts PREPARED_MARK): every poll and claim
      // of every instance asks, and PostgreSQL took longer to plan it than to run it
      const {
        rows: [next],
      } = await trx.executeQuery(asPrepared(firstOf(trx, true).compile()));
      if (!next) return undefined;
      return trx
        .updateTable('jobs')
        .set((eb) => ({ ...mark, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', next.id)
        .returningAll()
        .executeTakeFirst();
    });
  }
  return db
    .updateTable('jobs')
    .set((eb) => ({ ...mark, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', firstOf(db, false))
    .returningAll()
    .executeTakeFirst();
}

/** Keeps the lease of a running job; false when another worker took it over. */
export async function renewLease(
  db: Db,
  d: DialectHelpers,
  id: number,
  workerId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ locked_at: d.time(new Date()) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type JobOutcome =
  | { status: 'done' }
  | { status: 'failed'; error: string }
  | { status: 'queued'; error: string; runAt: Date };

/** Records how an attempt ended, if this worker still holds the job. */
export async function finishAttempt(
  db: Db,
  d: DialectHelpers,
  id: number,
  workerId: string,
  outcome: JobOutcome,
): Promise<boolean> {
  const now = d.time(new Date());
  const result = await db
    .updateTable('jobs')
    .set({
      status: outcome.status,
      locked_by: null,
      locked_at: null,
      updated_at: now,
      ...(outcome.status === 'done' ? { finished_at: now } : {}),
      ...(outcome.status === 'failed' ? { finished_at: now, last_error: outcome.error } : {}),
      ...(outcome.status === 'queued'
        ? { run_at: d.time(outcome.runAt), last_error: outcome.error }
        : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes jobs that finished (done) before `before`; failed ones stay for the operator. */
export async function deleteDoneJobs(db: Db, d: DialectHelpers, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', '=', 'done')
    .where('finished_at', '<', d.time(before))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function findJob(db: Db, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of jobs, newest first, optionally of one status. */
export function listJobs(
  db: Db,
  options: { status?: JobStatus; limit: number; offset: number },
): Promise<JobRow[]> {
  let query = db.selectFrom('jobs').selectAll();
  if (options.status) query = query.where('status', '=', options.status);
  return query.orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute();
}

export async function countJobs(db: Db, status?: JobStatus): Promise<number> {
  let query = db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('count'));
  if (status) query = query.where('status', '=', status);
  return readCount((await query.executeTakeFirst())?.count);
}

export async function countJobsByStatus(db: Db): Promise<Record<JobStatus, number>> {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => ['status', eb.fn.countAll().as('count')])
    .groupBy('status')
    .execute();
  const counts: Record<JobStatus, number> = { queued: 0, running: 0, done: 0, failed: 0 };
  for (const row of rows) {
    if (row.status in counts) counts[row.status] = readCount(row.count);
  }
  return counts;
}

/**
 * Queues failed jobs again, now, with a fresh count of attempts. A failed job whose unique
 * key has a newer job waiting stays failed (the newer one supersedes it). Returns the ids
 * queued again.
 */
export async function requeueFailed(
  db: Db,
  d: DialectHelpers,
  ids: number[] | 'all',
): Promise<number[]> {
  let query = db.selectFrom('jobs').select(['id', 'unique_key']).where('status', '=', 'failed');
  if (ids !== 'all') {
    if (ids.length === 0) return [];
    query = query.where('id', 'in', ids);
  }
  const failed = await query.orderBy('id').execute();
  const now = d.time(new Date());
  const requeued: number[] = [];
  for (const job of failed) {
    if (job.unique_key !== null && (await waitingJobId(db, job.unique_key)) !== undefined) {
      continue;
    }
    await db
      .updateTable('jobs')
      .set({
        status: 'queued',
        run_at: now,
        attempts: 0,
        finished_at: null,
        locked_by: null,
        locked_at: null,
        updated_at: now,
      })
      .where('id', '=', job.id)
      .where('status', '=', 'failed')
      .execute();
    requeued.push(job.id);
  }
  return requeued;
}
