import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { CLEANUP_JOB, scheduleMediaCleanup } from './index.js';
import { insertAttachment } from './store.js';
import {
  insertCollection,
  insertMemo,
  mediaServiceFor,
  multipart,
  pngFixture,
  storageUsed,
  storedFiles,
} from './test-support.js';

const HOUR = 60 * 60_000;

describeDb('cleanup of uploads never attached', () => {
  let t: TestApp;
  let alice: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(t);
  });
  afterAll(() => t.close());

  const upload = async (url: string, fields: Record<string, string> = {}) => {
    const body = multipart({ name: 'p.png', content: await pngFixture(300, 200) }, fields);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  const age = (id: number, ms: number) =>
    t.database.db
      .updateTable('attachments')
      .set({ created_at: t.database.dialect.time(new Date(Date.now() - ms)) })
      .where('id', '=', id)
      .execute();
  const statusOf = async (id: number) =>
    (
      await t.database.db
        .selectFrom('attachments')
        .select(['status', 'action'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('deletes old unattached memo and collection uploads with their files and frees the quota; keeps the rest', async () => {
    const collection = await insertCollection(t, alice.id, 'private');
    const memoId = await insertMemo(t, alice.id, collection);
    const oldPhoto = await upload('/api/memo/photo');
    const oldPicture = await upload('/api/collection/picture');
    const freshPhoto = await upload('/api/memo/photo');
    const attached = await upload('/api/memo/photo', { memo: String(memoId) });
    const avatar = await upload('/api/user/picture');
    for (const id of [oldPhoto, oldPicture, attached, avatar]) await age(id, 25 * HOUR);
    await age(freshPhoto, 23 * HOUR);
    const before = await storageUsed(t, alice.id);

    const deleted = await mediaServiceFor(t).cleanupUnattached();
    expect(deleted).toBe(2);
    expect(await statusOf(oldPhoto)).toBe('deleted');
    expect(await statusOf(oldPicture)).toBe('deleted');
    for (const id of [freshPhoto, attached, avatar]) expect(await statusOf(id)).toBe('ready');
    expect(await storageUsed(t, alice.id)).toBeLessThan(before);
    await t.app.jobs.runDue();
    const files = storedFiles(t, alice.id);
    expect(files.some((f) => f.startsWith(`${oldPhoto}/`))).toBe(false);
    expect(files.some((f) => f.startsWith(`${oldPicture}/`))).toBe(false);
    expect(files.some((f) => f.startsWith(`${freshPhoto}/`))).toBe(true);
    expect(files.some((f) => f.startsWith(`${attached}/`))).toBe(true);
    // A second run finds nothing more; an upload attached meanwhile is not touched.
    expect(await mediaServiceFor(t).cleanupUnattached()).toBe(0);
  });

  it('an upload abandoned by a crash is never shown on its memo, and goes with its partial files', async () => {
    // Found by the crash test (cli/crash-safety.cli.test.ts): a server killed while receiving
    // a memo photo leaves its row `processing`, without a stored file, on the memo.
    const { db, dialect } = t.database;
    const collection = await insertCollection(t, alice.id, 'private');
    const memoId = await insertMemo(t, alice.id, collection);
    const row = (type: 'photo' | 'video') => ({
      userId: alice.id,
      ownerKind: 'memo' as const,
      memoId,
      collectionId: null,
      type,
      fileName: `crashed.${type === 'photo' ? 'png' : 'mp4'}`,
      mimeType: type === 'photo' ? 'image/png' : 'video/mp4',
    });
    const abandoned = await insertAttachment(db, dialect, row('photo'));
    const partial = path.join(t.dataDir, 'media', String(alice.id), String(abandoned));
    fs.mkdirSync(partial, { recursive: true });
    fs.writeFileSync(path.join(partial, '40w.webp'), 'half a variant');
    // a video whose original is stored and whose conversion waits stays shown and kept
    const converting = await insertAttachment(db, dialect, row('video'));
    await db
      .updateTable('attachments')
      .set({ storage_key: `${alice.id}/${converting}/original.mp4` })
      .where('id', '=', converting)
      .execute();
    const shown = async () => {
      const res = await t.app.inject({ url: `/api/memo/${memoId}`, headers: alice.headers });
      expect(res.statusCode).toBe(200);
      const memo = res.json();
      return [...memo.memo_photos, ...memo.memo_videos].map((a: { id: number }) => a.id);
    };
    expect(await shown()).toEqual([converting]);

    await age(abandoned, 23 * HOUR);
    await age(converting, 25 * HOUR);
    // an upload received right now may take its time: not abandoned yet
    expect(await mediaServiceFor(t).cleanupUnattached()).toBe(0);
    await age(abandoned, 25 * HOUR);
    expect(await mediaServiceFor(t).cleanupUnattached()).toBe(1);
    expect(await statusOf(abandoned)).toBe('deleted');
    expect(await statusOf(converting)).toBe('processing');
    await t.app.jobs.runDue();
    expect(fs.existsSync(partial)).toBe(false);
    expect(await shown()).toEqual([converting]);
  });

  it('runs as a durable recurring job that queues its next run', async () => {
    const stale = await upload('/api/memo/photo');
    await t.app.jobs.runDue(); // its variants
    await age(stale, 30 * HOUR);
    await scheduleMediaCleanup(t.app.jobs, new Date(Date.now() + HOUR));
    // Queued again at the same key: still one waiting run.
    await scheduleMediaCleanup(t.app.jobs, new Date(Date.now() + HOUR));
    const waiting = () =>
      t.database.db
        .selectFrom('jobs')
        .select(['id', 'run_at'])
        .where('type', '=', CLEANUP_JOB)
        .where('status', '=', 'queued')
        .execute();
    expect(await waiting()).toHaveLength(1);
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(await statusOf(stale)).toBe('ready');

    await t.app.jobs.runDue({ now: new Date(Date.now() + HOUR + 1000) });
    expect(await statusOf(stale)).toBe('deleted');
    const next = await waiting();
    expect(next).toHaveLength(1);
    expect(new Date(next[0]!.run_at as string | Date).getTime()).toBeGreaterThan(
      Date.now() + HOUR - 60_000,
    );
  });
});
