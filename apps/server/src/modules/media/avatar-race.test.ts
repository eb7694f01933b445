import { afterAll, beforeAll, expect, it } from 'vitest';
import { AVATAR_PHOTO_VARIANTS } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser } from '../../test/factories.js';
import { noisePng, storageUsed, storedFiles, uploadAvatar } from './test-support.js';

const UPLOADS = 12;

describeDb('account pictures uploaded at the same time', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('each upload wins or loses cleanly: the profile shows a picture whose files all exist, no orphans', async () => {
    const alice = await signedInUser(t);
    // Sizes differ so the uploads finish in no set order.
    const files = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) => noisePng(120 + ((i * 37) % 200), 90 + i * 5)),
    );
    const answers = await Promise.all(
      files.map((content, i) =>
        uploadAvatar(t, alice, { name: `me-${i}.png`, content, type: 'image/png' }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(201);
    }
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBeGreaterThan(0);
    await t.app.jobs.runDue();

    const profile = (await t.app.inject({ url: '/api/profile', headers: alice.headers })).json();
    const current = Number(/\/api\/user\/photo\/(\d+)/.exec(profile.user_picture.content_url)?.[1]);
    expect(
      answers.some((answer) => answer.statusCode === 201 && answer.json().id === current),
    ).toBe(true);
    for (const variant of AVATAR_PHOTO_VARIANTS) {
      const file = await t.app.inject({
        url: `/api/user/photo/${current}?variant=${variant}`,
        headers: alice.headers,
      });
      expect(file.statusCode, variant).toBe(200);
    }

    // Only the current picture is left: one live row, its files alone, its bytes charged.
    const live = await t.database.db
      .selectFrom('attachments')
      .select(['id', 'stored_bytes'])
      .where('user_id', '=', alice.id)
      .where('status', '!=', 'deleted')
      .execute();
    expect(live.map((row) => row.id)).toEqual([current]);
    const onDisk = storedFiles(t, alice.id);
    expect(onDisk.length).toBeGreaterThan(0);
    expect(onDisk.filter((name) => !name.startsWith(`${current}/`))).toEqual([]);
    expect(await storageUsed(t, alice.id)).toBe(Number(live[0]!.stored_bytes));
  });
});
