import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser } from '../../test/factories.js';
import { createSessionStateReader } from './session-store.js';

describeDb('the session state kept between requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is kept across writes elsewhere and read again after a write to the sessions', async () => {
    const [ada, bob] = [await signedInUser(t), await signedInUser(t)];
    const { db, changes, dialect } = t.database;
    const session = await db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', ada.id)
      .executeTakeFirstOrThrow();
    const read = createSessionStateReader(db, changes);
    const first = await read(session.id);
    expect(first?.revoked_at).toBeNull();
    expect(await read(session.id)).toBe(first);
    // a write to a table the state is not read from keeps it
    await db
      .insertInto('blocks')
      .values({ blocker_id: ada.id, blocked_id: bob.id, created_at: dialect.time(new Date()) })
      .execute();
    expect(await read(session.id)).toBe(first);
    await db
      .updateTable('sessions')
      .set({ revoked_at: dialect.time(new Date()) })
      .where('id', '=', session.id)
      .execute();
    const after = await read(session.id);
    expect(after).not.toBe(first);
    expect(after?.revoked_at).not.toBeNull();
  });
});
