import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { connectUsers } from '../../test/social.js';
import {
  insertMemo,
  mediaServiceFor,
  multipart,
  pngFixture,
  storageUsed,
  storedFiles,
} from '../media/test-support.js';

/** collection_picture on create, PUT and PATCH, through the media service (issue 4). */
describeDb('collections: cover picture', () => {
  let t: TestApp;
  let owner: SignedIn;
  let contact: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t, { name: 'Olga Owner' });
    contact = await signedInUser(t);
    await connectUsers(t, owner.id, contact.id);
  });
  afterAll(() => t?.close());

  const upload = async (user: SignedIn, url = '/api/collection/picture') => {
    const body = multipart({ name: 'cover.png', content: await pngFixture(300, 200) });
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json() as { id: number; '@id': string };
  };
  const send = (user: SignedIn, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: user.headers, payload });
  const statusOf = async (id: number) =>
    (
      await t.database.db
        .selectFrom('attachments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.status;
  const pictureUrl = (attachmentId: number) =>
    new RegExp(`^/api/collection/photo/${attachmentId}\\?variant=550w&expires=\\d+&signature=`);

  it('sets, replaces and removes the picture; readers get its signed 550w URL', async () => {
    const first = await upload(owner);
    const created = await send(owner, 'POST', '/api/collection', {
      name: 'With cover',
      type: 'all_contacts',
      collection_picture: first['@id'],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json().picture).toMatch(pictureUrl(first.id));
    const read = await t.app.inject({ url: `/api/collection/${id}`, headers: contact.headers });
    expect(read.json().picture).toMatch(pictureUrl(first.id));
    const file = await t.app.inject({ url: read.json().picture });
    expect(file.statusCode).toBe(200);
    const listed = await t.app.inject({
      url: `/api/user/${owner.id}/collection`,
      headers: contact.headers,
    });
    expect(listed.json()[0].picture).toMatch(pictureUrl(first.id));

    const second = await upload(owner);
    const replaced = await send(owner, 'PATCH', `/api/collection/${id}`, {
      collection_picture: second.id,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().picture).toMatch(pictureUrl(second.id));
    expect(await statusOf(first.id)).toBe('deleted');

    const used = await storageUsed(t, owner.id);
    const removed = await send(owner, 'PATCH', `/api/collection/${id}`, {
      collection_picture: null,
    });
    expect(removed.json().picture).toBeNull();
    expect(await statusOf(second.id)).toBe('deleted');
    expect(await storageUsed(t, owner.id)).toBeLessThan(used);
  });

  it('refuses an upload that is not the owner’s collection photo, changing nothing', async () => {
    const theirs = await upload(contact);
    const memoPhoto = await upload(owner, '/api/memo/photo');
    const before = await t.database.db
      .selectFrom('collections')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute();
    for (const picture of [theirs['@id'], memoPhoto.id, 99999999, '/api/collection/photo/x']) {
      const res = await send(owner, 'POST', '/api/collection', {
        name: 'Bad cover',
        collection_picture: picture,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().violations).toEqual([
        expect.objectContaining({ propertyPath: 'collection_picture' }),
      ]);
    }
    const after = await t.database.db
      .selectFrom('collections')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute();
    expect(after).toEqual(before);

    const mine = await upload(owner);
    const id = (await send(owner, 'POST', '/api/collection', { name: 'Plain' })).json().id;
    const put = await send(owner, 'PUT', `/api/collection/${id}`, {
      name: 'Plain',
      collection_picture: theirs.id,
      description: 'changed',
    });
    expect(put.statusCode).toBe(422);
    const read = await t.app.inject({ url: `/api/collection/${id}`, headers: owner.headers });
    expect(read.json()).toMatchObject({ picture: null, description: null });
    expect(await statusOf(mine.id)).toBe('ready');
  });

  it('deleting a collection frees the files of its picture and of the memos that go with it', async () => {
    const cover = await upload(owner);
    const id = (
      await send(owner, 'POST', '/api/collection', { name: 'Album', collection_picture: cover.id })
    ).json().id as string;
    const kept = (await send(owner, 'POST', '/api/collection', { name: 'Kept' })).json()
      .id as string;
    const alone = await insertMemo(t, owner.id, id);
    const shared = await insertMemo(t, owner.id, id);
    await t.database.db
      .insertInto('memos_per_collection')
      .values({
        memo_id: shared,
        collection_id: kept,
        position: shared,
        created_at: t.database.dialect.time(new Date()),
      })
      .execute();
    const gone = await upload(owner, '/api/memo/photo');
    const stays = await upload(owner, '/api/memo/photo');
    const media = mediaServiceFor(t);
    await t.database.db.transaction().execute(async (trx) => {
      await media.attachToMemo(trx, alone, owner.id, { memo_photos: [gone.id] });
      await media.attachToMemo(trx, shared, owner.id, { memo_photos: [stays.id] });
    });
    await t.app.jobs.runDue(); // the photos' variants
    const filesBefore = storedFiles(t, owner.id);
    const usedBefore = await storageUsed(t, owner.id);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/collection/${id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(204);
    await t.app.jobs.runDue();
    expect(await statusOf(stays.id)).toBe('ready');
    expect(await statusOf(gone.id)).toBeUndefined();
    expect(await statusOf(cover.id)).toBeUndefined();
    expect(await storageUsed(t, owner.id)).toBeLessThan(usedBefore);
    const filesAfter = storedFiles(t, owner.id);
    expect(filesAfter.some((f) => f.startsWith(`${stays.id}/`))).toBe(true);
    expect(filesAfter.some((f) => f.startsWith(`${gone.id}/`))).toBe(false);
    expect(filesAfter.some((f) => f.startsWith(`${cover.id}/`))).toBe(false);
    expect(filesAfter.length).toBeLessThan(filesBefore.length);
  });
});
