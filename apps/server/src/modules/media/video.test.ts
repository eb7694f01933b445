import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildApp } from '../../app.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { createVideoConverter } from './video-job.js';
import {
  clipFixture,
  insertCollection,
  insertMemo,
  mediaServiceFor,
  pngFixture,
  postUpload,
  probeStreams,
  storageUsed,
  storedFiles,
} from './test-support.js';

const GB = 1024 ** 3;
/** ffmpeg work on a busy machine (CI runs both databases' suites at once) */
const SLOW = 60_000;

describeDb('memo videos', () => {
  let t: TestApp;
  let alice: SignedIn;
  let memoId: number;
  let clip: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(t);
    memoId = await insertMemo(t, alice.id, await insertCollection(t, alice.id, 'all_contacts'));
    clip = clipFixture();
  });
  afterAll(() => t.close());

  const uploadVideo = (
    session: SignedIn,
    file: { name: string; content: Buffer },
    fields: Record<string, string> = {},
  ) => postUpload(t, '/api/memo/video', session, file, fields);
  const get = (url: string, session?: SignedIn, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(session?.headers ?? {}), ...headers } });
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
      .where('unique_key', '=', `media.video:${id}`)
      .execute();

  it(
    'is processing until a job that survives a restart converts it to H.264/AAC MP4 with a poster',
    async () => {
      const res = await uploadVideo(
        alice,
        { name: 'Holiday.mov', content: clip },
        { memo: `/api/memo/${memoId}` },
      );
      expect(res.statusCode).toBe(201);
      const video = res.json();
      expect(video).toMatchObject({
        type: 'video',
        status: 'processing',
        secure_url: null,
        secure_urls: null,
        ratio: 1.75,
        width: null,
        size: clip.length,
        content_url: `/api/memo/video/${video.id}`,
      });
      const pending = await get(`/api/memo/video/${video.id}`, alice);
      expect(pending.statusCode).toBe(409);
      expect(pending.json().detail).toBe('Video conversion pending');
      expect(await jobsOf(video.id)).toEqual([{ status: 'queued', attempts: 0, last_error: null }]);

      // The server stops before the job ran; a new one on the same database does it.
      await t.app.close();
      t.app = await buildApp({
        config: t.config,
        database: t.database,
        secrets: t.secrets,
        logger: false,
      });
      await t.app.ready();
      expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
      expect((await jobsOf(video.id))[0]?.status).toBe('done');

      const row = await rowOf(video.id);
      expect(row).toMatchObject({
        status: 'ready',
        mime_type: 'video/mp4',
        width: 640,
        height: 360,
        ratio: 1.7778,
        error: null,
      });
      expect(row.length).toBeGreaterThan(0.9);
      expect(row.length).toBeLessThan(1.2);
      expect(storedFiles(t, alice.id)).toEqual(
        ['220w.webp', '40w.webp', '550w.webp', '80w.webp', '900w.webp', 'video.mp4'].map(
          (name) => `${video.id}/${name}`,
        ),
      );
      // The account pays for what is stored now: the MP4 and the poster, not the original.
      expect(await storageUsed(t, alice.id)).toBe(Number(row.stored_bytes));

      const served = await get(`/api/memo/video/${video.id}`, alice);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('video/mp4');
      expect(served.headers['content-disposition']).toMatch(/^inline; filename="Holiday.mp4"/);
      expect(probeStreams(served.rawPayload).map((s) => [s.codec_type, s.codec_name])).toEqual([
        ['video', 'h264'],
        ['audio', 'aac'],
      ]);
      // faststart: the index comes before the media data.
      const moov = served.rawPayload.indexOf('moov');
      expect(moov).toBeGreaterThan(0);
      expect(moov).toBeLessThan(served.rawPayload.indexOf('mdat'));
      const part = await get(`/api/memo/video/${video.id}`, alice, { range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${served.rawPayload.length}`);
      expect(part.rawPayload).toEqual(served.rawPayload.subarray(100, 200));

      const lists = await mediaServiceFor(t).loadAttachmentsForMemos([memoId], {
        userId: alice.id,
      });
      const listed = lists.videos.get(memoId)?.[0];
      expect(listed?.id).toBe(video.id);
      expect(Object.keys(listed?.secure_urls ?? {}).sort()).toEqual([
        '220w',
        '40w',
        '550w',
        '80w',
        '900w',
      ]);
      // Signed URLs work without a session: the poster at 550w and the film itself.
      const poster = await get(listed?.secure_urls?.['550w'] as string);
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/webp');
      const meta = await sharp(poster.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 550, 309]);
      expect((await get(listed?.secure_url as string)).headers['content-type']).toBe('video/mp4');
      expect((await get(`/api/memo/video/${video.id}?variant=original`, alice)).statusCode).toBe(
        404,
      );
    },
    SLOW,
  );

  it(
    'makes audio sent as a video AAC in M4A, without a poster',
    async () => {
      const res = await uploadVideo(alice, {
        name: 'voice.mp3',
        content: clipFixture({ format: 'mp3' }),
      });
      expect(res.statusCode).toBe(201);
      await t.app.jobs.runDue();
      const row = await rowOf(res.json().id);
      expect(row).toMatchObject({
        status: 'ready',
        mime_type: 'audio/mp4',
        width: null,
        variants: null,
      });
      const served = await get(`/api/memo/video/${row.id}`, alice);
      expect(served.headers['content-type']).toBe('audio/mp4');
      expect(probeStreams(served.rawPayload).map((s) => s.codec_name)).toEqual(['aac']);
      const presented = mediaServiceFor(t).presentAttachment(row, { userId: alice.id });
      expect([presented.secure_urls, presented.ratio]).toEqual([null, 1.75]);
    },
    SLOW,
  );

  it(
    'marks a file that only looks like a video failed at once, without retries',
    async () => {
      // An MP4 header (so the upload passes the magic-byte check) and noise after it.
      const broken = Buffer.concat([clip.subarray(0, 32), Buffer.alloc(4096, 7)]);
      const res = await uploadVideo(alice, { name: 'broken.mp4', content: broken });
      expect(res.statusCode).toBe(201);
      const id = res.json().id as number;
      await t.app.jobs.runDue();
      expect(await rowOf(id)).toMatchObject({ status: 'failed', error: 'media.videoFailed' });
      expect(await jobsOf(id)).toMatchObject([{ status: 'done', attempts: 1 }]);
      const answer = await get(`/api/memo/video/${id}`, alice);
      expect(answer.statusCode).toBe(422);
      expect(answer.json().detail).toBe('This video could not be converted.');
      // Its uploader can still remove it, which frees its storage.
      const before = await storageUsed(t, alice.id);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/memo/video/${id}`,
        headers: alice.headers,
      });
      expect(del.statusCode).toBe(204);
      expect(await storageUsed(t, alice.id)).toBe(before - broken.length);
    },
    SLOW,
  );

  it(
    'retries while ffmpeg is missing and marks the video failed after the last attempt',
    async () => {
      const res = await uploadVideo(alice, { name: 'later.mov', content: clip });
      const id = res.json().id as number;
      const converter = createVideoConverter({
        database: t.database,
        storage: mediaServiceFor(t).storage,
        tempRoot: path.join(t.dataDir, 'tmp', 'video'),
        log: t.app.log,
        tools: { ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' },
      });
      await expect(
        converter.run({ attachmentId: id }, { attempt: 1, maxAttempts: 3 }),
      ).rejects.toThrow(/ffmpeg is not installed/);
      expect((await rowOf(id)).status).toBe('processing');
      await expect(
        converter.run({ attachmentId: id }, { attempt: 3, maxAttempts: 3 }),
      ).rejects.toThrow(/ffmpeg is not installed/);
      expect(await rowOf(id)).toMatchObject({ status: 'failed', error: 'media.videoFailed' });
      // The queued job finds nothing left to do.
      await t.app.jobs.runDue();
      expect((await rowOf(id)).status).toBe('failed');
    },
    SLOW,
  );

  it(
    'deleting a video that waits for conversion frees its storage; the job then does nothing',
    async () => {
      const before = await storageUsed(t, alice.id);
      const res = await uploadVideo(
        alice,
        { name: 'gone.mov', content: clip },
        { memo: String(memoId) },
      );
      const id = res.json().id as number;
      expect(await storageUsed(t, alice.id)).toBe(before + clip.length);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/memo/video/${id}`,
        headers: alice.headers,
      });
      expect(del.statusCode).toBe(204);
      expect(await storageUsed(t, alice.id)).toBe(before);
      await t.app.jobs.runDue();
      expect(await rowOf(id)).toMatchObject({ status: 'deleted', action: 'delete' });
      expect(storedFiles(t, alice.id).filter((f) => f.startsWith(`${id}/`))).toEqual([]);
      expect(await storageUsed(t, alice.id)).toBe(before);
    },
    SLOW,
  );

  it(
    'refuses what is not a video, and uploads past the quota, storing nothing',
    async () => {
      const bob = await signedInUser(t);
      const png = await uploadVideo(bob, { name: 'clip.mp4', content: await pngFixture(20, 20) });
      expect(png.statusCode).toBe(422);
      expect(png.json().violations[0]).toMatchObject({
        propertyPath: 'file',
        message: 'Wrong file type',
      });
      const text = await uploadVideo(bob, { name: 'notes.txt', content: Buffer.from('hello') });
      expect(text.statusCode).toBe(422);
      await t.database.db
        .updateTable('users')
        .set({ storage_used: GB - 1000 })
        .where('id', '=', bob.id)
        .execute();
      const full = await uploadVideo(bob, { name: 'clip.mov', content: clip });
      expect(full.statusCode).toBe(403);
      expect(full.json().detail).toBe('Storage limit exceeded');
      expect(storedFiles(t, bob.id)).toEqual([]);
      expect(await storageUsed(t, bob.id)).toBe(GB - 1000);
      const jobs = await t.database.db
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'queued')
        .execute();
      expect(jobs).toEqual([]);
      // Someone else's memo cannot receive it.
      const foreign = await uploadVideo(
        bob,
        { name: 'clip.mov', content: clip },
        { memo: String(memoId) },
      );
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().violations[0].propertyPath).toBe('memo');
    },
    SLOW,
  );
});
