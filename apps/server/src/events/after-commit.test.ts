import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import { ACTIVITY_DISPATCH_JOB, dispatchAfterCommit, transaction } from './after-commit.js';

describeDb('after-commit dispatch', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('dispatches after the commit of transaction(), never when it fails, else through a durable job', async () => {
    const { db } = t.database;
    const dispatched: number[][] = [];
    const deps = {
      activity: { dispatch: (ids: readonly number[]) => dispatched.push([...ids]) },
      jobs: t.app.jobs,
    };
    await transaction(db, async (trx) => {
      await dispatchAfterCommit(trx, [1, 2], deps);
      expect(dispatched).toEqual([]);
    });
    expect(dispatched).toEqual([[1, 2]]);

    await expect(
      transaction(db, async (trx) => {
        await dispatchAfterCommit(trx, [3], deps);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(dispatched).toEqual([[1, 2]]);

    await db.transaction().execute((trx) => dispatchAfterCommit(trx, [4], deps));
    const jobs = await db
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', ACTIVITY_DISPATCH_JOB)
      .execute();
    expect(
      jobs.map((j) => (typeof j.payload === 'string' ? JSON.parse(j.payload) : j.payload)),
    ).toEqual([{ ids: [4] }]);
    expect(dispatched).toEqual([[1, 2]]);
  });
});
