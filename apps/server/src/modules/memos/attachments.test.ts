import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { pngFixture, postUpload, storageUsed, storedFiles } from '../media/test-support.js';
import { insertCollection } from '../../test/content.js';

/** Memos answer their uploaded files, in reads and lists; deleting a memo frees them. */
describeDb('memo attachments', () => {
  let t: TestApp;
  let ada: SignedIn;
  let stan: SignedIn;
  let open: string;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t, { name: 'Ada' });
    stan = await signedInUser(t, { name: 'Stan' });
    open = await insertCollection(t, ada.id, 'public', { name: 'Open' });
  });
  afterAll(() => t?.close());

  async function writeMemo(title: string): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers: ada.headers,
      payload: { title, memos_per_collection: [open] },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().id as number;
  }

  async function uploadPhoto(memoId: number, name: string) {
    const file = { name, content: await pngFixture(640, 480), type: 'image/png' };
    const res = await postUpload(t, '/api/memo/photo', ada, file, { memo: `/api/memo/${memoId}` });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json() as { id: number; '@id': string };
  }

  const get = (url: string, session: SignedIn | null = ada) =>
    t.app.inject({ url, headers: session?.headers ?? {} });

  it('a memo answers its photos in GET /api/memo/{id} and in both lists, for every reader', async () => {
    const plain = await writeMemo('No files');
    const withPhotos = await writeMemo('Two photos');
    const first = await uploadPhoto(withPhotos, 'first.png');
    const second = await uploadPhoto(withPhotos, 'second.png');

    const photosOf = (memo: { memo_photos: Array<{ id: number }> }) =>
      memo.memo_photos.map((p) => p.id);
    const read = (await get(`/api/memo/${withPhotos}`)).json();
    expect(photosOf(read)).toEqual([first.id, second.id]);
    expect(read.memo_photos[0]).toMatchObject({
      '@id': first['@id'],
      type: 'photo',
      file_name: 'first.png',
      status: 'ready',
    });
    expect(read.memo_photos[0].secure_url).toMatch(/[?&]signature=/);
    expect(read).toMatchObject({ memo_videos: [], memo_documents: [] });

    for (const session of [ada, stan, null]) {
      const prefix = session ? '/api' : '/api/p';
      const single = (await get(`${prefix}/memo/${withPhotos}`, session)).json();
      expect(photosOf(single)).toEqual([first.id, second.id]);
      for (const list of [`${prefix}/collection/${open}/memo`, `${prefix}/user/${ada.id}/memo`]) {
        const memos = (await get(list, session)).json() as Array<{
          id: number;
          memo_photos: Array<{ id: number }>;
        }>;
        const byId = new Map(memos.map((m) => [m.id, m]));
        expect([list, photosOf(byId.get(withPhotos)!)]).toEqual([list, [first.id, second.id]]);
        expect([list, photosOf(byId.get(plain)!)]).toEqual([list, []]);
      }
    }
    // the signed URL opens the file for someone without a session
    const file = await t.app.inject({ url: read.memo_photos[0].secure_url as string });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/');
  });

  it('deleting a memo deletes its files and gives the storage back', async () => {
    const before = await storageUsed(t, ada.id);
    const memo = await writeMemo('Going away');
    const photo = await uploadPhoto(memo, 'gone.png');
    const kept = await uploadPhoto(await writeMemo('Staying'), 'kept.png');
    expect(await storageUsed(t, ada.id)).toBeGreaterThan(before);
    const filesOf = (id: number) => storedFiles(t, ada.id).filter((f) => f.startsWith(`${id}/`));
    expect(filesOf(photo.id).length).toBeGreaterThan(0);
    const keptBytes = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('attachments')
            .select('stored_bytes')
            .where('id', '=', kept.id)
            .executeTakeFirstOrThrow()
        ).stored_bytes,
      );

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/memo/${memo}`,
      headers: ada.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(await storageUsed(t, ada.id)).toBe(before + (await keptBytes()));
    await t.app.jobs.runDue();
    expect(filesOf(photo.id)).toEqual([]);
    expect(filesOf(kept.id).length).toBeGreaterThan(0);
    const gone = await t.app.inject({ url: `/api/memo/photo/${photo.id}`, headers: ada.headers });
    expect(gone.statusCode).toBe(404);
    expect((await get(`/api/memo/${memo}`)).statusCode).toBe(404);
  });

  it('a delete refused (not the author) leaves the memo and its files alone', async () => {
    const memo = await writeMemo('Mine only');
    const photo = await uploadPhoto(memo, 'mine.png');
    const used = await storageUsed(t, ada.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/memo/${memo}`,
      headers: stan.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(await storageUsed(t, ada.id)).toBe(used);
    const read = (await get(`/api/memo/${memo}`)).json();
    expect(read.memo_photos.map((p: { id: number }) => p.id)).toEqual([photo.id]);
  });
});
