import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER, type TransferCreated, type TransferGrant } from '@memoria/domain';
import { signedInUser } from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { insertCollection } from '../../test/content.js';

const TUS = { 'tus-resumable': '1.0.0' };
let address = 0;
/** A fresh visitor address per test, so the daily limits of one never reach another. */
const nextAddress = () => `10.24.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describeDb('file transfer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  async function create(
    body: Record<string, unknown>,
    options: { ip?: string; headers?: Record<string, string> } = {},
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      remoteAddress: options.ip ?? nextAddress(),
      headers: options.headers,
      payload: { expiry: '1d', max_downloads: 2, manifest: 'bWFuaWZlc3Q', ...body },
    });
  }

  function patch(url: string, offset: number, body: Buffer) {
    return t.app.inject({
      method: 'PATCH',
      url,
      headers: {
        ...TUS,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: body,
    });
  }

  /** A complete transfer of the given (already "encrypted") files. */
  async function sent(contents: Buffer[], extra: Record<string, unknown> = {}) {
    const res = await create({ files: contents.map((c) => ({ size: c.length })), ...extra });
    expect(res.statusCode).toBe(201);
    const created = res.json<TransferCreated>();
    for (const [i, upload] of created.uploads.entries()) {
      expect((await patch(upload.upload_url, 0, contents[i]!)).statusCode).toBe(204);
    }
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${created.id}/complete`,
    });
    expect(done.statusCode).toBe(200);
    return created;
  }

  const download = (id: string, password?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/transfers/${id}/download`,
      payload: password === undefined ? {} : { password },
    });

  it('resumes an upload cut in the middle at the offset the server reports', async () => {
    const content = crypto.randomBytes(300_000);
    const res = await create({ files: [{ size: content.length }] });
    expect(res.statusCode).toBe(201);
    const { id, uploads } = res.json<TransferCreated>();
    const url = uploads[0]!.upload_url;

    expect((await patch(url, 0, content.subarray(0, 120_000))).statusCode).toBe(204);
    // not complete yet: the link does not open
    const early = await t.app.inject({ method: 'POST', url: `/api/transfers/${id}/complete` });
    expect(early.statusCode).toBe(409);

    const head = await t.app.inject({ method: 'HEAD', url, headers: TUS });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('120000');
    expect(head.headers['upload-length']).toBe('300000');

    // a PATCH at another offset than the stored one is refused
    expect((await patch(url, 100_000, content.subarray(100_000))).statusCode).toBe(409);

    expect((await patch(url, 120_000, content.subarray(120_000))).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/transfers/${id}/complete` })).statusCode,
    ).toBe(200);
    // once complete, the upload is closed
    expect((await patch(url, 300_000, Buffer.from('x'))).statusCode).toBe(404);

    const grant = (await download(id)).json<TransferGrant>();
    expect(grant.manifest).toBe('bWFuaWZlc3Q');
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/transfers/${id}/files/0?token=${encodeURIComponent(grant.token)}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(content)).toBe(true);
    const range = await t.app.inject({
      method: 'GET',
      url: `/api/transfers/${id}/files/0?token=${encodeURIComponent(grant.token)}`,
      headers: { range: 'bytes=1000-1999' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(content.subarray(1000, 2000))).toBe(true);
  });

  it('asks for the password, refuses a wrong one, and a bad token reads nothing', async () => {
    const content = crypto.randomBytes(1000);
    const { id } = await sent([content], { password: 'open sesame' });
    const info = await t.app.inject({ method: 'GET', url: `/api/transfers/${id}` });
    expect(info.json()).toMatchObject({ needs_password: true, file_count: 1, downloads_left: 2 });
    expect((await download(id)).statusCode).toBe(401);
    const wrong = await download(id, 'open barley');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toBe('The password is not right.');
    // refused attempts count nothing
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/transfers/${id}` })).json(),
    ).toMatchObject({
      downloads_left: 2,
    });
    expect((await download(id, 'open sesame')).statusCode).toBe(200);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/transfers/${id}/files/0?token=9999999999.forged`,
    });
    expect(forged.statusCode).toBe(404);
  });

  it('answers the invalid link after the last download, and the job removes the files', async () => {
    const content = crypto.randomBytes(2000);
    const { id, uploads } = await sent([content, content], { max_downloads: 1 });
    const grant = (await download(id)).json<TransferGrant>();
    expect(grant.downloads_left).toBe(0);
    expect(grant.files.map((f) => f.size)).toEqual([2000, 2000]);
    const info = await t.app.inject({ method: 'GET', url: `/api/transfers/${id}` });
    expect(info.statusCode).toBe(404);
    expect(info.json().detail).toBe('This link is invalid or has expired.');
    expect((await download(id)).statusCode).toBe(404);
    // the last downloader still reads (and resumes) within the token's time
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/transfers/${id}/files/1?token=${encodeURIComponent(grant.token)}`,
    });
    expect(file.statusCode).toBe(200);

    const stored = path.join(t.dataDir, 'transfers', uploads[0]!.upload_url.split('/').pop()!);
    expect(fs.existsSync(stored)).toBe(true);
    await t.app.jobs.runDue({
      now: new Date(Date.now() + (TRANSFER.downloadGrantSeconds + 60) * 1000),
    });
    expect(fs.existsSync(stored)).toBe(false);
    expect(
      await t.database.db.selectFrom('transfers').select('id').where('id', '=', id).execute(),
    ).toEqual([]);
  });

  it('removes an expired transfer through its job', async () => {
    const { id, uploads } = await sent([crypto.randomBytes(100)]);
    const stored = path.join(t.dataDir, 'transfers', uploads[0]!.upload_url.split('/').pop()!);
    const past = new Date(Date.now() - 1000);
    await t.database.db
      .updateTable('transfers')
      .set({ expires_at: t.database.dialect.time(past) })
      .where('id', '=', id)
      .execute();
    expect((await t.app.inject({ method: 'GET', url: `/api/transfers/${id}` })).statusCode).toBe(
      404,
    );
    await t.app.jobs.runDue({ now: new Date(Date.now() + 2 * 86_400_000) });
    expect(fs.existsSync(stored)).toBe(false);
    expect(
      await t.database.db
        .selectFrom('transfer_files')
        .select('id')
        .where('transfer_id', '=', id)
        .execute(),
    ).toEqual([]);
  });

  it('limits transfers per visitor address and day, with a clear 429', async () => {
    const ip = nextAddress();
    for (let i = 0; i < TRANSFER.visitorDaily.transfers; i += 1) {
      expect((await create({ files: [{ size: 100 }] }, { ip })).statusCode).toBe(201);
    }
    const refused = await create({ files: [{ size: 100 }] }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toContain('at most 20 transfers');
    // another address is not held back
    expect((await create({ files: [{ size: 100 }] })).statusCode).toBe(201);
    // nor are the bytes: a fresh address asking for more than a day's bytes is refused
    const big = 5000 * 1024 * 1024;
    const files = Array.from({ length: Math.ceil(TRANSFER.visitorDaily.bytes / big) + 1 }, () => ({
      size: big,
    }));
    const many = await create({ files });
    expect(many.statusCode).toBe(429);
  });

  it('lets transfers created at once pass the daily allowance no further', async () => {
    const ip = nextAddress();
    const allowed = TRANSFER.visitorDaily.transfers;
    for (let i = 0; i < allowed - 1; i += 1) {
      expect((await create({ files: [{ size: 100 }] }, { ip })).statusCode).toBe(201);
    }
    const racing = await Promise.all(
      [1, 2, 3].map(() => create({ files: [{ size: 100 }] }, { ip })),
    );
    expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 429, 429]);
  });

  it('limits transfers per account and day, wherever the person sends from', async () => {
    const me = await signedInUser(t);
    const now = new Date();
    // a day's worth already sent (rows as the creation writes them)
    await t.database.db
      .insertInto('transfers')
      .values(
        Array.from({ length: TRANSFER.accountDaily.transfers }, (_, i) => ({
          id: `${me.id.toString(16).padStart(8, '0')}${i.toString(16).padStart(24, '0')}`,
          owner_id: me.id,
          sender_key: `elsewhere-${i}`,
          status: 'ready',
          manifest: 'x',
          password_hash: null,
          max_downloads: 1,
          downloads: 0,
          file_count: 1,
          total_size: 16,
          expires_at: t.database.dialect.time(new Date(now.getTime() + 3600_000)),
          created_at: t.database.dialect.time(new Date(now.getTime() - 60_000)),
          completed_at: null,
        })),
      )
      .execute();
    const refused = await create({ files: [{ size: 100 }] }, { headers: me.headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toContain(`at most ${TRANSFER.accountDaily.transfers} transfers`);
    // without the account, a visitor is held only by the limit of its address
    expect((await create({ files: [{ size: 100 }] })).statusCode).toBe(201);
  });

  it('refuses bad input: unknown ids, oversize files, a visitor asking for 30 days', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/transfers/nope' })).statusCode).toBe(
      404,
    );
    expect((await download('0'.repeat(32))).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'HEAD',
          url: `/api/transfer-uploads/${'0'.repeat(32)}`,
          headers: TUS,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await patch(`/api/transfer-uploads/${'1'.repeat(32)}`, 0, Buffer.from('x'))).statusCode,
    ).toBe(404);
    const oversize = await create({
      files: [{ size: (t.config.uploadLimitMb + 2) * 1024 * 1024 }],
    });
    expect(oversize.statusCode).toBe(413);
    const visitor30 = await create({ expiry: '30d', files: [{ size: 100 }] });
    expect(visitor30.statusCode).toBe(422);
    const noFiles = await create({ files: [] });
    expect(noFiles.statusCode).toBe(422);
    const tooMany = await create({ max_downloads: 101, files: [{ size: 100 }] });
    expect(tooMany.statusCode).toBe(422);
    // a PATCH past the declared size is refused and leaves the upload as it was
    const res = await create({ files: [{ size: 100 }] });
    const url = res.json<TransferCreated>().uploads[0]!.upload_url;
    expect((await patch(url, 0, crypto.randomBytes(150))).statusCode).toBeGreaterThanOrEqual(400);
    const head = await t.app.inject({ method: 'HEAD', url, headers: TUS });
    expect(Number(head.headers['upload-offset'])).toBeLessThanOrEqual(100);
  });

  it('lists the signed-in sender’s transfers, 30 days allowed, and deletes one early', async () => {
    const me = await signedInUser(t);
    const other = await signedInUser(t);
    const res = await create({ expiry: '30d', files: [{ size: 100 }] }, { headers: me.headers });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<TransferCreated>();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/transfers',
      headers: me.headers,
    });
    expect(list.json()).toEqual([
      expect.objectContaining({ id, status: 'uploading', file_count: 1, max_downloads: 2 }),
    ]);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/user/transfers',
      headers: other.headers,
    });
    expect(theirs.json()).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/transfers/${id}`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/transfers/${id}`, headers: me.headers }))
        .statusCode,
    ).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/user/transfers',
      headers: me.headers,
    });
    expect(after.json()).toEqual([]);
  });

  const storedPath = (uploadUrl: string) =>
    path.join(t.dataDir, 'transfers', uploadUrl.split('/').pop()!);

  it('an account deleted takes its transfers: rows, stored files and queued jobs', async () => {
    const me = await signedInUser(t);
    const other = await signedInUser(t);
    // 30 days: the transfer outlives the grace period, so only the deletion can remove it
    const res = await create(
      { expiry: '30d', files: [{ size: 100 }, { size: 50 }] },
      { headers: me.headers },
    );
    expect(res.statusCode).toBe(201);
    const mine = res.json<TransferCreated>();
    const theirsRes = await create({ files: [{ size: 100 }] }, { headers: other.headers });
    expect(theirsRes.json()).toMatchObject({ id: expect.any(String) });
    const theirs = theirsRes.json<TransferCreated>();
    const files = mine.uploads.map((upload) => storedPath(upload.upload_url));
    expect(files.every((file) => fs.existsSync(file))).toBe(true);

    const deletion = await t.app.inject({
      method: 'POST',
      url: '/api/user/account/delete',
      headers: me.headers,
      payload: { reason: 'Done', password: me.password },
    });
    expect(deletion.statusCode).toBe(202);
    await t.app.jobs.runDue({
      now: new Date(new Date(deletion.json<{ delete_after: string }>().delete_after).getTime() + 1),
    });

    expect(files.some((file) => fs.existsSync(file))).toBe(false);
    expect(files.some((file) => fs.existsSync(`${file}.json`))).toBe(false);
    const rows = await t.database.db.selectFrom('transfers').select('id').execute();
    expect(rows.map((row) => row.id)).not.toContain(mine.id);
    expect(rows.map((row) => row.id)).toContain(theirs.id);
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select('unique_key')
      .where('unique_key', '=', `transfer-expire:${mine.id}`)
      .where('status', '=', 'queued')
      .execute();
    expect(jobs).toEqual([]);
    // someone else's transfer is untouched
    expect(fs.existsSync(storedPath(theirs.uploads[0]!.upload_url))).toBe(true);
  });

  it('the hourly sweep removes stored files no transfer has, once they are an hour old', async () => {
    const { uploads } = await sent([crypto.randomBytes(100)]);
    const kept = storedPath(uploads[0]!.upload_url);
    const dir = path.join(t.dataDir, 'transfers');
    const orphan = path.join(dir, 'f'.repeat(32));
    fs.writeFileSync(orphan, 'left behind');
    fs.writeFileSync(`${orphan}.json`, '{}');
    const young = path.join(dir, 'e'.repeat(32));
    fs.writeFileSync(young, 'a transfer being made');
    const hourAgo = new Date(Date.now() - 61 * 60_000);
    for (const file of [orphan, `${orphan}.json`, kept, `${kept}.json`]) {
      fs.utimesSync(file, hourAgo, hourAgo);
    }

    await t.app.jobs.enqueue('transfer.sweep', {}, { uniqueKey: 'transfer.sweep' });
    await t.app.jobs.runDue();

    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(`${orphan}.json`)).toBe(false);
    expect(fs.existsSync(young)).toBe(true);
    expect(fs.existsSync(kept)).toBe(true);
    // the next sweep is queued an hour on
    const next = await t.database.db
      .selectFrom('jobs')
      .select('run_at')
      .where('unique_key', '=', 'transfer.sweep')
      .where('status', '=', 'queued')
      .execute();
    expect(next).toHaveLength(1);
    expect(new Date(String(next[0]!.run_at)).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  });

  describe('into a collection', () => {
    const complete = (who: { headers: Record<string, string> }, id: string) =>
      t.app.inject({ method: 'POST', url: `/api/transfers/${id}/complete`, headers: who.headers });
    /** The caller's transfers, as "my transfers" lists them. */
    async function mine(who: { headers: Record<string, string> }, locale = 'en') {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/transfers',
        headers: { ...who.headers, 'accept-language': locale.replace('_', '-') },
      });
      expect(res.statusCode).toBe(200);
      return res.json<Record<string, unknown>[]>() as (Record<string, unknown> & {
        id: string;
        memo: string;
        filing_error: string | null;
      })[];
    }
    const memosOf = (userId: number) =>
      t.database.db.selectFrom('memos').select('id').where('user_id', '=', userId).execute();
    const storedFiles = (id: string) =>
      t.database.db
        .selectFrom('transfer_files')
        .select('id')
        .where('transfer_id', '=', id)
        .execute();

    /** A collection transfer of plain text files by `who`, uploaded whole; answers its id. */
    async function intoCollection(
      who: { headers: Record<string, string> },
      collection: string,
      contents: Buffer[],
      extra: Record<string, unknown> = {},
    ) {
      const res = await create(
        {
          manifest: undefined,
          collection,
          files: contents.map((c, i) => ({ size: c.length, name: `notes-${i + 1}.txt` })),
          ...extra,
        },
        { headers: who.headers },
      );
      expect(res.statusCode).toBe(201);
      const created = res.json<TransferCreated>();
      for (const [i, upload] of created.uploads.entries()) {
        expect((await patch(upload.upload_url, 0, contents[i]!)).statusCode).toBe(204);
      }
      return created.id;
    }

    it('makes a memo in the collection with the files as documents, and marks it the destination', async () => {
      const me = await signedInUser(t);
      const collection = await insertCollection(t, me.id, 'private');
      const other = await insertCollection(t, me.id, 'private');
      await t.database.db
        .updateTable('collections')
        .set({ transfer_collection: t.database.dialect.bool(true) })
        .where('id', '=', other)
        .execute();
      const texts = [Buffer.from('first file\n'), Buffer.from('second file, a bit longer\n')];
      const id = await intoCollection(me, collection, texts, {
        title: 'From the scanner',
        message: 'Two pages <b>today</b>',
      });
      // only its sender ends it
      const stranger = await signedInUser(t);
      const foreign = await t.app.inject({
        method: 'POST',
        url: `/api/transfers/${id}/complete`,
        headers: stranger.headers,
      });
      expect(foreign.statusCode).toBe(404);
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/transfers/${id}/complete`,
        headers: me.headers,
      });
      expect(done.statusCode).toBe(200);
      // queued as a durable job: the request does not copy the files
      expect(done.json()).toMatchObject({ id, filing: 'filing' });
      expect(done.json().memo).toBeUndefined();
      expect((await mine(me))[0]).toMatchObject({ id, status: 'filing', memo: null });
      await t.app.jobs.runDue();
      const listed = (await mine(me))[0]!;
      expect(listed).toMatchObject({ id, status: 'filed', collection, filing_error: null });
      const memoIri = listed.memo as string;
      expect(memoIri).toMatch(/^\/api\/memo\/\d+$/);
      // asking again answers the memo, and queues nothing
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/transfers/${id}/complete`,
        headers: me.headers,
      });
      expect(again.json()).toMatchObject({ filing: 'filed', memo: memoIri });
      expect(await t.app.jobs.runDue()).toBe(0);
      const memo = await t.app.inject({ method: 'GET', url: memoIri, headers: me.headers });
      expect(memo.statusCode).toBe(200);
      const body = memo.json();
      expect(body.title).toBe('From the scanner');
      expect(body.description).toContain('&lt;b&gt;today');
      expect(body.memo_documents.map((d: { file_name: string }) => d.file_name)).toEqual([
        'notes-1.txt',
        'notes-2.txt',
      ]);
      expect(JSON.stringify(body.memos_per_collection)).toContain(collection);
      // the transfer never opens as a link, and its own files are gone
      expect((await t.app.inject({ method: 'GET', url: `/api/transfers/${id}` })).statusCode).toBe(
        404,
      );
      expect(await storedFiles(id)).toEqual([]);
      const flags = await t.database.db
        .selectFrom('collections')
        .select(['id', 'transfer_collection'])
        .where('id', 'in', [collection, other])
        .execute();
      const flag = (cid: string) => Boolean(flags.find((f) => f.id === cid)?.transfer_collection);
      expect(flag(collection)).toBe(true);
      expect(flag(other)).toBe(false);
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/collection/${collection}`,
        headers: me.headers,
      });
      expect(answer.json().transfer_collection).toBe(true);
    });

    it('refuses someone else’s collection without revealing it, visitors, and oversize files', async () => {
      const me = await signedInUser(t);
      const owner = await signedInUser(t);
      const hidden = await insertCollection(t, owner.id, 'private');
      const base = { manifest: undefined, files: [{ size: 10, name: 'a.txt' }] };
      const secret = await create({ ...base, collection: hidden }, { headers: me.headers });
      expect(secret.statusCode).toBe(404);
      const missing = await create({ ...base, collection: 'zzzzzzzzzz' }, { headers: me.headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toBe(secret.json().detail);
      // seen (public) but not theirs to add to
      const visible = await insertCollection(t, owner.id, 'public');
      const readOnly = await create({ ...base, collection: visible }, { headers: me.headers });
      expect(readOnly.statusCode).toBe(403);
      // a visitor cannot send into a collection
      const own = await insertCollection(t, me.id, 'private');
      expect((await create({ ...base, collection: own })).statusCode).toBe(401);
      // names are needed, and each file stays under the upload limit
      const unnamed = await create(
        { manifest: undefined, collection: own, files: [{ size: 10 }] },
        { headers: me.headers },
      );
      expect(unnamed.statusCode).toBe(422);
      const big = await create(
        {
          manifest: undefined,
          collection: own,
          files: [{ size: t.config.uploadLimitMb * 1024 * 1024 + 1, name: 'big.txt' }],
        },
        { headers: me.headers },
      );
      expect(big.statusCode).toBe(413);
      // an ordinary transfer still needs its sealed manifest
      expect((await create({ manifest: undefined, files: [{ size: 100 }] })).statusCode).toBe(422);
      const rows = await t.database.db
        .selectFrom('transfers')
        .select('id')
        .where('collection_id', 'in', [hidden, visible, own])
        .execute();
      expect(rows).toEqual([]);
    });

    it('records a refused document for the sender at once, keeps the files, makes no memo', async () => {
      const me = await signedInUser(t);
      const collection = await insertCollection(t, me.id, 'private');
      const id = await intoCollection(
        me,
        collection,
        [Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])],
        {
          files: [{ size: 8, name: 'tool.exe' }],
        },
      );
      expect((await complete(me, id)).statusCode).toBe(200);
      // a refusal does not change by retrying: one run, and the job is done
      expect(await t.app.jobs.runDue()).toBe(1);
      expect(await memosOf(me.id)).toEqual([]);
      const listed = (await mine(me, 'fr_be'))[0]!;
      expect(listed).toMatchObject({ id, status: 'failed', memo: null });
      expect(listed.filing_error).toMatch(/\S/);
      expect(listed.filing_error).not.toMatch(/^[a-z]+\.[a-zA-Z]+$/);
      expect(await storedFiles(id)).toHaveLength(1);
      // the sender may try again: queued anew, refused anew
      expect((await complete(me, id)).json()).toMatchObject({ filing: 'filing' });
      await t.app.jobs.runDue();
      expect((await mine(me))[0]).toMatchObject({ id, status: 'failed' });
      expect(await memosOf(me.id)).toEqual([]);
    });

    it('retries a failed filing, and a retry never makes a second memo', async () => {
      const me = await signedInUser(t);
      const collection = await insertCollection(t, me.id, 'private');
      const id = await intoCollection(me, collection, [Buffer.from('retry me\n')]);
      const memos = t.app.memos;
      const original = memos.create;
      let calls = 0;
      // first attempt: the database fails before the memo; second: the memo commits, then
      // reading it back fails (as a crash right after the commit would leave it)
      memos.create = async (...args: Parameters<typeof original>) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        const memo = await original(...args);
        if (calls === 2) throw new Error('connection lost after the commit');
        return memo;
      };
      try {
        expect((await complete(me, id)).statusCode).toBe(200);
        await t.app.jobs.runDue();
        expect(await memosOf(me.id)).toEqual([]);
        expect((await mine(me))[0]).toMatchObject({ status: 'filing', filing_error: null });
        // the retry waits its back-off
        await t.app.jobs.runDue({ now: new Date(Date.now() + 10 * 60_000) });
        expect(await memosOf(me.id)).toHaveLength(1);
        // the job ran again anyway (a crash before its row said done): still one memo
        await t.app.jobs.enqueue('transfer.file', { id });
        await t.app.jobs.runDue({ now: new Date(Date.now() + 20 * 60_000) });
      } finally {
        memos.create = original;
      }
      expect(calls).toBe(2);
      const made = await memosOf(me.id);
      expect(made).toHaveLength(1);
      const listed = (await mine(me))[0]!;
      expect(listed).toMatchObject({ status: 'filed', memo: `/api/memo/${made[0]!.id}` });
      // the memo kept its document
      const memo = await t.app.inject({ method: 'GET', url: listed.memo, headers: me.headers });
      expect(memo.json().memo_documents).toHaveLength(1);
    });

    it('gives up after its attempts and tells the sender; a lost collection files nothing', async () => {
      const me = await signedInUser(t);
      const collection = await insertCollection(t, me.id, 'private');
      const id = await intoCollection(me, collection, [Buffer.from('never\n')]);
      const memos = t.app.memos;
      const original = memos.create;
      memos.create = async () => {
        throw new Error('disk full');
      };
      try {
        await complete(me, id);
        for (let minutes = 0; minutes <= 60; minutes += 20) {
          await t.app.jobs.runDue({ now: new Date(Date.now() + minutes * 60_000) });
        }
      } finally {
        memos.create = original;
      }
      const listed = (await mine(me))[0]!;
      expect(listed).toMatchObject({ id, status: 'failed' });
      expect(listed.filing_error).toContain('could not be added to the collection');

      // the collection given to someone else: no longer the sender's to add to
      const owner = await signedInUser(t);
      const lost = await insertCollection(t, me.id, 'private');
      const second = await intoCollection(me, lost, [Buffer.from('lost\n')]);
      await complete(me, second);
      await t.database.db
        .updateTable('collections')
        .set({ user_id: owner.id })
        .where('id', '=', lost)
        .execute();
      await t.app.jobs.runDue();
      expect((await mine(me)).find((row) => row.id === second)).toMatchObject({
        status: 'failed',
        filing_error: 'Collection not found',
      });
      // the collection deleted: the transfer goes with it, and its job finds nothing to do
      const gone = await insertCollection(t, me.id, 'private');
      const third = await intoCollection(me, gone, [Buffer.from('gone\n')]);
      await complete(me, third);
      await t.database.db.deleteFrom('collections').where('id', '=', gone).execute();
      await t.app.jobs.runDue();
      expect((await mine(me)).find((row) => row.id === third)).toBeUndefined();
      expect(await memosOf(me.id)).toEqual([]);
    });

    it('deleting the collection removes its transfers’ files and jobs, not only their rows', async () => {
      const me = await signedInUser(t);
      const collection = await insertCollection(t, me.id, 'private');
      // one queued for filing, one still uploading (half of its bytes arrived)
      const queued = await intoCollection(me, collection, [Buffer.from('queued\n')]);
      await complete(me, queued);
      const half = Buffer.from('half of it arrived\n');
      const res = await create(
        { manifest: undefined, collection, files: [{ size: half.length * 2, name: 'half.txt' }] },
        { headers: me.headers },
      );
      const uploading = res.json<TransferCreated>();
      expect((await patch(uploading.uploads[0]!.upload_url, 0, half)).statusCode).toBe(204);
      // another collection's transfer stays
      const kept = await insertCollection(t, me.id, 'private');
      const other = await intoCollection(me, kept, [Buffer.from('kept\n')]);

      const fileIds = await t.database.db
        .selectFrom('transfer_files')
        .select(['id', 'transfer_id'])
        .where('transfer_id', 'in', [queued, uploading.id, other])
        .execute();
      const stored = (transfer: string) =>
        fileIds
          .filter((file) => file.transfer_id === transfer)
          .flatMap((file) => [file.id, `${file.id}.json`])
          .filter((name) => fs.existsSync(path.join(t.dataDir, 'transfers', name)));
      expect(stored(queued)).toHaveLength(2);
      expect(stored(uploading.id)).toHaveLength(2);
      const jobsOf = (ids: string[]) =>
        t.database.db
          .selectFrom('jobs')
          .select('unique_key')
          .where(
            'unique_key',
            'in',
            ids.flatMap((id) => [`transfer-expire:${id}`, `transfer-file:${id}`]),
          )
          .execute();
      expect(await jobsOf([queued, uploading.id])).toHaveLength(3);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/collection/${collection}`,
        headers: me.headers,
      });
      expect(deleted.statusCode).toBe(204);
      expect(stored(queued)).toEqual([]);
      expect(stored(uploading.id)).toEqual([]);
      expect(await jobsOf([queued, uploading.id])).toEqual([]);
      const left = await t.database.db
        .selectFrom('transfers')
        .select('id')
        .where('id', 'in', [queued, uploading.id, other])
        .execute();
      expect(left.map((row) => row.id)).toEqual([other]);
      // the other collection's transfer keeps its file and its job
      expect(stored(other)).toHaveLength(2);
      expect(await jobsOf([other])).toHaveLength(1);
      // the upload in flight is refused from now on
      const late = await patch(uploading.uploads[0]!.upload_url, half.length, half);
      expect(late.statusCode).toBe(404);
    });
  });
});

describe('transfer record sizes', () => {
  it('adds one tag per record', async () => {
    const { transferCipherSize } = await import('@memoria/domain');
    expect(transferCipherSize(0)).toBe(16);
    expect(transferCipherSize(TRANSFER.recordSize)).toBe(TRANSFER.recordSize + 16);
    expect(transferCipherSize(TRANSFER.recordSize + 1)).toBe(TRANSFER.recordSize + 33);
  });
});
