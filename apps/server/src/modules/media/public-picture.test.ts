import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { multipart, pngFixture, postUpload, storageUsed, uploadAvatar } from './test-support.js';

describeDb("the public profile's own picture", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const png = async (width: number, height: number) => ({
    name: 'me.png',
    content: await pngFixture(width, height),
    type: 'image/png',
  });
  const settings = async (s: SignedIn) =>
    (await t.app.inject({ url: '/api/user/profile/public', headers: s.headers })).json();
  const remove = (s: SignedIn | null, url: string) =>
    t.app.inject({ method: 'DELETE', url, ...(s ? { headers: s.headers } : {}) });
  const openProfile = async (s: SignedIn, slug: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/profile/public',
      headers: s.headers,
      payload: { slug },
    });

  it('replaces the previous one, shows in the settings and on the public page, and goes by id (free)', async () => {
    const ann = await signedInUser(t);
    await openProfile(ann, `picann${ann.id}`);
    const first = await postUpload(t, '/api/profile/picture', ann, await png(400, 400));
    expect(first.statusCode).toBe(201);
    const second = await postUpload(t, '/api/profile/picture', ann, await png(500, 300));
    expect(second.statusCode).toBe(201);
    const id = second.json().id as number;
    expect((await settings(ann)).picture).toEqual({
      id,
      url: `/api/user/photo/${id}?variant=220w`,
      large: `/api/user/photo/${id}?variant=550w`,
    });
    // the first one was replaced and its file is gone; the new one is public like a banner
    expect((await t.app.inject({ url: `/api/user/photo/${first.json().id}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/api/user/photo/${id}?variant=550w` })).statusCode).toBe(
      200,
    );
    const page = await t.app.inject({ url: `/api/p/profile/picann${ann.id}` });
    expect(page.json().public_picture).toBe(`/api/user/photo/${id}?variant=550w`);
    // the account picture is a different thing: untouched, and not removable here
    expect(page.json().picture).toBeNull();

    const used = await storageUsed(t, ann.id);
    // it is not the account picture nor the banner
    expect((await remove(ann, `/api/user/picture/${id}`)).statusCode).toBe(404);
    expect((await remove(ann, `/api/profile/banner/${id}`)).statusCode).toBe(404);
    expect((await remove(ann, `/api/profile/picture/${id}`)).statusCode).toBe(204);
    expect((await settings(ann)).picture).toBeNull();
    expect(
      (await t.app.inject({ url: `/api/p/profile/picann${ann.id}` })).json().public_picture,
    ).toBeNull();
    expect(await storageUsed(t, ann.id)).toBeLessThan(used);
    expect((await remove(ann, `/api/profile/picture/${id}`)).statusCode).toBe(404);
  });

  it('refuses a short image with its message, a non-photo, a forged photo, and an anonymous upload', async () => {
    const bea = await signedInUser(t);
    const body = multipart(await png(1200, 150));
    const low = await t.app.inject({
      method: 'POST',
      url: '/api/profile/picture',
      headers: { ...bea.headers, ...body.headers, 'accept-language': 'en' },
      payload: body.payload,
    });
    expect(low.statusCode).toBe(422);
    expect(low.json().violations).toEqual([
      {
        propertyPath: 'file',
        message: 'Image should be at least 200px height',
        code: 'media.imageTooShort',
      },
    ]);
    const pdfBytes = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    const pdf = await postUpload(t, '/api/profile/picture', bea, {
      name: 'me.pdf',
      content: pdfBytes,
    });
    expect(pdf.statusCode).toBe(422);
    const forged = await postUpload(t, '/api/profile/picture', bea, {
      name: 'me.png',
      content: pdfBytes,
      type: 'image/png',
    });
    expect(forged.statusCode).toBe(422);
    const anonymous = await postUpload(t, '/api/profile/picture', null, await png(300, 300));
    expect(anonymous.statusCode).toBe(401);
    expect(await storageUsed(t, bea.id)).toBe(0);
    expect((await settings(bea)).picture).toBeNull();
  });

  it("cannot remove someone else's picture, nor an account picture, nor anonymously", async () => {
    const cid = await signedInUser(t);
    const dan = await signedInUser(t);
    const up = await postUpload(t, '/api/profile/picture', cid, await png(300, 300));
    expect(up.statusCode).toBe(201);
    const id = up.json().id as number;
    expect((await remove(dan, `/api/profile/picture/${id}`)).statusCode).toBe(404);
    expect((await remove(null, `/api/profile/picture/${id}`)).statusCode).toBe(401);
    expect((await remove(cid, '/api/profile/picture/abc')).statusCode).toBe(404);
    const avatar = await uploadAvatar(t, cid, await png(300, 300));
    expect((await remove(cid, `/api/profile/picture/${avatar.json().id}`)).statusCode).toBe(404);
    expect((await settings(cid)).picture?.id).toBe(id);
  });
});
