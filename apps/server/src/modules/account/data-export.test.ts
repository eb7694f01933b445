import { unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { caller } from '../connections/test-support.js';
import { insertCollection, insertMemo, postUpload } from '../media/test-support.js';

const DAY = 86_400_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

describeDb('account: data export', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: SignedIn;
  let memoId: number;
  let collectionId: string;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    alice = await signedInUser(t, { name: 'Alice' });
    collectionId = await insertCollection(t, alice.id, 'private');
    memoId = await insertMemo(t, alice.id, collectionId);
    const upload = await postUpload(
      t,
      '/api/memo/document',
      alice,
      { name: 'Plan.pdf', content: PDF, type: 'application/pdf' },
      { memo: `/api/memo/${memoId}` },
    );
    expect(upload.statusCode).toBe(201);
    const comment = await call(alice, 'POST', '/api/memo/comment', {
      memo: `/api/memo/${memoId}`,
      description: 'A note to self',
    });
    expect(comment.status).toBe(201);
  });
  afterAll(() => t.close());

  const download = (who: SignedIn | null, id: number) =>
    t.app.inject({ url: `/api/user/export/${id}/download`, headers: who?.headers ?? {} });

  it('refuses bad input: no session, an id that is not a number or not one’s own', async () => {
    expect((await call(null, 'POST', '/api/user/export')).status).toBe(401);
    expect((await call(null, 'GET', '/api/user/export')).status).toBe(401);
    expect((await download(null, 1)).statusCode).toBe(401);
    expect((await call(alice, 'GET', '/api/user/export/abc/download')).status).toBe(404);
    expect((await download(alice, 999_999)).statusCode).toBe(404);
    expect((await call(alice, 'GET', '/api/user/export')).body).toEqual({ export: null });
  });

  it('makes the zip in a job, mails when ready, and only its owner downloads it', async () => {
    const asked = await call(alice, 'POST', '/api/user/export');
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: 'queued', ready_at: null, size: null });
    // asking again while it is being made answers the same export
    expect((await call(alice, 'POST', '/api/user/export')).body.id).toBe(asked.body.id);
    expect((await download(alice, asked.body.id)).statusCode).toBe(404);
    await t.app.jobs.runDue();
    const latest = (await call(alice, 'GET', '/api/user/export')).body.export;
    expect(latest).toMatchObject({ id: asked.body.id, status: 'ready' });
    expect(new Date(latest.expires_at).getTime() - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    const mail = t.mail.lastTo(alice.usermail);
    expect(mail?.template).toBe('exportReady');
    expect(mail?.params.link).toBe('http://memoria.test/account-settings#data-export');

    const bob = await signedInUser(t);
    expect((await download(bob, asked.body.id)).statusCode).toBe(404);
    const res = await download(alice, asked.body.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="memoria-export-/);
    expect(Number(res.headers['content-length'])).toBe(latest.size);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const json = (name: string) => JSON.parse(new TextDecoder().decode(zip[name]));
    const memos = json('memos.json');
    expect(memos).toHaveLength(1);
    expect(memos[0]).toMatchObject({ id: memoId, collections: [collectionId] });
    expect(memos[0].files).toHaveLength(1);
    const filePath = memos[0].files[0] as string;
    expect(filePath).toMatch(/^files\/\d+-Plan\.pdf$/);
    expect(Buffer.from(zip[filePath] ?? [])).toEqual(PDF);
    expect(json('collections.json').map((c: { id: string }) => c.id)).toEqual([collectionId]);
    expect(json('comments.json')).toMatchObject([
      { memo_id: memoId, description: 'A note to self' },
    ]);
    expect(json('files.json')[0]).not.toHaveProperty('storage_key');
    expect(json('account.json').usermail).toBe(alice.usermail);
  });

  it('tells its owner in the app, live on the socket, leading to the export section; mailed once', async () => {
    const carol = await signedInUser(t, { name: 'Carol' });
    const dave = await signedInUser(t);
    const got: Array<{ userId: number; message: Record<string, unknown> }> = [];
    const detach = [carol, dave].map((person) =>
      t.app.realtime.attach(person.id, {
        send: (utf8) => got.push({ userId: person.id, message: JSON.parse(utf8.toString()) }),
      }),
    );
    try {
      expect((await call(carol, 'POST', '/api/user/export')).status).toBe(202);
      // nothing is told while it is being made
      const before = await t.app.inject({ url: '/api/notifications', headers: carol.headers });
      expect(before.json()).toEqual([]);
      await t.app.jobs.runDue();
      await vi.waitFor(() =>
        expect(got.some((m) => m.message.message_type === 'notification')).toBe(true),
      );
      const live = got.find((m) => m.message.message_type === 'notification')!;
      expect(live.userId).toBe(carol.id);
      expect(live.message).toMatchObject({
        notification: { type: 'data_export_ready', from_user: null },
      });
      expect(got.filter((m) => m.userId === dave.id)).toEqual([]);
    } finally {
      for (const off of detach) off();
    }
    const list = await t.app.inject({ url: '/api/notifications', headers: carol.headers });
    expect(list.json()).toMatchObject([{ type: 'data_export_ready', reviewed_at: null }]);
    const daves = await t.app.inject({ url: '/api/notifications', headers: dave.headers });
    expect(daves.json()).toEqual([]);
    // its place in the settings: the system notices
    const settings = await t.app.inject({
      url: '/api/notification-settings',
      headers: carol.headers,
    });
    const groups = settings.json().settings as Array<{ group: string; types: string[] }>;
    const system = groups.find((g) => g.group === 'system');
    expect(system?.types).toContain('data_export_ready');
    // the export's own e-mail carries the link; the digest does not mail it a second time
    await t.app.jobs.runDue({ now: new Date(Date.now() + DAY) });
    const mails = t.mail.sent.filter((m) => m.to === carol.usermail);
    expect(mails.map((m) => m.template)).toEqual(['exportReady']);
  });

  it('expires: a job removes the file and the export', async () => {
    const latest = (await call(alice, 'GET', '/api/user/export')).body.export;
    await t.app.jobs.runDue({ now: new Date(Date.now() + 8 * DAY) });
    expect((await call(alice, 'GET', '/api/user/export')).body).toEqual({ export: null });
    expect((await download(alice, latest.id)).statusCode).toBe(404);
    const files = await t.database.db
      .selectFrom('data_exports')
      .select('id')
      .where('user_id', '=', alice.id)
      .execute();
    expect(files).toEqual([]);
  });
});
