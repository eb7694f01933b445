import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import exifReader from 'exif-reader';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import {
  jpegWithGps,
  multipart,
  noisePng,
  pngFixture,
  postUpload,
  storageUsed,
  storedFiles,
  svgFixture,
} from './test-support.js';

const GB = 1024 ** 3;

describeDb('media uploads', () => {
  let t: TestApp;
  let alice: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(t);
  });
  afterAll(() => t.close());

  const uploadPicture = (session: SignedIn, file: Parameters<typeof multipart>[0]) =>
    postUpload(t, '/api/collection/picture', session, file);

  const attachmentCount = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('attachments')
        .select('id')
        .where('user_id', '=', userId)
        .execute()
    ).length;

  it('streams a PNG to storage and answers the Attachment with webp variants', async () => {
    const png = await pngFixture(1200, 800);
    const res = await uploadPicture(alice, { name: 'Cover.PNG', content: png, type: 'image/png' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      type: 'photo',
      file_name: 'Cover.PNG',
      mime_type: 'image/png',
      width: 1200,
      height: 800,
      ratio: 1.5,
      size: png.length,
      status: 'ready',
      action: null,
      user: alice.id,
      content_url: `/api/collection/photo/${body.id}?variant=550w`,
    });
    expect(Object.keys(body.secure_urls).sort()).toEqual(['220w', '40w', '550w', '80w', '900w']);
    expect(body.secure_url).toBe(body.secure_urls['550w']);
    // the photo job makes them after the answer (photo-job.test.ts: before it ran)
    await t.app.jobs.runDue();
    expect(storedFiles(t, alice.id)).toEqual(
      ['220w.webp', '40w.webp', '550w.webp', '80w.webp', '900w.webp', 'original.png']
        .map((name) => `${body.id}/${name}`)
        .sort(),
    );
    // The account pays for the original and the variants.
    expect(await storageUsed(t, alice.id)).toBeGreaterThan(png.length);
    // the upload's temporary file became the original (renamed, with a stored file's mode):
    // nothing is left behind in the upload folder
    const original = path.join(
      t.dataDir,
      'media',
      String(alice.id),
      String(body.id),
      'original.png',
    );
    expect(fs.statSync(original).mode & 0o777).toBe(0o640);
    expect(fs.readFileSync(original).equals(png)).toBe(true);
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp', 'uploads'))).toEqual([]);

    const variant = await t.app.inject({ method: 'GET', url: body.secure_urls['220w'] });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    const meta = await sharp(variant.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 220, 147]);
  });

  it('reads GPS and description for the uploader and serves variants without EXIF', async () => {
    const jpeg = await jpegWithGps();
    // The fixture really carries the position, so the check below can fail.
    const fixtureExif = exifReader((await sharp(jpeg).metadata()).exif as Buffer);
    expect(fixtureExif.GPSInfo?.GPSLatitude).toEqual([50, 51, 0]);

    const res = await uploadPicture(alice, { name: 'pier.jpg', content: jpeg });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.suggestions).toEqual({
      location: { latitude: 50.85, longitude: 4.35 },
      description: 'Grand-Place at dusk',
    });
    for (const url of Object.values<string>(body.secure_urls)) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('Grand-Place'))).toBe(false);
    }
  });

  it('refuses a .png that is really text with 422 Wrong file type and stores nothing', async () => {
    const bob = await signedInUser(t);
    const res = await uploadPicture(bob, {
      name: 'holiday.png',
      content: Buffer.from('just some text pretending to be a picture\n'.repeat(50)),
      type: 'image/png',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([
      { propertyPath: 'file', message: 'Wrong file type', code: 'media.invalidFileType' },
    ]);
    expect(await attachmentCount(bob.id)).toBe(0);
    expect(storedFiles(t, bob.id)).toEqual([]);
    expect(await storageUsed(t, bob.id)).toBe(0);
  });

  it('refuses a PDF named as a photo, and a document extension for a photo', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    expect((await uploadPicture(alice, { name: 'x.jpg', content: pdf })).statusCode).toBe(422);
    const png = await pngFixture(50, 50);
    const res = await uploadPicture(alice, { name: 'report.pdf', content: png });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('file: Wrong file type');
  });

  it('rasterises SVG: only webp variants are served, never the SVG itself', async () => {
    const res = await uploadPicture(alice, { name: 'logo.svg', content: svgFixture() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect([body.width, body.height, body.mime_type]).toEqual([300, 150, 'image/svg+xml']);
    for (const url of Object.values<string>(body.secure_urls)) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['content-security-policy']).toContain('sandbox');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
      expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    }
    const original = await t.app.inject({
      method: 'GET',
      url: `/api/collection/photo/${body.id}?variant=original`,
      headers: alice.headers,
    });
    expect(original.statusCode).toBe(404);
  });

  it('answers a missing file part and a non-multipart body clearly', async () => {
    const none = await uploadPicture(alice, null);
    expect(none.statusCode).toBe(422);
    expect(none.json().violations[0].propertyPath).toBe('file');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/collection/picture',
      headers: alice.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/collection/picture',
      ...multipart({ name: 'a.png', content: await pngFixture(10, 10) }),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an upload past the storage quota with 403 Storage limit exceeded, storing nothing', async () => {
    const carol = await signedInUser(t);
    const png = await noisePng(100, 100);
    // Full to the last byte: refused before reading.
    await t.database.db
      .updateTable('users')
      .set({ storage_used: GB })
      .where('id', '=', carol.id)
      .execute();
    const full = await uploadPicture(carol, { name: 'a.png', content: png });
    expect(full.statusCode).toBe(403);
    expect(full.json().detail).toBe('Storage limit exceeded');
    // Some room, less than the file: refused while streaming.
    const nearlyFull = GB - 1000;
    await t.database.db
      .updateTable('users')
      .set({ storage_used: nearlyFull })
      .where('id', '=', carol.id)
      .execute();
    const res = await uploadPicture(carol, { name: 'a.png', content: png });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, detail: 'Storage limit exceeded' });
    expect(await attachmentCount(carol.id)).toBe(0);
    expect(storedFiles(t, carol.id)).toEqual([]);
    expect(await storageUsed(t, carol.id)).toBe(nearlyFull);
    // nor a temporary file (this one arrived whole and is written in one call)
    const uploads = path.join(t.dataDir, 'tmp', 'uploads');
    expect(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []).toEqual([]);

    // Bought storage counts: the same upload now fits.
    await t.database.db
      .updateTable('users')
      .set({ storage_order_bytes: 1024 * 1024 })
      .where('id', '=', carol.id)
      .execute();
    expect((await uploadPicture(carol, { name: 'a.png', content: png })).statusCode).toBe(201);
  });
});

describe('media uploads past UPLOAD_LIMIT_MB', () => {
  describeDb('with a 1 MB limit', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { uploadLimitMb: 1 } });
    });
    afterAll(() => t.close());

    it('answers 413 with the maxFileSize message and stores nothing', async () => {
      const dave = await signedInUser(t);
      const big = await noisePng(700, 700);
      expect(big.length).toBeGreaterThan(1024 * 1024);
      const res = await postUpload(t, '/api/collection/picture', dave, {
        name: 'big.png',
        content: big,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().detail).toBe('The file is too large. The maximum size is 1 MB.');
      const rows = await t.database.db
        .selectFrom('attachments')
        .select('id')
        .where('user_id', '=', dave.id)
        .execute();
      expect(rows).toEqual([]);
      expect(storedFiles(t, dave.id)).toEqual([]);
      expect(await storageUsed(t, dave.id)).toBe(0);
      // A file under the limit still goes through.
      const small = multipart({ name: 'small.png', content: await pngFixture(100, 100) });
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/collection/picture',
        headers: { ...dave.headers, ...small.headers },
        payload: small.payload,
      });
      expect(ok.statusCode).toBe(201);
    });
  });
});
