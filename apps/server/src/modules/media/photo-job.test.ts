import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { createStorage, type Storage } from '../../storage/index.js';
import { PHOTO_JOB } from './photo-job.js';
import {
  jpegWithGps,
  mediaServiceFor,
  postUpload,
  storageUsed,
  storedFiles,
} from './test-support.js';

const VARIANT_FILES = ['220w.webp', '40w.webp', '550w.webp', '80w.webp', '900w.webp'];

describeDb('photo variants made by a job after the upload answered', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A 1000×600 JPEG stored sideways (EXIF orientation 6): upright it is 600×1000. */
  const sidewaysJpeg = () =>
    sharp({ create: { width: 1000, height: 600, channels: 3, background: '#aa6633' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();

  const uploadPhoto = async (session: SignedIn, content: Buffer) => {
    const res = await postUpload(t, '/api/memo/photo', session, {
      name: 'sideways.jpg',
      content,
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const get = (url: string, session?: SignedIn) =>
    t.app.inject({ method: 'GET', url, headers: session?.headers ?? {} });
  const rowOf = (id: number) =>
    t.database.db
      .selectFrom('attachments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const jobsOf = (id: number) =>
    t.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'last_error'])
      .where('unique_key', '=', `${PHOTO_JOB}:${id}`)
      .execute();
  const filesOf = (userId: number, id: number) =>
    storedFiles(t, userId)
      .filter((name) => name.startsWith(`${id}/`))
      .map((name) => name.slice(`${id}/`.length));

  it('answers before the variants exist, serves a rendition meanwhile, and the job stores them', async () => {
    const alice = await signedInUser(t);
    const jpeg = await sidewaysJpeg();
    const photo = await uploadPhoto(alice, jpeg);
    // Checked from its metadata: upright size, ready, every variant's URL already signed.
    expect(photo).toMatchObject({ status: 'ready', width: 600, height: 1000, ratio: 0.6 });
    expect(Object.keys(photo.secure_urls).sort()).toEqual(['220w', '40w', '550w', '80w', '900w']);
    expect(filesOf(alice.id, photo.id)).toEqual(['original.jpg']);
    expect(await storageUsed(t, alice.id)).toBe(jpeg.length);
    expect(await jobsOf(photo.id)).toEqual([
      expect.objectContaining({ status: 'queued', attempts: 0 }),
    ]);

    // Before the job: the variant is made on the spot from the original, upright, and not kept.
    const early = await get(photo.secure_urls['220w']);
    expect(early.statusCode).toBe(200);
    expect(early.headers['content-type']).toBe('image/webp');
    expect(early.headers['cache-control']).toBe('private, no-cache');
    const earlyMeta = await sharp(early.rawPayload).metadata();
    expect([earlyMeta.format, earlyMeta.width, earlyMeta.height]).toEqual(['webp', 220, 367]);
    expect(earlyMeta.exif).toBeUndefined();
    // with a session too, and ranges of it
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/memo/photo/${photo.id}?variant=40w`,
      headers: { ...alice.headers, range: 'bytes=0-3' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString('latin1')).toBe('RIFF');
    expect(filesOf(alice.id, photo.id)).toEqual(['original.jpg']);

    expect(await t.app.jobs.runDue()).toBeGreaterThan(0);
    expect(await jobsOf(photo.id)).toEqual([expect.objectContaining({ status: 'done' })]);
    expect(filesOf(alice.id, photo.id)).toEqual([...VARIANT_FILES, 'original.jpg'].sort());
    const row = await rowOf(photo.id);
    const variants = (
      typeof row.variants === 'string' ? JSON.parse(row.variants) : row.variants
    ) as Record<string, { size: number; width: number; height: number; pending?: boolean }>;
    expect(Object.values(variants).some((v) => v.pending)).toBe(false);
    expect([variants['900w']!.width, variants['900w']!.height]).toEqual([600, 1000]);
    expect([variants['220w']!.width, variants['220w']!.height]).toEqual([220, 367]);
    // The account now pays for the variants too, exactly once.
    const variantBytes = Object.values(variants).reduce((sum, v) => sum + v.size, 0);
    expect(variantBytes).toBeGreaterThan(0);
    expect(Number(row.stored_bytes)).toBe(jpeg.length + variantBytes);
    expect(await storageUsed(t, alice.id)).toBe(jpeg.length + variantBytes);

    const stored = await get(photo.secure_urls['220w']);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers.etag).toBe(`"m${photo.id}-220w-${variants['220w']!.size}"`);
    expect(stored.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const storedMeta = await sharp(stored.rawPayload).metadata();
    expect([storedMeta.width, storedMeta.height, storedMeta.exif]).toEqual([220, 367, undefined]);
  });

  it('keeps the uploader’s suggestions, and the variants carry no metadata', async () => {
    const bob = await signedInUser(t);
    const photo = await uploadPhoto(bob, await jpegWithGps());
    expect(photo.suggestions).toEqual({
      location: { latitude: 50.85, longitude: 4.35 },
      description: 'Grand-Place at dusk',
    });
    await t.app.jobs.runDue();
    const variant = await get(photo.secure_urls['900w']);
    const meta = await sharp(variant.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([640, 480, undefined]);
  });

  it('a job retried after failing halfway neither charges twice nor leaves extra files', async () => {
    const carol = await signedInUser(t);
    const jpeg = await sidewaysJpeg();
    const photo = await uploadPhoto(carol, jpeg);
    // The first attempt stores two variants, then storage fails.
    const disk = createStorage(t.config);
    let puts = 0;
    const failing: Storage = {
      ...disk,
      put: async (key, body, options) => {
        puts += 1;
        if (puts === 3) throw new Error('storage unavailable');
        return disk.put(key, body, options);
      },
    };
    await expect(
      mediaServiceFor(t, failing).makePhotoVariants({ attachmentId: photo.id }),
    ).rejects.toThrow('storage unavailable');
    expect(filesOf(carol.id, photo.id)).toEqual(['40w.webp', '80w.webp', 'original.jpg']);
    expect(await storageUsed(t, carol.id)).toBe(jpeg.length);

    // The queued job (the retry) makes every variant once; running it again changes nothing.
    await t.app.jobs.runDue();
    expect(filesOf(carol.id, photo.id)).toEqual([...VARIANT_FILES, 'original.jpg'].sort());
    const used = await storageUsed(t, carol.id);
    expect(used).toBe(Number((await rowOf(photo.id)).stored_bytes));
    expect(used).toBeGreaterThan(jpeg.length);
    await mediaServiceFor(t).makePhotoVariants({ attachmentId: photo.id });
    expect(await storageUsed(t, carol.id)).toBe(used);
    expect(filesOf(carol.id, photo.id)).toEqual([...VARIANT_FILES, 'original.jpg'].sort());
  });

  it('a stored original whose pixels do not decode makes the photo failed, without retries', async () => {
    const fay = await signedInUser(t);
    const photo = await uploadPhoto(fay, await sidewaysJpeg());
    // What only an HEIF file could do (accepted on its header): the job finds no pixels.
    fs.writeFileSync(
      path.join(t.dataDir, 'media', String(fay.id), String(photo.id), 'original.jpg'),
      'not a picture',
    );
    // a rendition asked for meanwhile says so too, never a server error
    const early = await get(photo.secure_urls['220w']);
    expect([early.statusCode, early.json().detail]).toEqual([422, 'This image cannot be read.']);
    await t.app.jobs.runDue();
    expect(await jobsOf(photo.id)).toEqual([
      expect.objectContaining({ status: 'done', attempts: 1 }),
    ]);
    expect(await rowOf(photo.id)).toMatchObject({
      status: 'failed',
      error: 'media.imageUnreadable',
    });
    expect(filesOf(fay.id, photo.id)).toEqual(['original.jpg']);
    const variant = await get(photo.secure_urls['220w']);
    expect(variant.statusCode).toBe(422);
    expect(variant.json().detail).toBe('This image cannot be read.');
  });

  it('a photo deleted before its job ran leaves no file and no failed job', async () => {
    const dan = await signedInUser(t);
    const photo = await uploadPhoto(dan, await sidewaysJpeg());
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/memo/photo/${photo.id}`,
      headers: dan.headers,
    });
    expect(removed.statusCode).toBe(204);
    await t.app.jobs.runDue();
    expect(await jobsOf(photo.id)).toEqual([expect.objectContaining({ status: 'done' })]);
    expect(storedFiles(t, dan.id)).toEqual([]);
    expect(await storageUsed(t, dan.id)).toBe(0);
    expect((await get(photo.secure_urls['220w'])).statusCode).toBe(404);
  });

  it('a photo deleted while its job runs leaves no file, no charge and no failure', async () => {
    const erin = await signedInUser(t);
    const photo = await uploadPhoto(erin, await sidewaysJpeg());
    const disk = createStorage(t.config);
    const media = mediaServiceFor(t, disk);
    let deleted = false;
    // The photo is deleted, and its files purged, while the job stores its first variant.
    const deleting: Storage = {
      ...disk,
      put: async (key, body, options) => {
        if (!deleted) {
          deleted = true;
          await media.deleteMemoAttachment(erin.id, 'photo', photo.id);
          await media.purge({ userId: erin.id, attachmentId: photo.id });
        }
        return disk.put(key, body, options);
      },
    };
    await mediaServiceFor(t, deleting).makePhotoVariants({ attachmentId: photo.id });
    expect(deleted).toBe(true);
    expect((await rowOf(photo.id)).status).toBe('deleted');
    expect(storedFiles(t, erin.id)).toEqual([]);
    expect(await storageUsed(t, erin.id)).toBe(0);
    // the queued job (and the purge) find nothing left to do
    await t.app.jobs.runDue();
    expect(await jobsOf(photo.id)).toEqual([expect.objectContaining({ status: 'done' })]);
    expect(storedFiles(t, erin.id)).toEqual([]);
    expect(await storageUsed(t, erin.id)).toBe(0);
  });
});
