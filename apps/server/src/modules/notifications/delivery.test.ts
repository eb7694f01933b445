import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { recordActivities, recordActivity, writeActivities } from '../../events/index.js';
import { insertCollection } from '../../test/content.js';
import {
  SEND_BATCH,
  type PersonalMessage,
  type RealtimeHub,
  type RealtimeMessage,
} from '../../realtime/hub.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { createUser, insertAccounts } from '../../test/factories.js';
import { createDelivery, type PushSink } from './delivery.js';
import { EMAIL_JOB, createEmailDigest } from './email.js';
import { createNotificationService } from './service.js';
import { saveSettings } from './settings.js';

describeDb('notification delivery', () => {
  let t: TestApp;
  const sent: Array<{ userIds: readonly number[]; message: RealtimeMessage }> = [];
  const pushed: Array<{ userIds: number[]; body: string; url: string }> = [];
  let ctx: AppContext;
  // only what delivery and the service use of the hub
  const realtime: Pick<RealtimeHub, 'sendToUsers' | 'sendEach'> = {
    sendToUsers: async (userIds, message) => {
      sent.push({ userIds, message });
    },
    sendEach: async (messages) => {
      for (const { userId, message } of messages) {
        // what a socket would receive
        const received = typeof message === 'string' ? JSON.parse(message) : message;
        sent.push({ userIds: [userId], message: received as RealtimeMessage });
      }
    },
  };

  beforeAll(async () => {
    t = await createTestApp();
    ctx = {
      database: t.database,
      config: t.config,
      jobs: t.app.jobs,
      log: t.app.log,
      mailer: { send: async () => undefined, close: () => undefined },
      realtime,
    } as unknown as AppContext;
  });
  afterAll(() => t.close());

  /** SQLite reads a count by key and sends it inside the notification (delivery.ts). */
  const countsRideAlong = () => t.database.dialect.name === 'sqlite';
  /**
   * Each person's last unread count as their sockets got it: inside the notification, or
   * in `unread_count` after it.
   */
  const countsIn = (messages: typeof sent) =>
    new Map(
      messages
        .filter((s) => s.message.unread !== undefined)
        .map((s) => [s.userIds[0], s.message.unread]),
    );

  const push: PushSink = {
    enqueue: async (userIds, message) => {
      pushed.push({ userIds, body: message.body, url: message.url });
    },
  };

  it('sends each notification live with the new counter, pushes it and schedules the digest, per settings', async () => {
    const actor = await createUser(t, { name: 'Ada' });
    const me = await createUser(t, { name: 'Me', locale: 'de' });
    const muted = await createUser(t, { name: 'Muted' });
    await saveSettings(t.database.db, t.database.dialect, muted.id, [
      { group: 'followers', in_app: false, push: false },
    ]);
    const { db } = t.database;
    const older = await recordActivity(db, {
      type: 'new_follower',
      actorUserId: actor.id,
      recipientUserId: me.id,
    });
    const ids = [
      await recordActivity(db, {
        type: 'new_follower',
        actorUserId: actor.id,
        recipientUserId: me.id,
      }),
      await recordActivity(db, {
        type: 'new_follower',
        actorUserId: actor.id,
        recipientUserId: muted.id,
      }),
    ];
    const deliver = createDelivery(ctx, createEmailDigest(ctx, 60_000), push);
    expect(await deliver(ids)).toEqual(new Set([me.id]));

    expect(sent[0]!.userIds).toEqual([me.id]);
    expect(sent[0]!.message).toMatchObject({
      message_type: 'notification',
      notification: {
        id: ids[0],
        type: 'new_follower',
        reviewed_at: null,
        from_user: { id: actor.id, name: 'Ada' },
      },
    });
    if (countsRideAlong()) {
      // one message: the notification with the count in it
      expect(sent).toHaveLength(1);
      expect(sent[0]!.message.unread).toBe(2);
    } else {
      expect(sent).toHaveLength(2);
      expect(sent[0]!.message.unread).toBeUndefined();
      expect(sent[1]).toEqual({
        userIds: [me.id],
        message: { message_type: 'unread_count', unread: 2 },
      });
    }
    expect(older).toBeLessThan(ids[0]!);
    expect(pushed).toEqual([
      { userIds: [me.id], body: 'Ada folgt Ihnen jetzt', url: `/profile/${actor.id}` },
    ]);
    // following is not mailed by default: no digest waits for either
    const jobs = await db
      .selectFrom('jobs')
      .select('unique_key')
      .where('type', '=', EMAIL_JOB)
      .execute();
    expect(jobs).toEqual([]);

    // a collection shared with me is mailed: the digest waits a minute
    const shared = await recordActivity(db, {
      type: 'new_collection',
      actorUserId: actor.id,
      recipientUserId: me.id,
    });
    await deliver([shared]);
    const job = await db
      .selectFrom('jobs')
      .select(['unique_key', 'run_at'])
      .where('type', '=', EMAIL_JOB)
      .executeTakeFirstOrThrow();
    expect(job.unique_key).toBe(`${EMAIL_JOB}:${me.id}`);
    expect(new Date(String(job.run_at)).getTime()).toBeGreaterThan(Date.now() + 30_000);
  });

  it('reads what it needs of its recipients in one statement, and tells no disabled account', async () => {
    const actor = await createUser(t, { name: 'Ada' });
    const reader = await createUser(t, { locale: 'de' });
    const english = await createUser(t, { locale: 'en' });
    const quiet = await createUser(t);
    const gone = await createUser(t);
    await saveSettings(t.database.db, t.database.dialect, quiet.id, [
      { group: 'followers', in_app: false, push: false },
    ]);
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: t.database.dialect.time(new Date()) })
      .where('id', '=', gone.id)
      .execute();
    const ids = await recordActivities(
      t.database.db,
      [reader, english, quiet, gone].map((person) => ({
        type: 'new_follower',
        actorUserId: actor.id,
        recipientUserId: person.id,
      })),
    );
    let statements = 0;
    const counting = {
      ...ctx,
      database: {
        ...t.database,
        db: t.database.db.withPlugin({
          transformQuery: (args) => args.node,
          transformResult: async (args) => {
            statements += 1;
            return args.result;
          },
        }),
      },
    } as AppContext;
    sent.length = 0;
    pushed.length = 0;
    const told = await createDelivery(counting, createEmailDigest(counting, 60_000), push)(ids);
    expect(told).toEqual(new Set([reader.id, english.id]));
    const live = [reader.id, english.id];
    expect(sent.map((s) => s.userIds[0])).toEqual(countsRideAlong() ? live : [...live, ...live]);
    // a text in each one's language
    expect(pushed.map((p) => p.userIds)).toEqual([[reader.id], [english.id]]);
    expect(pushed[0]!.body).not.toEqual(pushed[1]!.body);
    // the events, the recipients (people, settings, delegates), the unread count; nothing for
    // the digest, as new followers are not mailed
    expect(statements).toBe(3);
  });

  it('schedules the digests of a fan-out together, one job waiting per person', async () => {
    const actor = await createUser(t);
    const people = await insertAccounts(t, 600);
    const ids = await recordActivities(
      t.database.db,
      people.map((recipientUserId) => ({
        type: 'new_collection',
        actorUserId: actor.id,
        recipientUserId,
      })),
    );
    const asked: number[] = [];
    const counting = {
      ...ctx,
      jobs: {
        ...ctx.jobs,
        enqueueWaiting: (...args: Parameters<AppContext['jobs']['enqueueWaiting']>) => {
          asked.push(args[1].length);
          return ctx.jobs.enqueueWaiting(...args);
        },
      },
    } as AppContext;
    await createDelivery(counting, createEmailDigest(counting, 60_000))(ids);
    // one call for all of them (it writes 500 a statement), not one per person
    expect(asked).toEqual([600]);
    const keys = await t.database.db
      .selectFrom('jobs')
      .select('unique_key')
      .where('type', '=', EMAIL_JOB)
      .where(
        'unique_key',
        'in',
        people.map((id) => `${EMAIL_JOB}:${id}`),
      )
      .execute();
    expect(keys).toHaveLength(600);
  });

  it('pushes one text per locale to the recipients of one change', async () => {
    const actor = await createUser(t, { name: 'Ada' });
    const first = await createUser(t, { locale: 'de' });
    const second = await createUser(t, { locale: 'de' });
    const third = await createUser(t, { locale: 'en' });
    const at = new Date();
    const ids = await recordActivities(
      t.database.db,
      [first, second, third].map((person) => ({
        type: 'new_follower',
        actorUserId: actor.id,
        recipientUserId: person.id,
        at,
      })),
    );
    pushed.length = 0;
    await createDelivery(ctx, createEmailDigest(ctx, 60_000), push)(ids);
    expect(pushed.map((p) => p.userIds)).toEqual([[first.id, second.id], [third.id]]);
    expect(pushed[0]!.body).toBe('Ada folgt Ihnen jetzt');
    expect(pushed[1]!.body).not.toBe(pushed[0]!.body);
  });

  it('counts every unread type, and leaves out the groups a person hides in the app', async () => {
    const actor = await createUser(t);
    const plain = await createUser(t);
    const hiding = await createUser(t);
    await saveSettings(t.database.db, t.database.dialect, hiding.id, [
      { group: 'followers', in_app: false },
    ]);
    const { db } = t.database;
    const event = (type: string, recipientUserId: number) => ({
      type,
      actorUserId: actor.id,
      recipientUserId,
    });
    // earlier, unread: a follower and a shared collection each; one more, reviewed
    await recordActivities(db, [
      event('new_follower', plain.id),
      event('new_collection', plain.id),
      event('new_follower', hiding.id),
      event('new_collection', hiding.id),
    ]);
    const reviewed = await recordActivities(db, [
      event('new_collection', plain.id),
      event('new_collection', hiding.id),
    ]);
    await createNotificationService(ctx).review(plain.id, [reviewed[0]!]);
    await createNotificationService(ctx).review(hiding.id, [reviewed[1]!]);
    const ids = await recordActivities(db, [
      event('new_collaboration', plain.id),
      event('new_collaboration', hiding.id),
    ]);
    sent.length = 0;
    await createDelivery(ctx, createEmailDigest(ctx, 60_000), push)(ids);
    const counters = countsIn(sent);
    expect(counters).toEqual(
      new Map([
        [plain.id, 3],
        [hiding.id, 2],
      ]),
    );
  });

  it('a fan-out of several batches gives everyone their own count', async () => {
    const { db } = t.database;
    const actor = await createUser(t);
    const people = await insertAccounts(t, SEND_BATCH * 2 + 3);
    const event = (recipientUserId: number) => ({
      type: 'new_follower',
      actorUserId: actor.id,
      recipientUserId,
    });
    // person i already has i % 3 unread notifications
    await recordActivities(
      db,
      people.flatMap((id, i) => Array.from({ length: i % 3 }, () => event(id))),
    );
    const ids = await recordActivities(db, people.map(event));
    const calls: number[] = [];
    const counting: AppContext = {
      ...ctx,
      realtime: {
        ...realtime,
        sendEach: async (messages: readonly PersonalMessage[]) => {
          calls.push(messages.length);
          await realtime.sendEach(messages);
        },
      },
    } as unknown as AppContext;
    sent.length = 0;
    const told = await createDelivery(counting, createEmailDigest(counting, 60_000))(ids);
    expect(told).toEqual(new Set(people));
    const notifications = sent.filter((s) => s.message.message_type === 'notification');
    expect(notifications.map((s) => s.userIds[0])).toEqual(people);
    if (countsRideAlong()) {
      expect(calls).toEqual([SEND_BATCH, SEND_BATCH, 3]);
      expect(sent).toEqual(notifications);
    } else {
      expect(calls).toEqual([SEND_BATCH, SEND_BATCH, 3, SEND_BATCH, SEND_BATCH, 3]);
      expect(sent.slice(people.length).map((s) => s.userIds[0])).toEqual(people);
    }
    expect(countsIn(sent)).toEqual(new Map(people.map((id, i) => [id, (i % 3) + 1])));
  });

  it('a send that fails ends the fan-out with its error', async () => {
    const { db } = t.database;
    const actor = await createUser(t);
    const people = await insertAccounts(t, SEND_BATCH + 1);
    const ids = await recordActivities(
      db,
      people.map((recipientUserId) => ({
        type: 'new_follower',
        actorUserId: actor.id,
        recipientUserId,
      })),
    );
    const failing = {
      ...ctx,
      realtime: {
        ...realtime,
        sendEach: async () => {
          throw new Error('broker gone');
        },
      },
    } as unknown as AppContext;
    await expect(createDelivery(failing, createEmailDigest(failing, 60_000))(ids)).rejects.toThrow(
      'broker gone',
    );
  });

  it('keeps the unread count right through review, unreview, delete, bulk changes and account deletion', async () => {
    const actor = await createUser(t);
    const other = await createUser(t);
    const me = await createUser(t);
    const { db } = t.database;
    const service = createNotificationService(ctx);
    const event = (actorUserId: number) => ({
      type: 'new_follower',
      actorUserId,
      recipientUserId: me.id,
    });
    const fresh = async () =>
      Number(
        (
          await db
            .selectFrom('activity_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('recipient_user_id', '=', me.id)
            .where('reviewed_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const expectUnread = async (n: number) => {
      expect(await service.unread(me.id)).toBe(n);
      expect(await fresh()).toBe(n);
    };

    await expectUnread(0);
    const [a, b, c] = await recordActivities(db, [
      event(actor.id),
      event(actor.id),
      event(other.id),
    ]);
    await expectUnread(3);
    expect(await service.review(me.id, [a!])).toBe(2);
    expect(await service.review(me.id, [a!])).toBe(2);
    expect(await service.unreview(me.id, a!)).toBe(3);
    expect(await service.unreview(me.id, a!)).toBe(3);
    await service.review(me.id, [b!]);
    // deleting a reviewed one leaves the count, an unread one lowers it
    expect(await service.remove(me.id, b!)).toBe(2);
    expect(await service.remove(me.id, c!)).toBe(1);
    expect(await service.reviewAll(me.id)).toBe(0);
    expect(await service.reviewAll(me.id)).toBe(0);
    await recordActivities(db, [event(actor.id), event(other.id)]);
    await expectUnread(2);
    // the actor's account goes: the notifications about it go with it
    await db.deleteFrom('users').where('id', '=', actor.id).execute();
    await expectUnread(1);
    expect(await service.removeAll(me.id)).toBe(0);
    await recordActivity(db, event(other.id));
    await expectUnread(1);
  });

  it('after review or delete the other tabs get the counter', async () => {
    const actor = await createUser(t);
    const me = await createUser(t);
    const id = await recordActivity(t.database.db, {
      type: 'new_follower',
      actorUserId: actor.id,
      recipientUserId: me.id,
    });
    sent.length = 0;
    const service = createNotificationService(ctx);
    expect(await service.review(me.id, [id])).toBe(0);
    expect(sent).toEqual([
      { userIds: [me.id], message: { message_type: 'unread_count', unread: 0 } },
    ]);
    expect(await service.unreview(me.id, id)).toBe(1);
    expect(await service.remove(me.id, id)).toBe(0);
    expect(sent.map((s) => s.message.unread)).toEqual([0, 1, 0]);
  });
  it('events just written go out exactly as they read back from the database', async () => {
    const actor = await createUser(t, { name: 'Ada Written' });
    const readers = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const collectionId = await insertCollection(t, actor.id, 'public', { name: 'Shared "notes"' });
    const written = await writeActivities(
      t.database.db,
      readers.flatMap((reader, i) => [
        {
          type: 'new_comment_watcher_notification',
          actorUserId: actor.id,
          recipientUserId: reader.id,
          memoId: 1_000_000 + i,
          payload: { comment_id: 7, parent_id: null },
        },
        {
          type: 'new_collaboration',
          actorUserId: actor.id,
          recipientUserId: reader.id,
          collectionId,
        },
      ]),
    );
    const ids = written.map((event) => event.id);
    const deliver = createDelivery(ctx, createEmailDigest(ctx, 60_000), push);
    sent.length = 0;
    const toldReadBack = await deliver(ids);
    const readBack = sent.splice(0);
    const toldWritten = await deliver(ids, written);
    expect(sent).toEqual(readBack);
    expect(toldWritten).toEqual(toldReadBack);
    expect(readBack.filter((s) => s.message.message_type === 'notification')).toHaveLength(6);
    expect(readBack[1]!.message).toMatchObject({
      notification: {
        type: 'new_collaboration',
        from_user: { id: actor.id, name: 'Ada Written' },
        collection: { id: collectionId, name: 'Shared "notes"' },
      },
    });
  });
});
