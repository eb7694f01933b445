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
    const ids = await recordActivities(t.database.db, events);
    expect(ids).toHaveLength(1201);
    const stored = await t.database.db
      .selectFrom('activity_events')
      .select(['id', 'type', 'recipient_user_id', 'memo_id', 'payload', 'created_at'])
      .where('actor_user_id', '=', actor.id)
      .orderBy('id')
      .execute();
    expect(stored).toHaveLength(1201);
    // each answered id is the row of the event at that position, across the three batches
    const byId = new Map(stored.map((row) => [row.id, row]));
    ids.forEach((id, i) => {
      const row = byId.get(id)!;
      expect(row.memo_id).toBe(i + 1);
      expect(row.recipient_user_id).toBe(events[i]!.recipientUserId);
      expect(row.type).toBe('new_memo_for_follower');
      expect(readJson(row.payload, null)).toEqual({});
      expect(readTime(row.created_at)).toBeInstanceOf(Date);
    });
    expect(await recordActivities(t.database.db, [])).toEqual([]);
  });

  it('writes every column of a batch as given: nulls, odd text in the payload, set times', async () => {
    const actor = await createUser(t);
    const recipient = await createUser(t);
    const at = new Date('2026-03-04T05:06:07.089Z');
    const odd = {
      quote: 'a "quoted" \\ back\\slash',
      braces: '{1,2} (x, y) NULL',
      list: [1, 'two', null, { nested: true }],
      text: 'Ünïcödé ✓ 𝄞',
    };
    const events = [
      {
        type: 'new_comment',
        actorUserId: actor.id,
        recipientUserId: recipient.id,
        memoId: 7,
        collectionId: 'AbCd,{}"1',
        threadId: 3,
        attachmentId: 4,
        connectionId: 5,
        payload: odd,
        at,
      },
      { type: 'new_follower', actorUserId: null, recipientUserId: recipient.id },
    ];
    const ids = await recordActivities(t.database.db, events);
    const stored = await t.database.db
      .selectFrom('activity_events')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.id)).toEqual(ids);
    expect(stored[0]).toMatchObject({
      type: 'new_comment',
      actor_user_id: actor.id,
      recipient_user_id: recipient.id,
      memo_id: 7,
      collection_id: 'AbCd,{}"1',
      thread_id: 3,
      attachment_id: 4,
      connection_id: 5,
      reviewed_at: null,
    });
    expect(readJson(stored[0]!.payload, null)).toEqual(odd);
    expect(readTime(stored[0]!.created_at)?.toISOString()).toBe(at.toISOString());
    expect(stored[1]).toMatchObject({
      type: 'new_follower',
      actor_user_id: null,
      memo_id: null,
      collection_id: null,
      thread_id: null,
      attachment_id: null,
      connection_id: null,
    });
    expect(readJson(stored[1]!.payload, null)).toEqual({});
  });
});
