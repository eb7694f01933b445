import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../test/harness.js';
import { planOf, recordingCompiled } from '../test/query-plans.js';
import { readJson } from '../db/dialect.js';
import { createJobQueue } from './queue.js';
import { claimNextJob } from './store.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Every poll of the job queue and every claim asks for the first due job. It reads
 * jobs_status_run_at_idx and never the whole table: done jobs stay until they are pruned, so
 * a scan grew with every notification a write queued (docs/PERFORMANCE.md, "People per
 * machine").
 */
describeDb('job queue query plans', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const queue = createJobQueue({ database: t.database, log: quiet, workerId: 'worker-a' });
    queue.register('noop', async () => undefined);
    for (let i = 0; i < 3; i += 1) await queue.enqueue('noop', { i });
    await queue.runDue();
    await queue.enqueue('noop', { i: 3 });
  });
  afterAll(() => t?.close());

  it('claims the first due job through the status index, with no scan of the jobs', async () => {
    const { db, compiled } = recordingCompiled(t.database.db);
    const claimed = await claimNextJob(db, t.database.dialect, 'worker-b', new Date(), 60_000);
    expect(claimed).toMatchObject({ type: 'noop', status: 'running', locked_by: 'worker-b' });
    expect(readJson(claimed!.payload, null)).toEqual({ i: 3 });
    // the statement itself: the one that holds every subquery built on the way
    const statement = compiled.reduce((a, b) => (b.sql.length > a.sql.length ? b : a));
    const plan = await planOf(t.database, statement);
    expect(plan).toContain('jobs_status_run_at_idx');
    // never the whole table, nor every due job of both kinds gathered and sorted
    expect(plan).not.toMatch(
      TEST_DB === 'sqlite' ? /\bSCAN jobs\b|MULTI-INDEX OR/ : /Seq Scan on jobs|BitmapOr/,
    );
  });
});
