import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import { createUser } from '../test/factories.js';
import { readJson, readTime } from '../db/dialect.js';
import { recordActivities, recordActivity } from './activity.js';

describeDb('activity events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('records one event inside a transaction, or none when the transaction fails', async () => {
    const actor = await createUser(t);
    const recipient = await createUser(t);
    const { db } = t.database;
    const id = await db.transaction().execute((trx) =>
      recordActivity(trx, {
        type: 'new_follower',
        actorUserId: actor.id,
        recipientUserId: recipient.id,
        collectionId: 'AbCdEf1234',
        payload: { note: 'ü' },
      }),
    );
    const row = await db
      .selectFrom('activity_events')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 'new_follower',
      actor_user_id: actor.id,
      recipient_user_id: recipient.id,
      collection_id: 'AbCdEf1234',
      memo_id: null,
    });
    expect(readJson(row.payload, {})).toEqual({ note: 'ü' });
    expect(readTime(row.created_at)?.getTime()).toBeGreaterThan(Date.now() - 60_000);

    await expect(
      db.transaction().execute(async (trx) => {
        await recordActivity(trx, {
          type: 'new_follower',
          actorUserId: actor.id,
          recipientUserId: recipient.id,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const all = await db
      .selectFrom('activity_events')
      .select('id')
      .where('recipient_user_id', '=', recipient.id)
      .execute();
    expect(all).toHaveLength(1);
  });

  it('records many events in batches', async () => {
    const actor = await createUser(t);
    const recipients = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    const events = Array.from({ length: 1201 }, (_, i) => ({
      type: 'new_memo_for_follower',
      actorUserId: actor.id,
      recipientUserId: recipients[i % 3]!.id,
      memoId: i + 1,
    }));
    await recordActivities(t.database.db, events);
    const rows = await t.database.db
      .selectFrom('activity_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('actor_user_id', '=', actor.id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(1201);
    await recordActivities(t.database.db, []);
  });
});
