import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { blockUser, followUser } from '../../test/social.js';
import {
  insertCollection,
  insertMemo,
  pngFixture,
  postUpload,
  storageUsed,
  storedFiles,
  uploadAvatar,
} from './test-support.js';

describeDb('account pictures (avatars)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const profile = async (session: SignedIn) =>
    (await t.app.inject({ url: '/api/profile', headers: session.headers })).json();

  it('stores variants up to 1200w, shows in the account and to others, and replaces the previous one', async () => {
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    expect((await profile(alice)).user_picture).toBeNull();

    const first = await uploadAvatar(t, alice, {
      name: 'me.png',
      content: await pngFixture(1600, 1600),
      type: 'image/png',
    });
    expect(first.statusCode).toBe(201);
    const one = first.json();
    expect(one).toMatchObject({ type: 'photo', status: 'ready', width: 1600, height: 1600 });
    expect(one.content_url).toBe(`/api/user/photo/${one.id}?variant=550w`);
    expect(Object.keys(one.secure_urls).sort()).toEqual(
      ['1200w', '220w', '40w', '550w', '80w', '900w'].sort(),
    );
    const big = await t.app.inject({ url: `/api/user/photo/${one.id}?variant=1200w` });
    expect(big.statusCode).toBe(200);
    expect((await sharp(big.rawPayload).metadata()).width).toBe(1200);
    expect((await profile(alice)).user_picture).toEqual({
      content_url: `/api/user/photo/${one.id}?variant=550w`,
    });
    // Others see it in person summaries (here: bob's followings).
    await followUser(t, bob.id, alice.id);
    const followings = await t.app.inject({ url: '/api/followings', headers: bob.headers });
    expect(followings.body).toContain(`/api/user/photo/${one.id}?variant=220w`);
    // ... and as the author of their memos.
    const memoId = await insertMemo(t, alice.id, await insertCollection(t, alice.id, 'private'));
    const authorPicture = async () =>
      (await t.app.inject({ url: `/api/memo/${memoId}`, headers: alice.headers })).json().author
        .picture;
    expect(await authorPicture()).toBe(`/api/user/photo/${one.id}?variant=220w`);
    const usedAfterFirst = await storageUsed(t, alice.id);
    expect(usedAfterFirst).toBeGreaterThan(0);

    const second = await uploadAvatar(t, alice, {
      name: 'me2.png',
      content: await pngFixture(800, 600),
      type: 'image/png',
    });
    expect(second.statusCode).toBe(201);
    const two = second.json();
    expect((await profile(alice)).user_picture.content_url).toBe(
      `/api/user/photo/${two.id}?variant=550w`,
    );
    expect(await authorPicture()).toBe(`/api/user/photo/${two.id}?variant=220w`);
    // The previous picture is gone: its row is deleted, its storage freed, its files purged.
    const old = await t.database.db
      .selectFrom('attachments')
      .select(['status', 'action'])
      .where('id', '=', one.id)
      .executeTakeFirstOrThrow();
    expect(old).toEqual({ status: 'deleted', action: 'delete' });
    expect((await t.app.inject({ url: `/api/user/photo/${one.id}?variant=550w` })).statusCode).toBe(
      404,
    );
    await t.app.jobs.runDue();
    expect(storedFiles(t, alice.id).filter((name) => name.startsWith(`${one.id}/`))).toEqual([]);
    expect(storedFiles(t, alice.id).some((name) => name.startsWith(`${two.id}/`))).toBe(true);
    const usedAfterSecond = await storageUsed(t, alice.id);
    expect(usedAfterSecond).toBeLessThan(usedAfterFirst);
    expect(usedAfterSecond).toBeGreaterThan(0);

    // Deleting it frees everything; a second delete finds nothing.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/picture',
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await profile(alice)).user_picture).toBeNull();
    expect(await authorPicture()).toBeNull();
    expect(await storageUsed(t, alice.id)).toBe(0);
    await t.app.jobs.runDue();
    expect(storedFiles(t, alice.id)).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/picture',
      headers: alice.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('needs a session, refuses non-photos and forged content, and hides the picture across a block', async () => {
    const carol = await signedInUser(t);
    const dave = await signedInUser(t);
    const png = await pngFixture(300, 300);
    const anonymous = await postUpload(t, '/api/user/picture', null, {
      name: 'me.png',
      content: png,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/picture' })).statusCode).toBe(
      401,
    );

    const pdf = await uploadAvatar(t, carol, {
      name: 'me.pdf',
      content: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
    });
    expect(pdf.statusCode).toBe(422);
    const forged = await uploadAvatar(t, carol, {
      name: 'me.png',
      content: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
      type: 'image/png',
    });
    expect(forged.statusCode).toBe(422);
    expect((await profile(carol)).user_picture).toBeNull();
    expect(await storageUsed(t, carol.id)).toBe(0);

    const ok = await uploadAvatar(t, carol, { name: 'me.png', content: png });
    expect(ok.statusCode).toBe(201);
    const url = `/api/user/photo/${ok.json().id}?variant=80w`;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: dave.headers })).statusCode).toBe(200);
    await blockUser(t, carol.id, dave.id);
    expect((await t.app.inject({ url, headers: dave.headers })).statusCode).toBe(404);
  });
  it('a notification shows its sender with their account picture', async () => {
    const alice = await signedInUser(t, { name: 'Alice Pictured' });
    const bob = await signedInUser(t);
    const upload = await uploadAvatar(t, alice, {
      name: 'me.png',
      content: await pngFixture(400, 400),
      type: 'image/png',
    });
    expect(upload.statusCode).toBe(201);
    const followed = await t.app.inject({
      method: 'POST',
      url: '/api/follow',
      headers: alice.headers,
      payload: { following: `/api/user/${bob.id}` },
    });
    expect(followed.statusCode, followed.body).toBe(201);
    const list = await t.app.inject({ url: '/api/notifications', headers: bob.headers });
    expect(list.statusCode, list.body).toBe(200);
    const [notification] = list.json();
    expect(notification).toMatchObject({
      type: 'new_follower',
      from_user: {
        id: alice.id,
        name: 'Alice Pictured',
        picture: `/api/user/photo/${upload.json().id}?variant=220w`,
      },
    });
  });
  it('memo cards in the feed, discover and the own list carry the author’s picture', async () => {
    const author = await signedInUser(t);
    const reader = await signedInUser(t);
    const uploaded = await uploadAvatar(t, author, {
      name: 'me.png',
      content: await pngFixture(400, 400),
      type: 'image/png',
    });
    expect(uploaded.statusCode).toBe(201);
    const picture = `/api/user/photo/${uploaded.json().id}?variant=220w`;
    const memoId = await insertMemo(t, author.id, await insertCollection(t, author.id, 'public'));
    await followUser(t, reader.id, author.id);
    const cardAuthor = async (url: string, session: SignedIn) => {
      const res = await t.app.inject({ url, headers: session.headers });
      expect(res.statusCode, url).toBe(200);
      const members = res.json() as { id: number; author: { id: number; picture: unknown } }[];
      return members.find((memo) => memo.id === memoId)?.author;
    };
    const expected = { id: author.id, picture };
    expect(await cardAuthor('/api/feed', reader)).toMatchObject(expected);
    expect(await cardAuthor('/api/discover', reader)).toMatchObject(expected);
    expect(await cardAuthor(`/api/user/${author.id}/memo`, author)).toMatchObject(expected);
  });
});
