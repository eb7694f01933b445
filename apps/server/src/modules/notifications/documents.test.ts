import { afterAll, beforeAll, expect, it } from 'vitest';
import { readJson } from '../../db/dialect.js';
import { ACTIVITY_DISPATCH_JOB } from '../../events/index.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser } from '../../test/factories.js';
import { connectUsers } from '../../test/social.js';
import {
  insertCollection,
  insertMemo,
  postUpload,
  setCollectionFlags,
  shareCollection,
} from '../media/test-support.js';

describeDb('notifications of memo documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a document added to a memo reaches its audience in the list after the upload commits', async () => {
    const author = await signedInUser(t, { name: 'Alice' });
    const collaborator = await signedInUser(t, { name: 'Carol' });
    await connectUsers(t, author.id, collaborator.id);
    const collection = await insertCollection(t, author.id, 'selected_contacts');
    await setCollectionFlags(t, collection, { is_collaboration: true, allow_add_documents: true });
    await shareCollection(t, collection, collaborator.id);
    const memoId = await insertMemo(t, author.id, collection);

    const res = await postUpload(
      t,
      '/api/memo/document',
      collaborator,
      { name: 'plan.txt', content: Buffer.from('the plan') },
      { memo: String(memoId) },
    );
    expect(res.statusCode).toBe(201);

    // the upload's transaction wrote the dispatch job with the event
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', ACTIVITY_DISPATCH_JOB)
      .execute();
    const ids = jobs.flatMap((j) => readJson<{ ids: number[] }>(j.payload, { ids: [] }).ids);
    expect(ids).toHaveLength(1);
    expect(await t.app.jobs.runDue()).toBeGreaterThan(0);

    const list = await t.app.inject({ url: '/api/notifications', headers: author.headers });
    expect(list.json()).toMatchObject([
      {
        id: ids[0],
        type: 'new_document_added_to_memo',
        from_user: { id: collaborator.id, name: 'Carol' },
        memo: { id: memoId },
        memo_document: { file_name: 'plan.txt' },
      },
    ]);
  });
});
