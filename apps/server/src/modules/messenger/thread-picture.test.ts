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
import { circle, createThread, groupThread } from './test-support.js';

/** POST /api/thread/picture and thread_picture (docs/notes/messenger.md, Thread picture). */
describeDb('messenger: thread picture', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const post = (user: SignedIn, file: { name: string; content: Buffer } | null) => {
    const body = multipart(file);
    return t.app.inject({
      method: 'POST',
      url: '/api/thread/picture',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const upload = async (user: SignedIn) => {
    const res = await post(user, { name: 'team.png', content: await pngFixture(300, 200) });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json() as { id: number; '@id': string };
  };
  const patch = (user: SignedIn, id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/thread/${id}`, headers: user.headers, payload });
  const statusOf = async (id: number) =>
    (
      await t.database.db
        .selectFrom('attachments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.status;
  const pictureUrl = (id: number) =>
    new RegExp(`^/api/thread/photo/${id}\\?variant=550w&expires=\\d+&signature=`);

  it('a group is created with a picture its members load and nobody else', async () => {
    const [ada, bob] = await circle(t, 2);
    const picture = await upload(ada!);
    expect(picture['@id']).toBe(`/api/thread/photo/${picture.id}`);
    const created = await createThread(t, ada!.headers, {
      thread_type: 'group',
      name: 'Pictured',
      users: [bob!.id],
      thread_picture: picture['@id'],
    });
    expect(created.statusCode).toBe(201);
    const thread = created.json();
    expect(thread.thread_picture.id).toBe(picture.id);
    expect(thread.thread_picture.content_url).toMatch(pictureUrl(picture.id));
    const seen = await t.app.inject({ url: `/api/thread/${thread.id}`, headers: bob!.headers });
    expect(seen.json().thread_picture.id).toBe(picture.id);
    expect((await t.app.inject({ url: thread.thread_picture.content_url })).statusCode).toBe(200);

    const plain = `/api/thread/photo/${picture.id}?variant=550w`;
    expect((await t.app.inject({ url: plain, headers: bob!.headers })).statusCode).toBe(200);
    const stranger = await signedInUser(t);
    const refused = await t.app.inject({ url: plain, headers: stranger.headers });
    expect(refused.statusCode).toBe(404);
    expect((await t.app.inject({ url: plain })).statusCode).toBe(404);
  });

  it('an admin replaces and removes it, freeing the storage; a member may not', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await groupThread(t, ada!, [bob!]);
    const first = await upload(ada!);
    const set = await patch(ada!, id, { thread_picture: first.id });
    expect(set.statusCode).toBe(200);
    expect(set.json().thread_picture.id).toBe(first.id);

    const mine = await upload(bob!);
    expect((await patch(bob!, id, { thread_picture: mine.id })).statusCode).toBe(403);

    const usedBefore = await storageUsed(t, ada!.id);
    const second = await upload(ada!);
    const replaced = await patch(ada!, id, { thread_picture: second['@id'] });
    expect(replaced.json().thread_picture.id).toBe(second.id);
    expect(await statusOf(first.id)).toBe('deleted');
    expect(await storageUsed(t, ada!.id)).toBe(usedBefore);

    const removed = await patch(ada!, id, { thread_picture: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().thread_picture).toBeNull();
    expect(await statusOf(second.id)).toBe('deleted');
    expect(await storageUsed(t, ada!.id)).toBe(0);
    await t.app.jobs.runDue();
    expect(storedFiles(t, ada!.id)).toEqual([]);
  });

  it('refuses pictures that are not a fitting upload, changing nothing', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const id = await groupThread(t, ada!, [bob!]);
    const others = await upload(cy!);
    expect((await post(ada!, null)).statusCode).toBe(422);
    const wrong = [others.id, 999999, 'nonsense', `/api/thread/photo/${others.id}`];
    for (const thread_picture of wrong) {
      const res = await patch(ada!, id, { thread_picture, name: 'Changed' });
      expect([thread_picture, res.statusCode]).toEqual([thread_picture, 422]);
    }
    const after = await t.app.inject({ url: `/api/thread/${id}`, headers: ada!.headers });
    expect(after.json().name).toBe('Team');
    expect(after.json().thread_picture).toBeNull();

    // one thread's picture cannot become another's
    const picture = await upload(ada!);
    expect((await patch(ada!, id, { thread_picture: picture.id })).statusCode).toBe(200);
    const other = await groupThread(t, ada!, [bob!], 'Other');
    expect((await patch(ada!, other, { thread_picture: picture.id })).statusCode).toBe(422);

    // a direct thread shows the other person's picture: it has none of its own
    const direct = await createThread(t, ada!.headers, {
      thread_type: 'direct',
      users: [cy!.id],
      thread_picture: (await upload(ada!)).id,
    });
    expect(direct.statusCode).toBe(422);
  });

  it('checks the type by content and leaves nothing behind when refused', async () => {
    const [ada] = await circle(t, 1);
    const svg = await post(ada!, { name: 'x.png', content: svgFixture() });
    expect(svg.statusCode).toBe(422);
    const text = await post(ada!, { name: 'x.png', content: Buffer.from('not a picture') });
    expect(text.statusCode).toBe(422);
    const body = multipart({ name: 'x.png', content: await pngFixture(300, 200) });
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/thread/picture',
      headers: { ...ada!.headers, ...body.headers },
      payload: body.payload.subarray(0, Math.floor(body.payload.length / 2)),
    });
    expect(truncated.statusCode).toBe(400);
    const rows = await t.database.db
      .selectFrom('attachments')
      .select('id')
      .where('user_id', '=', ada!.id)
      .execute();
    expect(rows).toEqual([]);
    expect(await storageUsed(t, ada!.id)).toBe(0);
    expect(storedFiles(t, ada!.id)).toEqual([]);
  });

  it('an upload never attached to a thread is cleaned up after a day', async () => {
    const [ada] = await circle(t, 1);
    const picture = await upload(ada!);
    const media = mediaServiceFor(t);
    await media.cleanupUnattached(new Date(Date.now() + 25 * 3600_000));
    expect(await statusOf(picture.id)).toBe('deleted');
    expect(await storageUsed(t, ada!.id)).toBe(0);
  });
});
