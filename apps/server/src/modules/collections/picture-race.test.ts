import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser } from '../../test/factories.js';
import { multipart, pngFixture, storageUsed, storedFiles } from '../media/test-support.js';

const WRITES = 8;

describeDb('collections: cover pictures set at the same time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('one picture wins; the others are deleted with their files and storage', async () => {
    const owner = await signedInUser(t);
    const upload = async (width: number) => {
      const body = multipart({ name: 'cover.png', content: await pngFixture(width, 120) });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/collection/picture',
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number };
    };
    const first = await upload(150);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/collection',
      headers: owner.headers,
      payload: { name: 'Cover race', type: 'private', collection_picture: first.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const pictures = [];
    for (let i = 0; i < WRITES; i += 1) pictures.push(await upload(160 + i * 10));

    const answers = await Promise.all(
      pictures.map((picture) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/collection/${id}`,
          headers: owner.headers,
          payload: { collection_picture: picture.id },
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    await t.app.jobs.runDue();

    const collection = await t.database.db
      .selectFrom('collections')
      .select('picture_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const live = await t.database.db
      .selectFrom('attachments')
      .select(['id', 'stored_bytes'])
      .where('user_id', '=', owner.id)
      .where('status', '!=', 'deleted')
      .execute();
    expect(live.map((row) => row.id)).toEqual([collection.picture_id]);
    expect(await storageUsed(t, owner.id)).toBe(Number(live[0]!.stored_bytes));
    expect(
      storedFiles(t, owner.id).filter((name) => !name.startsWith(`${collection.picture_id}/`)),
    ).toEqual([]);
    const read = await t.app.inject({ url: `/api/collection/${id}`, headers: owner.headers });
    const file = await t.app.inject({ url: read.json().picture });
    expect(file.statusCode).toBe(200);
  });
});
