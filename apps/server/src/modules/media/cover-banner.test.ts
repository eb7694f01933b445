import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInSubscriber, signedInUser, type SignedIn } from '../../test/factories.js';
import { multipart, pngFixture, postUpload, storageUsed, uploadAvatar } from './test-support.js';

describeDb('profile cover and public profile banner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const png = async (width: number, height: number) => ({
    name: 'wide.png',
    content: await pngFixture(width, height),
    type: 'image/png',
  });
  const me = async (s: SignedIn) =>
    (await t.app.inject({ url: '/api/profile', headers: s.headers })).json();
  const remove = (s: SignedIn, url: string) =>
    t.app.inject({ method: 'DELETE', url, headers: s.headers });

  it('a cover replaces the previous one, shows on the account and profile, and goes by id', async () => {
    const ann = await signedInSubscriber(t);
    const first = await postUpload(t, '/api/user/cover', ann, await png(1500, 400));
    expect(first.statusCode).toBe(201);
    const second = await postUpload(t, '/api/user/cover', ann, await png(1400, 300));
    expect(second.statusCode).toBe(201);
    const id = second.json().id as number;
    expect((await me(ann)).user_cover).toEqual({
      id,
      content_url: `/api/user/photo/${id}?variant=1200w`,
    });
    // the first one is gone (replaced), the second one is public like account pictures
    expect((await t.app.inject({ url: `/api/user/photo/${first.json().id}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/api/user/photo/${id}?variant=1200w` })).statusCode).toBe(
      200,
    );
    const combined = await t.app.inject({
      url: `/api/user/${ann.id}/combined`,
      headers: ann.headers,
    });
    expect(combined.json().cover).toBe(`/api/user/photo/${id}?variant=1200w`);
    const used = await storageUsed(t, ann.id);
    expect((await remove(ann, `/api/user/picture/${id}`)).statusCode).toBe(204);
    expect((await me(ann)).user_cover).toBeNull();
    expect(await storageUsed(t, ann.id)).toBeLessThan(used);
    expect((await remove(ann, `/api/user/picture/${id}`)).statusCode).toBe(404);
  });

  it("refuses an image below the minimum height with its message, and someone else's picture", async () => {
    const ann = await signedInSubscriber(t);
    const bob = await signedInSubscriber(t);
    for (const url of ['/api/user/cover', '/api/profile/banner']) {
      const body = multipart(await png(1200, 120));
      const low = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...ann.headers, ...body.headers, 'accept-language': 'en' },
        payload: body.payload,
      });
      expect(low.statusCode, url).toBe(422);
      expect(low.json().violations).toEqual([
        {
          propertyPath: 'file',
          message: 'Image should be at least 200px height',
          code: 'media.imageTooShort',
        },
      ]);
    }
    expect(await storageUsed(t, ann.id)).toBe(0);
    const avatar = await uploadAvatar(t, ann, await png(300, 300));
    const avatarId = avatar.json().id as number;
    expect((await remove(bob, `/api/user/picture/${avatarId}`)).statusCode).toBe(404);
    // a picture is not a banner
    expect((await remove(ann, `/api/profile/banner/${avatarId}`)).statusCode).toBe(404);
    expect((await remove(ann, `/api/user/picture/${avatarId}`)).statusCode).toBe(204);
    expect((await me(ann)).user_picture).toBeNull();
    expect((await remove(ann, '/api/user/picture/abc')).statusCode).toBe(404);
  });

  it('the banner shows in the public settings and on the public page, and is removed by id', async () => {
    const ann = await signedInSubscriber(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/profile/public',
      headers: ann.headers,
      payload: { slug: 'bannerann' },
    });
    const up = await postUpload(t, '/api/profile/banner', ann, await png(1600, 500));
    expect(up.statusCode).toBe(201);
    const id = up.json().id as number;
    const settings = await t.app.inject({ url: '/api/user/profile/public', headers: ann.headers });
    expect(settings.json().banner).toEqual({
      id,
      url: `/api/user/photo/${id}?variant=550w`,
      large: `/api/user/photo/${id}?variant=1200w`,
    });
    const page = await t.app.inject({ url: '/api/p/profile/bannerann' });
    expect(page.json().banner).toBe(`/api/user/photo/${id}?variant=1200w`);
    expect((await remove(ann, `/api/user/picture/${id}`)).statusCode).toBe(404);
    expect((await remove(ann, `/api/profile/banner/${id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/p/profile/bannerann' })).json().banner).toBeNull();
  });

  it('the banner needs a subscription (the extended public profile); the cover does not', async () => {
    const free = await signedInUser(t);
    const refused = await postUpload(t, '/api/profile/banner', free, await png(1600, 500));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('need a subscription');
    expect((await me(free)).user_cover).toBeNull();
    const cover = await postUpload(t, '/api/user/cover', free, await png(1600, 500));
    expect(cover.statusCode).toBe(201);
  });
});
