import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import {
  mediaServiceFor,
  multipart,
  pngFixture,
  storageUsed,
  storedFiles,
  svgFixture,
} from '../media/test-support.js';
import { circle, groupThread, send, sent } from './test-support.js';
import { ofType, openSocket, type TestSocket } from './test-socket.js';

/** Photos and documents on messages (docs/notes/messenger.md, Photos and documents). */
describeDb('messenger: photos and documents', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.terminate();
    await t?.close();
  });

  const post = (user: SignedIn, type: 'photo' | 'document', payload: Buffer, headers: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/message/${type}`,
      headers: { ...user.headers, ...headers },
      payload,
    });
  const upload = async (user: SignedIn, type: 'photo' | 'document') => {
    const file =
      type === 'photo'
        ? { name: 'p.png', content: await pngFixture(300, 200) }
        : { name: 'notes.txt', content: Buffer.from('meeting notes\n') };
    const body = multipart(file);
    const res = await post(user, type, body.payload, body.headers);
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json() as { id: number; '@id': string };
  };
  const statusOf = async (id: number) =>
    (
      await t.database.db
        .selectFrom('attachments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.status;
  const rowsOf = (userId: number) =>
    t.database.db.selectFrom('attachments').select('id').where('user_id', '=', userId).execute();

  it('a message with a photo and a document and no text: members load them, nobody else', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await groupThread(t, ada!, [bob!]);
    const photo = await upload(ada!, 'photo');
    const doc = await upload(ada!, 'document');
    expect(photo['@id']).toBe(`/api/message/photo/${photo.id}`);
    const res = await send(t, ada!.headers, id, '[empty]', {
      message_photos: [photo['@id']],
      message_documents: [doc.id],
    });
    expect(res.statusCode).toBe(201);
    const message = res.json().message;
    expect(message.message_photos.map((p: { id: number }) => p.id)).toEqual([photo.id]);
    expect(message.message_documents[0]).toMatchObject({
      id: doc.id,
      name: 'notes.txt',
      mime_type: 'text/plain',
    });

    const page = await t.app.inject({
      url: `/api/thread/${id}/messages`,
      headers: bob!.headers,
    });
    const listed = page.json().at(-1);
    expect(listed.message_photos[0].id).toBe(photo.id);
    const signed = await t.app.inject({ url: listed.message_photos[0].content_url });
    expect(signed.statusCode).toBe(200);

    const plain = `/api/message/document/${doc.id}`;
    const byMember = await t.app.inject({ url: plain, headers: bob!.headers });
    expect(byMember.statusCode).toBe(200);
    expect(byMember.body).toBe('meeting notes\n');
    const stranger = await signedInUser(t);
    expect((await t.app.inject({ url: plain, headers: stranger.headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/message/photo/${photo.id}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: plain })).statusCode).toBe(404);
  });

  it('deleting the message empties its files and frees the storage', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await groupThread(t, ada!, [bob!]);
    const photo = await upload(ada!, 'photo');
    expect(await storageUsed(t, ada!.id)).toBeGreaterThan(0);
    const sentRes = await send(t, ada!.headers, id, 'look', { message_photos: [photo.id] });
    const messageId = sentRes.json().message.id as number;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/thread/message/${messageId}`,
      headers: ada!.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message_photos).toEqual([]);
    expect(await statusOf(photo.id)).toBe('deleted');
    expect(await storageUsed(t, ada!.id)).toBe(0);
    await t.app.jobs.runDue();
    expect(storedFiles(t, ada!.id)).toEqual([]);
  });

  it('DELETE /api/message/{type}/{id}: the uploader alone removes one file', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await groupThread(t, ada!, [bob!]);
    const doc = await upload(ada!, 'document');
    await send(t, ada!.headers, id, 'the notes', { message_documents: [doc.id] });
    const url = `/api/message/document/${doc.id}`;
    const del = (who: SignedIn, path = url) =>
      t.app.inject({ method: 'DELETE', url: path, headers: who.headers });
    expect((await del(bob!)).statusCode).toBe(404);
    expect((await del(ada!, `/api/message/photo/${doc.id}`)).statusCode).toBe(404);
    expect(await statusOf(doc.id)).toBe('ready');
    expect((await del(ada!)).statusCode).toBe(204);
    expect(await statusOf(doc.id)).toBe('deleted');
    expect(await storageUsed(t, ada!.id)).toBe(0);
    expect((await del(ada!)).statusCode).toBe(404);
    const page = await t.app.inject({ url: `/api/thread/${id}/messages`, headers: bob!.headers });
    expect(page.json().at(-1).message_documents).toEqual([]);
  });

  it('removing one photo of a sent message tells every member, with the message as it is now', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await groupThread(t, ada!, [bob!]);
    const first = await upload(ada!, 'photo');
    const second = await upload(ada!, 'photo');
    const res = await send(t, ada!.headers, id, 'two views', {
      message_photos: [first.id, second.id],
    });
    const messageId = res.json().message.id as number;
    const bobs = await openSocket(t.app, bob!.id, bob!.token);
    sockets.push(bobs);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/message/photo/${first.id}`,
      headers: ada!.headers,
    });
    expect(removed.statusCode).toBe(204);
    const event = await bobs.next(ofType('message_file_removed'));
    expect(event).toMatchObject({
      thread_id: id,
      file_id: first.id,
      message: { id: messageId, description: 'two views' },
    });
    const photos = (event.message as { message_photos: Array<{ id: number }> }).message_photos;
    expect(photos.map((p) => p.id)).toEqual([second.id]);
    // an upload never sent belongs to no thread: removing it tells nobody
    const loose = await upload(ada!, 'photo');
    const before = bobs.received.length;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/message/photo/${loose.id}`,
      headers: ada!.headers,
    });
    expect(gone.statusCode).toBe(204);
    await sent(t, ada!.headers, id, 'after');
    await bobs.next((m) => m.message_type === 'new_message');
    expect(bobs.received.slice(before).map((m) => m.message_type)).toEqual(['new_message']);
  });

  it('message photos carry a signed URL per size, and each size is served', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await groupThread(t, ada!, [bob!]);
    const photo = await upload(ada!, 'photo');
    await send(t, ada!.headers, id, 'sizes', { message_photos: [photo.id] });
    const page = await t.app.inject({ url: `/api/thread/${id}/messages`, headers: bob!.headers });
    const listed = page.json().at(-1).message_photos[0];
    expect(listed).toMatchObject({ width: 300, height: 200 });
    const urls = listed.secure_urls as Record<string, string>;
    expect(Object.keys(urls).sort()).toEqual(['220w', '40w', '550w', '80w', '900w']);
    expect(listed.content_url).toBe(urls['550w']);
    for (const url of Object.values(urls)) {
      const file = await t.app.inject({ url });
      expect([url, file.statusCode]).toEqual([url, 200]);
      expect(file.headers['content-type']).toMatch(/^image\//);
    }
    const small = await t.app.inject({ url: urls['40w']! });
    const large = await t.app.inject({ url: urls['900w']! });
    expect(small.rawPayload.length).toBeLessThan(large.rawPayload.length);
    // a document has one file, no sizes
    const doc = await upload(ada!, 'document');
    await send(t, ada!.headers, id, 'doc', { message_documents: [doc.id] });
    const again = await t.app.inject({ url: `/api/thread/${id}/messages`, headers: bob!.headers });
    expect(again.json().at(-1).message_documents[0].secure_urls).toBeNull();
  });

  it('refuses files that are not the sender’s fresh upload of that kind, storing no message', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const id = await groupThread(t, ada!, [bob!, cy!]);
    const photo = await upload(ada!, 'photo');
    const bobs = await upload(bob!, 'photo');
    const cases: Record<string, unknown>[] = [
      { message_documents: [photo.id] },
      { message_photos: [bobs.id] },
      { message_photos: [999999] },
      { message_photos: ['nonsense'] },
    ];
    for (const extra of cases) {
      const res = await send(t, ada!.headers, id, '', extra);
      expect([extra, res.statusCode]).toEqual([extra, 422]);
    }
    const page = await t.app.inject({ url: `/api/thread/${id}/messages`, headers: ada!.headers });
    expect(page.json()).toEqual([]);
    // sent once, it cannot go with a second message
    expect((await send(t, ada!.headers, id, '', { message_photos: [photo.id] })).statusCode).toBe(
      201,
    );
    expect(
      (await send(t, ada!.headers, id, 'again', { message_photos: [photo.id] })).statusCode,
    ).toBe(422);
  });

  it('type checks and a truncated body leave nothing stored', async () => {
    const [ada] = await circle(t, 1);
    const svg = multipart({ name: 'x.png', content: svgFixture() });
    expect((await post(ada!, 'photo', svg.payload, svg.headers)).statusCode).toBe(422);
    const exe = multipart({ name: 'run.exe', content: Buffer.from('MZ\x90\x00binary') });
    expect((await post(ada!, 'document', exe.payload, exe.headers)).statusCode).toBe(422);
    const body = multipart({ name: 'p.png', content: await pngFixture(300, 200) });
    const cut = body.payload.subarray(0, Math.floor(body.payload.length / 2));
    expect((await post(ada!, 'photo', cut, body.headers)).statusCode).toBe(400);
    expect(await rowsOf(ada!.id)).toEqual([]);
    expect(await storageUsed(t, ada!.id)).toBe(0);
    expect(storedFiles(t, ada!.id)).toEqual([]);
  });

  it('an upload never sent is cleaned up after a day', async () => {
    const [ada] = await circle(t, 1);
    const doc = await upload(ada!, 'document');
    await mediaServiceFor(t).cleanupUnattached(new Date(Date.now() + 25 * 3600_000));
    expect(await statusOf(doc.id)).toBe('deleted');
    expect(await storageUsed(t, ada!.id)).toBe(0);
  });
});
