import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';

/**
 * Settings saved twice at once (two devices, a double click) both succeed: found by the
 * fuzzer (http/fuzz.test.ts), where concurrent saves of one setting broke the unique key
 * (user, group, channel) on PostgreSQL and answered 500.
 */
describeDb('notification settings saved at the same time', () => {
  let t: TestApp;
  let me: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    me = await signedInUser(t);
  });
  afterAll(async () => t?.close());

  const save = (settings: object[]) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: me.headers,
      payload: { settings },
    });

  it('answers every concurrent save and keeps one value per group and channel', async () => {
    for (let round = 0; round < 5; round += 1) {
      const same = await Promise.all(
        Array.from({ length: 12 }, () =>
          save([{ group: 'memos_followed', email: true, push: false }]),
        ),
      );
      expect(same.map((a) => a.statusCode)).toEqual(same.map(() => 200));
      // the same rows named in other orders (a group twice, two groups either way round)
      const orders = [
        [
          { group: 'memos_followed', push: false },
          { group: 'memos_followed', email: true },
        ],
        [
          { group: 'memos_followed', email: true },
          { group: 'memos_followed', push: false },
        ],
        [
          { group: 'comments', email: false },
          { group: 'memos_followed', push: false, email: true },
        ],
        [
          { group: 'memos_followed', email: true, push: false },
          { group: 'comments', email: false },
        ],
      ];
      const mixed = await Promise.all(
        Array.from({ length: 16 }, (_, i) => save(orders[i % orders.length] as object[])),
      );
      expect(mixed.map((a) => a.statusCode)).toEqual(mixed.map(() => 200));
    }
    const rows = await t.database.db
      .selectFrom('notification_settings')
      .select(['type', 'channel', 'enabled'])
      .where('user_id', '=', me.id)
      .execute();
    // push off and email on differ from the defaults of memos_followed, email off from those of comments
    expect(rows.map((r) => `${r.type}:${r.channel}`).sort()).toEqual([
      'comments:email',
      'memos_followed:email',
      'memos_followed:push',
    ]);
  });

  it('takes the last value of a group named twice', async () => {
    const res = await save([
      { group: 'reactions', push: false, email: true },
      { group: 'reactions', push: true },
    ]);
    expect(res.statusCode).toBe(200);
    const reactions = (res.json().settings as { group: string }[]).find(
      (s) => s.group === 'reactions',
    );
    expect(reactions).toMatchObject({ push: true, email: true });
  });
});
