import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { blockUser, connectUsers } from '../../test/social.js';
import { signMediaPath } from './signing.js';
import {
  insertCollection,
  insertMemo,
  mediaServiceFor,
  multipart,
  pngFixture,
  storageUsed,
  storedFiles,
} from './test-support.js';

describeDb('media access', () => {
  let t: TestApp;
  let author: SignedIn;
  let contact: SignedIn;
  let stranger: SignedIn;
  let blocked: SignedIn;
  let contactsCollection: string;
  let privateCollection: string;
  let pictureId: number;
  let privatePictureId: number;

  const upload = async (session: SignedIn, url = '/api/collection/picture', fields = {}) => {
    const body = multipart({ name: 'p.png', content: await pngFixture(600, 600) }, fields);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...session.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  };

  const attach = (attachmentId: number, collectionId: string, userId: number) =>
    t.database.db
      .transaction()
      .execute((trx) =>
        mediaServiceFor(t).attachPictureToCollection(trx, attachmentId, collectionId, userId),
      );

  beforeAll(async () => {
    t = await createTestApp();
    [author, contact, stranger, blocked] = await Promise.all([
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
    ]);
    await connectUsers(t, author.id, contact.id);
    await connectUsers(t, author.id, blocked.id);
    await blockUser(t, author.id, blocked.id);
    contactsCollection = await insertCollection(t, author.id, 'all_contacts');
    privateCollection = await insertCollection(t, author.id, 'private', { secret: 'link-token' });
    pictureId = (await upload(author)).id;
    privatePictureId = (await upload(author)).id;
    await attach(pictureId, contactsCollection, author.id);
    await attach(privatePictureId, privateCollection, author.id);
    // the photo job makes and stores the variants (photo-job.test.ts covers before it ran)
    await t.app.jobs.runDue();
  });
  afterAll(() => t.close());

  const get = (url: string, session?: SignedIn, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(session?.headers ?? {}), ...headers } });

  it('serves a collection picture to each kind of viewer as the collection’s audience says', async () => {
    const url = `/api/collection/photo/${pictureId}?variant=550w`;
    expect((await get(url, author)).statusCode).toBe(200);
    expect((await get(url, contact)).statusCode).toBe(200);
    const strangerAnswer = await get(url, stranger);
    expect(strangerAnswer.statusCode).toBe(403);
    expect(strangerAnswer.json().detail).toBe('You are unable to access this information');
    expect((await get(url)).statusCode).toBe(403);
    expect((await get(url, blocked)).statusCode).toBe(404);
  });

  it('lets the holder of a collection secret link in, visitors too, but not the blocked', async () => {
    const url = `/api/collection/photo/${privatePictureId}?variant=80w`;
    expect((await get(url, contact)).statusCode).toBe(403);
    expect((await get(`${url}&collection_sec_link=link-token`)).statusCode).toBe(200);
    expect((await get(`${url}&collection_sec_link=link-token`, stranger)).statusCode).toBe(200);
    expect((await get(`${url}&collection_sec_link=wrong`)).statusCode).toBe(403);
    expect((await get(`${url}&collection_sec_link=link-token`, blocked)).statusCode).toBe(404);
  });

  it('keeps a picture not yet attached to a collection to its uploader', async () => {
    const loose = await upload(contact);
    const url = `/api/collection/photo/${loose.id}?variant=40w`;
    expect((await get(url, contact)).statusCode).toBe(200);
    expect((await get(url, author)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(403);
    // Only its uploader may make it a collection's picture.
    await expect(attach(loose.id, contactsCollection, author.id)).rejects.toMatchObject({
      violations: [{ propertyPath: 'collection_picture' }],
    });
  });

  it('grants access through a signed secure_url without a session, until it expires', async () => {
    const service = mediaServiceFor(t);
    const signed = service.pictureUrlFor(privatePictureId);
    expect(signed).toMatch(/^\/api\/collection\/photo\/\d+\?variant=550w&expires=\d+&signature=/);
    const ok = await get(signed);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const path = `/api/collection/photo/${privatePictureId}`;
    const old = signMediaPath(
      t.secrets.mediaUrlKey,
      path,
      '550w',
      new Date(Date.now() - 3 * 3600_000),
    );
    const expired = await get(old);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().detail).toBe('This link to the file has expired. Reload the page.');
    // A signature names one variant of one file.
    expect((await get(signed.replace('variant=550w', 'variant=900w'))).statusCode).toBe(403);
    expect((await get(signed.replace(`/${privatePictureId}?`, `/${pictureId}?`))).statusCode).toBe(
      403,
    );
    // Another server secret, another signature.
    const forged = signMediaPath(Buffer.alloc(32, 1), path, '550w');
    expect((await get(forged)).statusCode).toBe(403);
  });

  it('answers conditional and ranged requests', async () => {
    const url = `/api/collection/photo/${pictureId}?variant=220w`;
    const full = await get(url, author);
    expect(full.headers['cache-control']).toBe('private, no-cache');
    const etag = full.headers.etag as string;
    expect(etag).toMatch(/^"m\d+-220w-\d+"$/);
    expect((await get(url, author, { 'if-none-match': etag })).statusCode).toBe(304);
    const part = await get(url, author, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${full.rawPayload.length}`);
    expect(part.rawPayload).toEqual(full.rawPayload.subarray(0, 10));
    const tail = await get(url, author, { range: 'bytes=-4' });
    expect(tail.rawPayload).toEqual(full.rawPayload.subarray(-4));
    const beyond = await get(url, author, { range: `bytes=${full.rawPayload.length}-` });
    expect(beyond.statusCode).toBe(416);
  });

  it('replacing a collection picture deletes the old one and frees its storage', async () => {
    const before = await storageUsed(t, author.id);
    const next = await upload(author);
    const withNext = await storageUsed(t, author.id);
    expect(withNext).toBeGreaterThan(before);
    await attach(next.id, contactsCollection, author.id);
    const old = await t.database.db
      .selectFrom('attachments')
      .select(['status', 'action', 'stored_bytes'])
      .where('id', '=', pictureId)
      .executeTakeFirstOrThrow();
    expect([old.status, old.action]).toEqual(['deleted', 'delete']);
    expect(await storageUsed(t, author.id)).toBe(withNext - Number(old.stored_bytes));
    expect(storedFiles(t, author.id).some((f) => f.startsWith(`${pictureId}/`))).toBe(true);
    await t.app.jobs.runDue();
    expect(storedFiles(t, author.id).some((f) => f.startsWith(`${pictureId}/`))).toBe(false);
    expect((await get(`/api/collection/photo/${pictureId}`, author)).statusCode).toBe(404);
  });

  it('memo photos: uploaded to a memo, seen by its audience, deleted with action delete', async () => {
    const memoId = await insertMemo(t, author.id, contactsCollection);
    const photo = await upload(author, '/api/memo/photo', { memo: `/api/memo/${memoId}` });
    expect(photo.content_url).toBe(`/api/memo/photo/${photo.id}?variant=550w`);
    const lists = await mediaServiceFor(t).loadAttachmentsForMemos([memoId], {
      userId: contact.id,
    });
    expect(lists.photos.get(memoId)?.map((p) => p.id)).toEqual([photo.id]);
    expect(lists.photos.get(memoId)?.[0]?.suggestions).toBeUndefined();
    expect((await get(`/api/memo/photo/${photo.id}`, contact)).statusCode).toBe(200);
    expect((await get(`/api/memo/photo/${photo.id}`, stranger)).statusCode).toBe(403);
    // Someone else's memo cannot receive uploads.
    const intruder = multipart(
      { name: 'p.png', content: await pngFixture(20, 20) },
      { memo: String(memoId) },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/memo/photo',
      headers: { ...contact.headers, ...intruder.headers },
      payload: intruder.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations[0].propertyPath).toBe('memo');

    const used = await storageUsed(t, author.id);
    const del = (session: SignedIn) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/memo/photo/${photo.id}`,
        headers: session.headers,
      });
    expect((await del(contact)).statusCode).toBe(403);
    expect((await del(author)).statusCode).toBe(204);
    expect((await del(author)).statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom('attachments')
      .select(['status', 'action', 'stored_bytes'])
      .where('id', '=', photo.id)
      .executeTakeFirstOrThrow();
    expect([row.status, row.action]).toEqual(['deleted', 'delete']);
    expect(await storageUsed(t, author.id)).toBe(used - Number(row.stored_bytes));
    const after = await mediaServiceFor(t).loadAttachmentsForMemos([memoId], { userId: author.id });
    expect(after.photos.get(memoId)).toBeUndefined();
  });

  it('the files of a memo scheduled for later answer 404 to all but its author, as the memo does', async () => {
    const memoId = await insertMemo(t, author.id, contactsCollection);
    const photo = await upload(author, '/api/memo/photo', { memo: `/api/memo/${memoId}` });
    const document = multipart(
      { name: 'notes.txt', content: Buffer.from('plain notes\n') },
      { memo: `/api/memo/${memoId}` },
    );
    const doc = await t.app.inject({
      method: 'POST',
      url: '/api/memo/document',
      headers: { ...author.headers, ...document.headers },
      payload: document.payload,
    });
    expect(doc.statusCode).toBe(201);
    const files = [
      `/api/memo/photo/${photo.id}`,
      `/api/memo/document/${doc.json().id}`,
      `/api/memo/document/${doc.json().id}/versions`,
    ];
    // published: the contact sees them, the stranger is refused without learning more
    for (const url of files) {
      expect([url, (await get(url, contact)).statusCode]).toEqual([url, 200]);
      expect([url, (await get(url, stranger)).statusCode]).toEqual([url, 403]);
    }
    await t.database.db
      .updateTable('memos')
      .set({
        status: 'scheduled',
        published_at: null,
        memo_scheduled: t.database.dialect.time(new Date(Date.now() + 86_400_000)),
      })
      .where('id', '=', memoId)
      .execute();
    expect((await get(`/api/memo/${memoId}`, contact)).statusCode).toBe(404);
    for (const url of files) {
      expect([url, (await get(url, author)).statusCode]).toEqual([url, 200]);
      for (const who of [contact, stranger, undefined]) {
        const res = await get(url, who);
        expect([url, res.statusCode]).toEqual([url, 404]);
        expect(res.json().message).toBe('This file does not exist.');
      }
    }
  });

  it('attaches uploads on memo save in the given order and drops the ones left out', async () => {
    const memoId = await insertMemo(t, author.id, contactsCollection);
    const first = await upload(author, '/api/memo/photo');
    const second = await upload(author, '/api/memo/photo');
    const service = mediaServiceFor(t);
    await t.database.db
      .transaction()
      .execute((trx) =>
        service.attachToMemo(trx, memoId, author.id, { memo_photos: [second.id, first.id] }),
      );
    let lists = await service.loadAttachmentsForMemos([memoId], { userId: author.id });
    expect(lists.photos.get(memoId)?.map((p) => p.id)).toEqual([second.id, first.id]);
    await t.database.db
      .transaction()
      .execute((trx) => service.attachToMemo(trx, memoId, author.id, { memo_photos: [first.id] }));
    lists = await service.loadAttachmentsForMemos([memoId], { userId: author.id });
    expect(lists.photos.get(memoId)?.map((p) => p.id)).toEqual([first.id]);
    // Another user's upload cannot be attached.
    const foreign = await upload(contact, '/api/memo/photo');
    await expect(
      t.database.db
        .transaction()
        .execute((trx) =>
          service.attachToMemo(trx, memoId, author.id, { memo_photos: [foreign.id] }),
        ),
    ).rejects.toMatchObject({ violations: [{ propertyPath: 'memo_photos' }] });
  });

  it('frees the storage of a memo’s attachments before the memo is deleted', async () => {
    const memoId = await insertMemo(t, author.id, contactsCollection);
    const before = await storageUsed(t, author.id);
    const photo = await upload(author, '/api/memo/photo', { memo: String(memoId) });
    expect(await storageUsed(t, author.id)).toBeGreaterThan(before);
    const service = mediaServiceFor(t);
    await t.database.db.transaction().execute(async (trx) => {
      await service.deleteMemoAttachments(trx, [memoId]);
      await trx.deleteFrom('memos').where('id', '=', memoId).execute();
    });
    expect(await storageUsed(t, author.id)).toBe(before);
    await t.app.jobs.runDue();
    expect(storedFiles(t, author.id).some((f) => f.startsWith(`${photo.id}/`))).toBe(false);
  });
});
