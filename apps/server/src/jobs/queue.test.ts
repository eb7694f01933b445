import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import { openDatabase, type Database } from '../db/database.js';
import { readJson, readTime } from '../db/dialect.js';
import { createJobQueue, retryDelayMs, type JobInfo, type JobQueue } from './queue.js';
import { findJob } from './store.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const MINUTE = 60_000;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeDb('durable job queue', () => {
  let t: TestApp;
  let queue: JobQueue;
  const queue2Databases: Database[] = [];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const database of queue2Databases) await database.destroy();
    await t?.close();
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('jobs').execute();
    queue = createJobQueue({ database: t.database, log: quiet, workerId: 'worker-a' });
  });

  const job = async (id: number) => {
    const row = await findJob(t.database.db, id);
    if (!row) throw new Error(`job ${id} is gone`);
    return row;
  };
  const jobCount = async () =>
    (await t.database.db.selectFrom('jobs').select('id').execute()).length;

  it('runs an enqueued job once with its payload and marks it done', async () => {
    const seen: Array<{ payload: unknown; info: JobInfo }> = [];
    queue.register('greet', async (payload, info) => {
      seen.push({ payload, info });
    });
    const id = await queue.enqueue('greet', { name: 'Ada', ids: [1, 2] });
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    expect(seen).toEqual([
      {
        payload: { name: 'Ada', ids: [1, 2] },
        info: { id, type: 'greet', attempt: 1, maxAttempts: 5, uniqueKey: null },
      },
    ]);
    const row = await job(id);
    expect(row.status).toBe('done');
    expect(row.attempts).toBe(1);
    expect(row.locked_by).toBeNull();
    expect(readTime(row.finished_at)).toBeInstanceOf(Date);
  });

  it('does not run a job before its run_at', async () => {
    let runs = 0;
    queue.register('later', async () => {
      runs += 1;
    });
    const runAt = new Date(Date.now() + 60 * MINUTE);
    const id = await queue.enqueue('later', {}, { runAt });
    expect(await queue.runDue()).toBe(0);
    expect(await queue.runDue({ now: new Date(runAt.getTime() - 1000) })).toBe(0);
    expect(runs).toBe(0);
    expect((await job(id)).status).toBe('queued');
    expect(await queue.runDue({ now: new Date(runAt.getTime() + 1000) })).toBe(1);
    expect(runs).toBe(1);
  });

  it('retries a failing job with growing waits, then marks it failed with the error', async () => {
    let runs = 0;
    queue.register('flaky', async () => {
      runs += 1;
      throw new Error(`boom ${runs}`);
    });
    const start = new Date();
    // due at `start` itself: by default it would be due at the enqueue's own clock reading,
    // which may already be a millisecond later
    const id = await queue.enqueue('flaky', {}, { maxAttempts: 3, runAt: start });

    expect(await queue.runDue({ now: start })).toBe(1);
    let row = await job(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1' });
    const firstRetry = readTime(row.run_at)!.getTime();
    expect(firstRetry).toBe(start.getTime() + retryDelayMs(1));
    // Not due again until the wait is over.
    expect(await queue.runDue({ now: new Date(firstRetry - 1000) })).toBe(0);

    expect(await queue.runDue({ now: new Date(firstRetry) })).toBe(1);
    row = await job(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, last_error: 'boom 2' });
    const secondRetry = readTime(row.run_at)!.getTime();
    expect(secondRetry - firstRetry).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    expect(await queue.runDue({ now: new Date(secondRetry) })).toBe(1);
    row = await job(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3' });
    expect(readTime(row.finished_at)).toBeInstanceOf(Date);
    // A failed job is never picked up again.
    expect(await queue.runDue({ now: new Date(secondRetry + 24 * 60 * MINUTE) })).toBe(0);
    expect(runs).toBe(3);
  });

  it('keeps a job of a type nobody handles, with the reason, for a later attempt', async () => {
    const id = await queue.enqueue('unknown.type', {});
    expect(await queue.runDue()).toBe(1);
    expect(await job(id)).toMatchObject({
      status: 'queued',
      last_error: 'no handler registered for job type "unknown.type"',
    });
  });

  it('replaces the waiting job under a unique key, and cancels it', async () => {
    const runs: unknown[] = [];
    queue.register('publish', async (payload) => {
      runs.push(payload);
    });
    const inAnHour = new Date(Date.now() + 60 * MINUTE);
    const inTwoHours = new Date(Date.now() + 120 * MINUTE);
    const first = await queue.enqueue(
      'publish',
      { v: 1 },
      { runAt: inAnHour, uniqueKey: 'memo:7' },
    );
    const second = await queue.enqueue(
      'publish',
      { v: 2 },
      { runAt: inTwoHours, uniqueKey: 'memo:7', maxAttempts: 2 },
    );
    expect(second).toBe(first);
    expect(await jobCount()).toBe(1);
    const row = await job(first);
    expect(readJson(row.payload, null)).toEqual({ v: 2 });
    expect(readTime(row.run_at)?.getTime()).toBe(inTwoHours.getTime());
    expect(row.max_attempts).toBe(2);
    // The old time no longer runs it.
    expect(await queue.runDue({ now: new Date(inAnHour.getTime() + 1000) })).toBe(0);

    expect(await queue.cancel('memo:7')).toBe(1);
    expect(await queue.cancel('memo:7')).toBe(0);
    expect(await jobCount()).toBe(0);

    // Once a keyed job has run, the key is free for a new one.
    const third = await queue.enqueue('publish', { v: 3 }, { uniqueKey: 'memo:7' });
    expect(await queue.runDue()).toBe(1);
    const fourth = await queue.enqueue('publish', { v: 4 }, { uniqueKey: 'memo:7' });
    expect(fourth).not.toBe(third);
    expect(await queue.cancel('memo:7')).toBe(1);
    expect((await job(third)).status).toBe('done');
    expect(runs).toEqual([{ v: 3 }]);
  });

  it('keeps the waiting job under a unique key when asked to', async () => {
    const inAnHour = new Date(Date.now() + 60 * MINUTE);
    const first = await queue.enqueue(
      'digest',
      { v: 1 },
      { runAt: inAnHour, uniqueKey: 'digest:1', keepWaiting: true },
    );
    const second = await queue.enqueue(
      'digest',
      { v: 2 },
      { runAt: new Date(Date.now() + 120 * MINUTE), uniqueKey: 'digest:1', keepWaiting: true },
    );
    expect(second).toBe(first);
    expect(await jobCount()).toBe(1);
    const row = await job(first);
    expect(readJson(row.payload, null)).toEqual({ v: 1 });
    expect(readTime(row.run_at)?.getTime()).toBe(inAnHour.getTime());
    expect(await queue.cancel('digest:1')).toBe(1);
  });

  it('queues many kept-waiting jobs at once, keeping the ones already waiting', async () => {
    const inAnHour = new Date(Date.now() + 60 * MINUTE);
    const kept = await queue.enqueue(
      'digest',
      { v: 1 },
      { runAt: inAnHour, uniqueKey: 'digest:1', keepWaiting: true },
    );
    const items = Array.from({ length: 1200 }, (_, i) => ({
      payload: { v: 2, n: i + 1 },
      uniqueKey: `digest:${i + 1}`,
    }));
    await queue.enqueueWaiting('digest', items, {
      runAt: new Date(Date.now() + 120 * MINUTE),
    });
    expect(await jobCount()).toBe(1200);
    const first = await job(kept);
    expect(readJson(first.payload, null)).toEqual({ v: 1 });
    expect(readTime(first.run_at)?.getTime()).toBe(inAnHour.getTime());
    const last = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('unique_key', '=', 'digest:1200')
      .executeTakeFirstOrThrow();
    expect(readJson(last.payload, null)).toEqual({ v: 2, n: 1200 });
    await queue.enqueueWaiting('digest', items.slice(0, 10));
    expect(await jobCount()).toBe(1200);
  });

  it('lets a running job queue its own next run under the same key', async () => {
    queue.register('tick', async (payload: { n: number }) => {
      if (payload.n < 2) {
        await queue.enqueue('tick', { n: payload.n + 1 }, { uniqueKey: 'tick' });
      }
    });
    await queue.enqueue('tick', { n: 0 }, { uniqueKey: 'tick' });
    expect(await queue.runDue()).toBe(3);
    const rows = await t.database.db.selectFrom('jobs').select('status').execute();
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done']);
  });

  it('takes over a job whose worker crashed once its lease has run out', async () => {
    const started = deferred();
    const hang = deferred();
    const crashed = createJobQueue({ database: t.database, log: quiet, workerId: 'crashed' });
    crashed.register('work', async () => {
      started.resolve();
      await hang.promise; // the process "dies" here: the row stays running
    });
    let rescued = 0;
    queue.register('work', async () => {
      rescued += 1;
    });
    const id = await queue.enqueue('work', { file: 'a' }, { maxAttempts: 3 });
    const crashedRun = crashed.runDue();
    await started.promise;
    expect(await job(id)).toMatchObject({ status: 'running', locked_by: 'crashed', attempts: 1 });

    // Within the lease the job is left alone.
    expect(await queue.runDue({ now: new Date(Date.now() + 5 * MINUTE) })).toBe(0);
    // After it, another worker runs it.
    expect(await queue.runDue({ now: new Date(Date.now() + 11 * MINUTE) })).toBe(1);
    expect(rescued).toBe(1);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 2, locked_by: null });

    // The stalled worker waking up later does not overwrite the outcome.
    hang.resolve();
    await crashedRun;
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('marks failed, without running it, a crashed job that had used its last attempt', async () => {
    let runs = 0;
    queue.register('work', async () => {
      runs += 1;
    });
    const id = await queue.enqueue('work', {}, { maxAttempts: 1 });
    const { dialect } = t.database;
    await t.database.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: 1,
        locked_by: 'gone',
        locked_at: dialect.time(new Date(Date.now() - 30 * MINUTE)),
      })
      .where('id', '=', id)
      .execute();
    expect(await queue.runDue()).toBe(1);
    expect(runs).toBe(0);
    const row = await job(id);
    expect(row.status).toBe('failed');
    expect(row.last_error).toMatch(/lease expired/);
  });

  it('never runs one job twice when two workers poll at once', async () => {
    const second = openDatabase(t.config.database);
    queue2Databases.push(second);
    const other = createJobQueue({ database: second, log: quiet, workerId: 'worker-b' });
    const ranBy = new Map<number, string[]>();
    const handler = (worker: string) => async (_payload: unknown, info: JobInfo) => {
      ranBy.set(info.id, [...(ranBy.get(info.id) ?? []), worker]);
      await new Promise((r) => setTimeout(r, 3));
    };
    queue.register('parallel', handler('a'));
    other.register('parallel', handler('b'));
    const ids: number[] = [];
    for (let i = 0; i < 40; i += 1) ids.push(await queue.enqueue('parallel', { i }));

    const [a, b] = await Promise.all([queue.runDue(), other.runDue()]);
    expect(a + b).toBe(40);
    expect([...ranBy.keys()].sort((x, y) => x - y)).toEqual(ids);
    for (const workers of ranBy.values()) expect(workers).toHaveLength(1);
    if (t.config.database.kind === 'postgres') {
      // Row locks let both share the work rather than one waiting for the other.
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    }
    const statuses = await t.database.db.selectFrom('jobs').select('status').execute();
    expect(statuses.every((r) => r.status === 'done')).toBe(true);
  });

  it('writes a job with the caller’s transaction: a rollback leaves no job', async () => {
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await queue.enqueue('mail', { to: 'a@example.test' }, { db: trx });
        throw new Error('the service changed its mind');
      }),
    ).rejects.toThrow('the service changed its mind');
    expect(await jobCount()).toBe(0);

    await t.database.db.transaction().execute(async (trx) => {
      await queue.enqueue('mail', { to: 'b@example.test' }, { db: trx, uniqueKey: 'mail:b' });
    });
    expect(await jobCount()).toBe(1);

    await expect(
      t.database.db.transaction().execute(async (trx) => {
        expect(await queue.cancel('mail:b', { db: trx })).toBe(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await jobCount()).toBe(1);
  });

  it('refuses nonsense options', async () => {
    await expect(queue.enqueue('x', {}, { maxAttempts: 0 })).rejects.toThrow(RangeError);
    await expect(queue.enqueue('x', {}, { runAt: new Date('nope') })).rejects.toThrow(RangeError);
    queue.register('x', async () => undefined);
    expect(() => queue.register('x', async () => undefined)).toThrow(/already registered/);
    expect(await jobCount()).toBe(0);
  });

  it('polls once started, and stop() waits for the job in progress', async () => {
    const started = deferred();
    const release = deferred();
    let finished = false;
    queue.register('slow', async () => {
      started.resolve();
      await release.promise;
      finished = true;
    });
    queue.start({ pollMs: 20 });
    const id = await queue.enqueue('slow', {});
    await started.promise;
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect(finished).toBe(true);
    expect((await job(id)).status).toBe('done');

    // Stopped: new jobs wait.
    await queue.enqueue('slow', {});
    await new Promise((r) => setTimeout(r, 80));
    expect(
      await t.database.db.selectFrom('jobs').select('id').where('status', '=', 'queued').execute(),
    ).toHaveLength(1);
  });

  it('is part of the app: handlers registered there, the loop started by the caller', async () => {
    const done: number[] = [];
    t.app.jobs.register('app.test', async (payload: { n: number }) => {
      done.push(payload.n);
    });
    await t.app.jobs.enqueue('app.test', { n: 1 });
    t.app.jobs.start({ pollMs: 10 });
    await waitFor(async () => done.length === 1);
    await t.app.jobs.stop();
    expect(done).toEqual([1]);
  });
});
