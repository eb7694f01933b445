import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { recordActivities } from '../../events/index.js';
import { createNotificationService } from '../../modules/notifications/service.js';
import type { AppContext } from '../../context.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { createUser } from '../../test/factories.js';
import { down, up } from './0017_unread_counters.js';

/** A database that had notifications before 0017 counts them right after it. */
describeDb('migration 0017: unread counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('counts the notifications already stored, and goes back down cleanly', async () => {
    const { db, dialect } = t.database;
    const raw = db as unknown as Kysely<unknown>;
    const actor = await createUser(t);
    const [first, second] = [await createUser(t), await createUser(t)];
    await down(raw, dialect);
    await recordActivities(
      db,
      [first, first, first, second].map((person) => ({
        type: 'new_follower',
        actorUserId: actor.id,
        recipientUserId: person.id,
      })),
    );
    await db
      .updateTable('activity_events')
      .set({ reviewed_at: dialect.time(new Date()) })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('activity_events')
          .select((e) => e.fn.max('id').as('id'))
          .where('recipient_user_id', '=', first.id),
      )
      .execute();
    await up(raw, dialect);
    const service = createNotificationService({
      database: t.database,
      realtime: t.app.realtime,
      log: t.app.log,
    } as unknown as AppContext);
    expect(await service.unread(first.id)).toBe(2);
    expect(await service.unread(second.id)).toBe(1);
    expect(await service.unread(actor.id)).toBe(0);
    // and the triggers are back
    await recordActivities(db, [
      { type: 'new_follower', actorUserId: actor.id, recipientUserId: second.id },
    ]);
    expect(await service.unread(second.id)).toBe(2);
  });
});
