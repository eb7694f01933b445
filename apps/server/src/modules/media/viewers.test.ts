import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { blockUser, connectUsers } from '../../test/social.js';
import {
  clipFixture,
  insertCollection,
  insertMemo,
  linkMemo,
  multipart,
  setCollectionFlags,
  shareCollection,
  storageUsed,
  storedFiles,
} from './test-support.js';

const GB = 1024 ** 3;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

async function uploadTo(
  t: TestApp,
  session: SignedIn,
  url: string,
  file: { name: string; content: Buffer },
  fields: Record<string, string> = {},
) {
  const body = multipart(file, fields);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...session.headers, ...body.headers },
    payload: body.payload,
  });
}

describeDb('memo videos and documents by kind of viewer', () => {
  let t: TestApp;
  const who: Record<string, SignedIn> = {};
  let selected: string;
  let contacts: string;
  let memoId: number;
  let videoId: number;
  let documentId: number;

  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ['author', 'collaborator', 'contact', 'stranger', 'blocked']) {
      who[name] = await signedInUser(t);
    }
    const author = who.author as SignedIn;
    for (const name of ['collaborator', 'contact', 'blocked']) {
      await connectUsers(t, author.id, (who[name] as SignedIn).id);
    }
    await blockUser(t, author.id, (who.blocked as SignedIn).id);
    // The collaborator writes to a collaborative collection of selected contacts; the
    // contact reads the memo through a collection of all contacts.
    selected = await insertCollection(t, author.id, 'selected_contacts');
    await setCollectionFlags(t, selected, { is_collaboration: true });
    await shareCollection(t, selected, (who.collaborator as SignedIn).id);
    contacts = await insertCollection(t, author.id, 'all_contacts');
    memoId = await insertMemo(t, author.id, selected);
    await linkMemo(t, memoId, contacts);
    await t.database.db
      .updateTable('memos')
      .set({ secret_token: 'memo-secret' })
      .where('id', '=', memoId)
      .execute();
    const video = await uploadTo(
      t,
      author,
      '/api/memo/video',
      {
        name: 'clip.mov',
        content: clipFixture({ width: 320, height: 180 }),
      },
      { memo: String(memoId) },
    );
    videoId = video.json().id;
    await t.app.jobs.runDue();
    const doc = await uploadTo(
      t,
      author,
      '/api/memo/document',
      { name: 'a.pdf', content: pdf },
      {
        memo: String(memoId),
      },
    );
    documentId = doc.json().id;
  }, 60_000);
  afterAll(() => t.close());

  const get = (url: string, session?: SignedIn) =>
    t.app.inject({ method: 'GET', url, headers: session?.headers ?? {} });

  const cases: [string, string | null, number][] = [
    ['author', null, 200],
    ['collaborator', null, 200],
    ['contact', null, 200],
    ['stranger', null, 403],
    ['visitor', null, 403],
    ['blocked', null, 404],
    ['visitor', 'memo-secret', 200],
    ['stranger', 'memo-secret', 200],
    ['visitor', 'wrong-secret', 403],
    ['blocked', 'memo-secret', 404],
  ];

  it.each(cases)(
    '%s (memo_sec_link %s) gets %i for the video, its poster, the document and its versions',
    async (name, secret, status) => {
      const query = secret ? `memo_sec_link=${secret}` : '';
      const urls = [
        `/api/memo/video/${videoId}?${query}`,
        `/api/memo/video/${videoId}?variant=550w&${query}`,
        `/api/memo/document/${documentId}?${query}`,
        `/api/memo/document/${documentId}/versions?${query}`,
      ];
      for (const url of urls) {
        const res = await get(url, who[name]);
        expect([url, res.statusCode]).toEqual([url, status]);
        if (status === 403)
          expect(res.json().detail).toBe('You are unable to access this information');
      }
    },
  );

  it('lists a collection’s documents to those who may see the collection', async () => {
    const list = (collection: string, name: string, prefix = '/api') =>
      get(`${prefix}/collection/${collection}/document`, who[name]);
    expect((await list(selected, 'author')).statusCode).toBe(200);
    const forCollaborator = await list(selected, 'collaborator');
    expect(forCollaborator.json().map((d: { id: number }) => d.id)).toEqual([documentId]);
    expect((await list(selected, 'contact')).statusCode).toBe(403);
    expect((await list(contacts, 'contact')).statusCode).toBe(200);
    expect((await list(contacts, 'stranger')).statusCode).toBe(403);
    expect((await list(contacts, 'visitor')).statusCode).toBe(403);
    expect((await list(contacts, 'author', '/api/p')).statusCode).toBe(403);
    expect((await list(contacts, 'blocked')).statusCode).toBe(404);
    expect((await list('nosuchcoll', 'author')).statusCode).toBe(404);
    expect((await list('bad id!', 'author')).statusCode).toBe(404);
  });

  it('lets only the uploader or the memo author remove them', async () => {
    for (const name of ['collaborator', 'contact', 'stranger']) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/memo/video/${videoId}`,
        headers: (who[name] as SignedIn).headers,
      });
      expect([name, res.statusCode]).toEqual([name, 403]);
    }
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/memo/video/${videoId}` })).statusCode,
    ).toBe(401);
  });

  it('refuses a new version past the storage quota and keeps the old one current', async () => {
    const author = who.author as SignedIn;
    const used = await storageUsed(t, author.id);
    await t.database.db
      .updateTable('users')
      .set({ storage_used: GB - 10 })
      .where('id', '=', author.id)
      .execute();
    const res = await uploadTo(
      t,
      author,
      '/api/memo/document',
      { name: 'b.pdf', content: pdf },
      {
        replace_document_id: String(documentId),
      },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Storage limit exceeded');
    const old = await t.database.db
      .selectFrom('attachments')
      .select(['status', 'replaced_by_document_id'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(old).toEqual({ status: 'ready', replaced_by_document_id: null });
    const rows = await t.database.db
      .selectFrom('attachments')
      .select('id')
      .where('file_name', '=', 'b.pdf')
      .execute();
    expect(rows).toEqual([]);
    await t.database.db
      .updateTable('users')
      .set({ storage_used: used })
      .where('id', '=', author.id)
      .execute();
  });
});

describe('video and document uploads past UPLOAD_LIMIT_MB', () => {
  describeDb('with a 1 MB limit', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { uploadLimitMb: 1 } });
    });
    afterAll(() => t.close());

    it('answers 413 with the maxFileSize message for both kinds and stores nothing', async () => {
      const user = await signedInUser(t);
      const big = Buffer.concat([pdf, Buffer.alloc(1024 * 1024 + 10, 32)]);
      const bigVideo = Buffer.concat([
        clipFixture({ width: 160, height: 90 }),
        Buffer.alloc(1024 * 1024),
      ]);
      for (const [url, name, content] of [
        ['/api/memo/document', 'big.pdf', big],
        ['/api/memo/video', 'big.mov', bigVideo],
      ] as const) {
        const res = await uploadTo(t, user, url, { name, content });
        expect([url, res.statusCode, res.json().detail]).toEqual([
          url,
          413,
          'The file is too large. The maximum size is 1 MB.',
        ]);
      }
      expect(storedFiles(t, user.id)).toEqual([]);
      expect(await storageUsed(t, user.id)).toBe(0);
      const jobs = await t.database.db.selectFrom('jobs').select('id').execute();
      expect(jobs).toEqual([]);
    });
  });
});
