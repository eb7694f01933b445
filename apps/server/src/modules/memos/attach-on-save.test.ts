import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { pngFixture, postUpload } from '../media/test-support.js';
import { insertCollection } from '../../test/content.js';

/** Files uploaded before their memo exists are attached by the memo's save, in order. */
describeDb('memo files attached on save', () => {
  let t: TestApp;
  let ada: SignedIn;
  let bob: SignedIn;
  let open: string;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t, { name: 'Ada' });
    bob = await signedInUser(t, { name: 'Bob' });
    open = await insertCollection(t, ada.id, 'public', { name: 'Open' });
  });
  afterAll(() => t?.close());

  async function upload(session: SignedIn, name: string): Promise<number> {
    const file = { name, content: await pngFixture(320, 240), type: 'image/png' };
    const res = await postUpload(t, '/api/memo/photo', session, file);
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().id as number;
  }

  const save = (method: 'POST' | 'PUT', url: string, payload: object, session = ada) =>
    t.app.inject({ method, url, headers: session.headers, payload });
  const photoIds = (memo: { memo_photos: Array<{ id: number }> }) =>
    memo.memo_photos.map((p) => p.id);

  it('attaches uploads listed on create, keeps them when an edit leaves the list out, drops them when it sends []', async () => {
    const first = await upload(ada, 'first.png');
    const second = await upload(ada, 'second.png');
    const created = await save('POST', '/api/memo', {
      title: 'Trip',
      memos_per_collection: [open],
      memo_photos: [`/api/memo/photo/${second}`, first],
    });
    expect(created.statusCode).toBe(201);
    expect(photoIds(created.json())).toEqual([second, first]);
    const id = created.json().id as number;

    const kept = await save('PUT', `/api/memo/${id}`, {
      title: 'Trip (edited)',
      memos_per_collection: [open],
    });
    expect(kept.statusCode).toBe(200);
    expect(photoIds(kept.json())).toEqual([second, first]);

    const reordered = await save('PUT', `/api/memo/${id}`, {
      title: 'Trip',
      memos_per_collection: [open],
      memo_photos: [first],
    });
    expect(photoIds(reordered.json())).toEqual([first]);
  });

  it('refuses someone else’s upload and a malformed reference, saving nothing', async () => {
    const bobs = await upload(bob, 'bob.png');
    const foreign = await save('POST', '/api/memo', {
      title: 'Not mine',
      memos_per_collection: [open],
      memo_photos: [bobs],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().violations[0].propertyPath).toBe('memo_photos');

    const malformed = await save('POST', '/api/memo', {
      title: 'Bad ref',
      memos_per_collection: [open],
      memo_photos: ['not-an-id'],
    });
    expect(malformed.statusCode).toBe(422);
    const titles = await t.database.db
      .selectFrom('memos')
      .select('title')
      .where('title', 'in', ['Not mine', 'Bad ref'])
      .execute();
    expect(titles).toEqual([]);
  });
});
