import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { connectUsers } from '../../test/social.js';
import { NEW_DOCUMENT_EVENT, REPLACED_DOCUMENT_EVENT } from './documents.js';
import {
  clipFixture,
  insertCollection,
  insertMemo,
  linkMemo,
  mediaServiceFor,
  postUpload,
  setCollectionFlags,
  shareCollection,
  storageUsed,
  storedFiles,
  watchMemo,
} from './test-support.js';

const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Title (${text}) >>\nendobj\ntrailer\n<<>>\n%%EOF\n`);

describeDb('memo documents', () => {
  let t: TestApp;
  let alice: SignedIn; // the author
  let carol: SignedIn; // a collaborator: selected in a collaborative collection
  let dave: SignedIn; // a contact who reads the memo through another collection
  let erin: SignedIn; // watches the memo
  let stranger: SignedIn;
  let collab: string;
  let memoId: number;

  beforeAll(async () => {
    t = await createTestApp();
    [alice, carol, dave, erin, stranger] = await Promise.all([
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
    ]);
    for (const other of [carol, dave, erin]) await connectUsers(t, alice.id, other.id);
    collab = await insertCollection(t, alice.id, 'selected_contacts');
    await setCollectionFlags(t, collab, { is_collaboration: true });
    await shareCollection(t, collab, carol.id);
    memoId = await insertMemo(t, alice.id, collab);
    await linkMemo(t, memoId, await insertCollection(t, alice.id, 'all_contacts'));
    await watchMemo(t, erin.id, memoId);
  });
  afterAll(() => t.close());

  const upload = (
    session: SignedIn | null,
    file: { name: string; content: Buffer },
    fields: Record<string, string> = {},
  ) => postUpload(t, '/api/memo/document', session, file, fields);
  const send = (
    method: 'GET' | 'PATCH' | 'DELETE',
    url: string,
    session?: SignedIn,
    payload?: object,
  ) =>
    t.app.inject({ method, url, headers: session?.headers ?? {}, ...(payload ? { payload } : {}) });
  const row = (id: number) =>
    t.database.db
      .selectFrom('attachments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const listed = async () =>
    (await mediaServiceFor(t).loadAttachmentsForMemos([memoId], { userId: alice.id })).documents
      .get(memoId)
      ?.map((d) => d.id) ?? [];
  const events = async (type: string, attachmentId: number) =>
    (
      await t.database.db
        .selectFrom('activity_events')
        .select(['recipient_user_id', 'actor_user_id', 'memo_id', 'payload'])
        .where('type', '=', type)
        .where('attachment_id', '=', attachmentId)
        .orderBy('recipient_user_id')
        .execute()
    ).map((e) => ({
      ...e,
      payload: typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload,
    }));

  let first: number;
  let second: number;

  it('adds documents to a memo in order, with a description, downloaded as attachments', async () => {
    const a = await upload(
      alice,
      { name: 'Plan.pdf', content: pdf('plan') },
      {
        memo: `/api/memo/${memoId}`,
        description: '  The plan  ',
      },
    );
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      type: 'document',
      status: 'ready',
      mime_type: 'application/pdf',
      sequence_number: 0,
      description: 'The plan',
      replace_document_id: null,
      replaced_by_document_id: null,
      content_url: `/api/memo/document/${a.json().id}`,
    });
    const b = await upload(
      alice,
      { name: 'notes.txt', content: Buffer.from('first notes\n') },
      { memo: String(memoId) },
    );
    expect(b.json().sequence_number).toBe(1);
    [first, second] = [a.json().id, b.json().id];
    expect(await listed()).toEqual([first, second]);

    const file = await send('GET', `/api/memo/document/${first}`, dave);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Plan.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload).toEqual(pdf('plan'));
    // The watcher hears of it; the author, who added it, does not.
    expect(await events(NEW_DOCUMENT_EVENT, first)).toEqual([
      { recipient_user_id: erin.id, actor_user_id: alice.id, memo_id: memoId, payload: {} },
    ]);
  });

  it('takes video and audio types as documents, stored as sent and only downloaded', async () => {
    const clip = clipFixture({ width: 160, height: 90 });
    const res = await upload(alice, { name: 'raw.mov', content: clip });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'ready',
      mime_type: 'video/quicktime',
      size: clip.length,
    });
    const served = await send('GET', `/api/memo/document/${res.json().id}`, alice);
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    expect(served.rawPayload).toEqual(clip);
    const mp3 = await upload(alice, { name: 'voice.mp3', content: clipFixture({ format: 'mp3' }) });
    expect(mp3.statusCode).toBe(201);
    for (const name of ['page.html', 'tool.exe', 'fake.pdf']) {
      const bad = await upload(alice, {
        name,
        content: Buffer.from('<html><script>x</script></html>'),
      });
      expect([name, bad.statusCode]).toEqual([name, 422]);
    }
  });

  it('lets collaborators add documents only where the collection allows it', async () => {
    const refused = await upload(
      carol,
      { name: 'c.txt', content: Buffer.from('carol') },
      { memo: String(memoId) },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('You are not authorised to perform this action');
    await setCollectionFlags(t, collab, { allow_add_documents: true });
    const added = await upload(
      carol,
      { name: 'c.txt', content: Buffer.from('carol') },
      { memo: String(memoId) },
    );
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ user: carol.id, sequence_number: 2 });
    expect(
      (await events(NEW_DOCUMENT_EVENT, added.json().id)).map((e) => e.recipient_user_id),
    ).toEqual([alice.id, erin.id].sort((x, y) => x - y));
    // The collaborator pays for it.
    expect(await storageUsed(t, carol.id)).toBe(5);
    // A contact who only reads the memo is no collaborator; a stranger does not see it.
    expect(
      (await upload(dave, { name: 'd.txt', content: Buffer.from('d') }, { memo: String(memoId) }))
        .statusCode,
    ).toBe(403);
    const hidden = await upload(
      stranger,
      { name: 's.txt', content: Buffer.from('s') },
      { memo: String(memoId) },
    );
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json().violations[0].propertyPath).toBe('memo');
    expect(
      (await upload(null, { name: 'v.txt', content: Buffer.from('v') }, { memo: String(memoId) }))
        .statusCode,
    ).toBe(401);
    expect(storedFiles(t, dave.id)).toEqual([]);
    expect(storedFiles(t, stranger.id)).toEqual([]);
  });

  it('replaces a document: without kept versions the old one is deleted and its storage freed', async () => {
    const old = await row(first);
    const used = await storageUsed(t, alice.id);
    const res = await upload(
      alice,
      { name: 'Plan v2.pdf', content: pdf('plan two') },
      {
        replace_document_id: `/api/memo/document/${first}`,
      },
    );
    expect(res.statusCode).toBe(201);
    const next = res.json();
    expect(next).toMatchObject({
      replace_document_id: first,
      sequence_number: 0,
      description: 'The plan',
    });
    expect(await row(first)).toMatchObject({
      status: 'deleted',
      action: 'delete',
      replaced_by_document_id: next.id,
    });
    expect(await storageUsed(t, alice.id)).toBe(
      used - Number(old.stored_bytes) + pdf('plan two').length,
    );
    expect((await listed())[0]).toBe(next.id);
    expect(await listed()).not.toContain(first);
    expect((await send('GET', `/api/memo/document/${first}`, alice)).statusCode).toBe(404);
    await t.app.jobs.runDue();
    expect(storedFiles(t, alice.id).some((f) => f.startsWith(`${first}/`))).toBe(false);
    expect(await events(REPLACED_DOCUMENT_EVENT, next.id)).toEqual([
      {
        recipient_user_id: erin.id,
        actor_user_id: alice.id,
        memo_id: memoId,
        payload: { replaced_document_id: first, file_name: 'Plan.pdf' },
      },
    ]);
    // A deleted document cannot be replaced; nor can a collaborator replace without the right.
    const again = await upload(
      alice,
      { name: 'x.pdf', content: pdf('x') },
      { replace_document_id: String(first) },
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().violations[0].propertyPath).toBe('replace_document_id');
    const byCarol = await upload(
      carol,
      { name: 'x.pdf', content: pdf('x') },
      { replace_document_id: String(next.id) },
    );
    expect(byCarol.statusCode).toBe(403);
    first = next.id;
  });

  it('keeps the old version with preserve_documents_version, listed as a version only', async () => {
    await setCollectionFlags(t, collab, {
      allow_replace_documents: true,
      preserve_documents_version: true,
    });
    const res = await upload(
      carol,
      { name: 'Plan v3.pdf', content: pdf('plan three') },
      {
        replace_document_id: String(first),
        description: 'Third take',
      },
    );
    expect(res.statusCode).toBe(201);
    const third = res.json();
    expect(await row(first)).toMatchObject({ status: 'ready', replaced_by_document_id: third.id });
    expect(await listed()).toEqual([third.id, second, expect.any(Number)]);
    // The author hears of it (author and uploader of the old version), and the watcher.
    expect(
      (await events(REPLACED_DOCUMENT_EVENT, third.id)).map((e) => e.recipient_user_id),
    ).toEqual([alice.id, erin.id].sort((x, y) => x - y));
    const versions = await t.app.inject({
      method: 'GET',
      url: `/api/memo/document/${third.id}/versions`,
      headers: { ...dave.headers, accept: 'application/ld+json' },
    });
    expect(versions.statusCode).toBe(200);
    expect(versions.json()['hydra:totalItems']).toBe(1);
    expect(versions.json()['hydra:member'].map((v: { id: number }) => v.id)).toEqual([first]);
    expect((await send('GET', `/api/memo/document/${first}`, dave)).rawPayload).toEqual(
      pdf('plan two'),
    );
    const replacedAgain = await upload(
      alice,
      { name: 'y.pdf', content: pdf('y') },
      { replace_document_id: String(first) },
    );
    expect(replacedAgain.statusCode).toBe(409);
    expect(replacedAgain.json().detail).toBe(
      'This document has already been replaced by a newer version.',
    );

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/collection/${collab}/document?itemsPerPage=2`,
      headers: { ...carol.headers, accept: 'application/ld+json' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()['hydra:totalItems']).toBe(3);
    const members = list.json()['hydra:member'];
    expect(members).toHaveLength(2);
    expect(members[0]).toMatchObject({
      id: third.id,
      memo: `/api/memo/${memoId}`,
      has_versions: true,
    });
    expect(members[1]).toMatchObject({ has_versions: false });
    // Rights per document for the viewer: carol uploaded the third version and collaborates
    // where replacing is allowed; the second is alice's, whom only alice may delete.
    expect(members[0]).toMatchObject({ can_replace: true, can_delete: true });
    expect(members[0].memo_title).toEqual(expect.any(String));
    const all = (
      await t.app.inject({
        method: 'GET',
        url: `/api/collection/${collab}/document`,
        headers: carol.headers,
      })
    ).json();
    expect(all.find((d: { id: number }) => d.id === second)).toMatchObject({
      can_replace: true,
      can_delete: false,
    });
    const forAlice = await t.app.inject({
      method: 'GET',
      url: `/api/collection/${collab}/document`,
      headers: alice.headers,
    });
    expect(
      forAlice
        .json()
        .map((d: { can_replace: boolean; can_delete: boolean }) => [d.can_replace, d.can_delete]),
    ).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    // Dave reads the memo through another collection only: this collection's list is not his.
    const forDave = await t.app.inject({
      method: 'GET',
      url: `/api/collection/${collab}/document`,
      headers: dave.headers,
    });
    expect(forDave.statusCode).toBe(403);
    first = third.id;
  });

  it('changes description and order for the uploader or the memo author only', async () => {
    const patch = (session: SignedIn | undefined, id: number, body: object) =>
      send('PATCH', `/api/memo/document/${id}`, session, body);
    const res = await patch(alice, second, { description: 'Updated notes', sequence_number: 9 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: second,
      description: 'Updated notes',
      sequence_number: 9,
    });
    expect((await listed()).at(-1)).toBe(second);
    expect((await patch(alice, second, { description: null })).json().description).toBeNull();
    // Carol uploaded the third version herself; alice's notes are not hers.
    expect((await patch(carol, first, { description: 'Mine' })).statusCode).toBe(200);
    expect((await patch(carol, second, { description: 'Mine' })).statusCode).toBe(403);
    expect((await patch(stranger, second, { description: 'x' })).statusCode).toBe(404);
    expect((await patch(alice, second, { sequence_number: -1 })).statusCode).toBe(422);
    expect((await patch(alice, second, { description: 'x'.repeat(1001) })).statusCode).toBe(422);
    expect((await patch(alice, 999999, { description: 'x' })).statusCode).toBe(404);
    expect(
      (await send('PATCH', `/api/memo/photo/${second}`, alice, { description: 'x' })).statusCode,
    ).toBe(404);
    expect((await row(second)).description).toBeNull();
  });

  it('memo saves leave kept versions alone and refuse them in memo_documents', async () => {
    const service = mediaServiceFor(t);
    const current = await listed();
    await t.database.db
      .transaction()
      .execute((trx) => service.attachToMemo(trx, memoId, alice.id, { memo_documents: current }));
    const versions = await t.database.db
      .selectFrom('attachments')
      .select(['id', 'status'])
      .where('replaced_by_document_id', 'is not', null)
      .where('memo_id', '=', memoId)
      .where('status', '=', 'ready')
      .execute();
    expect(versions).toHaveLength(1);
    await expect(
      t.database.db
        .transaction()
        .execute((trx) =>
          service.attachToMemo(trx, memoId, alice.id, { memo_documents: [versions[0]!.id] }),
        ),
    ).rejects.toMatchObject({ violations: [{ propertyPath: 'memo_documents' }] });
  });

  it('deleting a document marks it and its kept versions deleted with action delete and frees storage', async () => {
    const kept = (await row(first)).replace_document_id as number;
    const before = { alice: await storageUsed(t, alice.id), carol: await storageUsed(t, carol.id) };
    const sizes = {
      kept: Number((await row(kept)).stored_bytes),
      current: Number((await row(first)).stored_bytes),
    };
    expect((await send('DELETE', `/api/memo/document/${first}`, dave)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/memo/document/${first}`, alice)).statusCode).toBe(204);
    for (const id of [first, kept]) {
      expect(await row(id)).toMatchObject({ status: 'deleted', action: 'delete' });
    }
    expect(await storageUsed(t, alice.id)).toBe(before.alice - sizes.kept);
    expect(await storageUsed(t, carol.id)).toBe(before.carol - sizes.current);
    expect(await listed()).not.toContain(first);
    expect((await send('GET', `/api/memo/document/${first}/versions`, alice)).statusCode).toBe(404);
  });
});
