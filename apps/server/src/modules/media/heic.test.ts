import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { sharpCanDecode } from './heic.js';
import { postUpload, storedFiles } from './test-support.js';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'photo.heic');

describeDb('HEIC photos', () => {
  let t: TestApp;
  let alice: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(t);
  });
  afterAll(() => t.close());

  const upload = (name: string, content: Buffer) =>
    postUpload(t, '/api/memo/photo', alice, { name, content, type: 'image/heic' });

  it('turns an HEVC HEIC that sharp cannot decode into webp variants through heic-decode', async () => {
    // The fixture really is one sharp's own decoder refuses: the fallback is what is tested.
    expect(await sharpCanDecode(fixture, 1e8)).toBe(false);
    const res = await upload('IMG_0001.HEIC', fs.readFileSync(fixture));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      type: 'photo',
      status: 'ready',
      mime_type: 'image/heic',
      width: 96,
      height: 64,
      ratio: 1.5,
    });
    // The EXIF of the container is still read for the uploader's suggestions.
    expect(body.suggestions.description).toBe('Heic test');
    await t.app.jobs.runDue();
    expect(storedFiles(t, alice.id)).toEqual(
      ['220w.webp', '40w.webp', '550w.webp', '80w.webp', '900w.webp', 'original.heic']
        .map((name) => `${body.id}/${name}`)
        .sort(),
    );
    const variant = await t.app.inject({ url: body.secure_urls['40w'] });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    const { data, info } = await sharp(variant.rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([40, 27]);
    // The flat #3366aa survives HEVC and webp within a small error.
    const [r, g, b] = [data[0]!, data[1]!, data[2]!];
    expect(Math.abs(r - 0x33)).toBeLessThan(12);
    expect(Math.abs(g - 0x66)).toBeLessThan(12);
    expect(Math.abs(b - 0xaa)).toBeLessThan(12);
    // Served variants carry no metadata.
    expect((await sharp(variant.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('refuses a .heic whose content is not HEIC, and a broken HEIC, leaving nothing behind', async () => {
    const before = storedFiles(t, alice.id).length;
    const forged = await upload('fake.heic', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'));
    expect(forged.statusCode).toBe(422);
    const head = fs.readFileSync(fixture).subarray(0, 300);
    const broken = await upload('broken.heic', Buffer.concat([head, Buffer.alloc(200, 7)]));
    expect(broken.statusCode).toBe(422);
    expect(storedFiles(t, alice.id)).toHaveLength(before);
  });
});
