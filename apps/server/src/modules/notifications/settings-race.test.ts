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

  it('answers every concurrent save and keeps one value per group and channel', async () => {
    const save = (push: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/notification-settings',
        headers: me.headers,
        payload: { settings: [{ group: 'memos_followed', email: true, push }] },
      });
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(Array.from({ length: 12 }, () => save(false)));
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      const mixed = await Promise.all(Array.from({ length: 12 }, (_, i) => save(i % 2 === 0)));
      expect(mixed.map((a) => a.statusCode)).toEqual(mixed.map(() => 200));
    }
    const final = await save(false);
    expect(final.statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('notification_settings')
      .select(['type', 'channel', 'enabled'])
      .where('user_id', '=', me.id)
      .execute();
    // push off and email on differ from the defaults of memos_followed; in_app was not sent
    expect(rows.map((r) => `${r.type}:${r.channel}`).sort()).toEqual([
      'memos_followed:email',
      'memos_followed:push',
    ]);
    const group = (
      final.json().settings as { group: string; push: boolean; email: boolean }[]
    ).find((s) => s.group === 'memos_followed');
    expect(group).toMatchObject({ push: false, email: true });
  });
});
