import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { blockUser } from '../../test/social.js';
import { caller, violationOf } from '../connections/test-support.js';

describeDb('reports and support requests', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let author: SignedIn;
  let reporter: SignedIn;
  let publicCollection: { id: string; '@id': string };
  let privateCollection: { id: string };
  let memoId: number;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    author = await signedInUser(t, { name: 'Author Adams' });
    reporter = await signedInUser(t, { name: 'Rita Reporter' });
    publicCollection = (
      await call(author, 'POST', '/api/collection', { name: 'Open', type: 'public' })
    ).body;
    privateCollection = (await call(author, 'POST', '/api/collection', { name: 'Closed' })).body;
    const memo = await call(author, 'POST', '/api/memo', {
      title: 'A memo to report',
      memos_per_collection: [publicCollection.id],
    });
    if (memo.status !== 201) throw new Error(JSON.stringify(memo.body));
    memoId = memo.body.id;
  });
  afterAll(() => t.close());

  const stored = (id: number) =>
    t.database.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a memo report is stored with a title naming the reporter and a description of link, title, reason, owner', async () => {
    const res = await call(reporter, 'POST', '/api/support/request', {
      type: 'memo',
      reason: '  Spam  ',
      memo: `/api/memo/${memoId}`,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'memo',
      reason: 'Spam',
      status: 'open',
      link: `http://memoria.test/memo/${memoId}`,
    });
    expect(res.body.title).toContain('Rita Reporter');
    expect(res.body.description).toContain(`Link: http://memoria.test/memo/${memoId}`);
    expect(res.body.description).toContain('Title: A memo to report');
    expect(res.body.description).toContain('Reason: Spam');
    expect(res.body.description).toContain(`Owner: Author Adams (/api/user/${author.id})`);
    const row = await stored(res.body.id);
    expect(row).toMatchObject({
      reporter_id: reporter.id,
      type: 'memo',
      memo_id: memoId,
      status: 'open',
    });
    const again = await call(reporter, 'POST', '/api/support/request', {
      type: 'memo',
      reason: 'x',
      memo: memoId,
    });
    expect(again.status).toBe(409);
  });

  it('collections and profiles, by IRI or by the app link', async () => {
    const byLink = await call(reporter, 'POST', '/api/support/request', {
      type: 'collection',
      reason: 'Offensive',
      link: `http://memoria.test/p/collections/${publicCollection.id}?secure_token=x`,
    });
    expect(byLink.status).toBe(201);
    expect((await stored(byLink.body.id)).collection_id).toBe(publicCollection.id);
    const profile = await call(reporter, 'POST', '/api/support/request', {
      type: 'profile',
      reason: 'Fake account',
      user: `/api/user/${author.id}`,
    });
    expect(profile.status).toBe(201);
    expect((await stored(profile.body.id)).reported_user_id).toBe(author.id);
  });

  it('bad reports: missing reason, type or target, own content, unseen or unknown items; nothing stored', async () => {
    const before = (await t.database.db.selectFrom('reports').select('id').execute()).length;
    const cases: Array<[Record<string, unknown>, number, string | undefined]> = [
      [{ type: 'memo', memo: memoId }, 422, 'reason'],
      [{ type: 'memo', reason: '   ', memo: memoId }, 422, 'reason'],
      [{ type: 'memo', reason: 'x' }, 422, 'memo'],
      [
        { type: 'collection', reason: 'x', link: 'http://memoria.test/somewhere' },
        422,
        'collection',
      ],
      [{ type: 'thread', reason: 'x' }, 422, 'type'],
      [{ type: 'collection', reason: 'x', collection: privateCollection.id }, 404, undefined],
      [{ type: 'memo', reason: 'x', memo: 999999 }, 404, undefined],
      [{ type: 'profile', reason: 'x', user: 999999 }, 404, undefined],
      [{ type: 'profile', reason: 'x', user: reporter.id }, 422, 'type'],
      [{ reason: 'x' }, 422, 'title'],
      [{ type: 'memo', reason: 'x', memo: memoId, extra: true }, 422, undefined],
    ];
    for (const [payload, status, path] of cases) {
      const res = await call(reporter, 'POST', '/api/support/request', payload);
      expect([JSON.stringify(payload), res.status]).toEqual([JSON.stringify(payload), status]);
      if (path) expect(violationOf(res.body).path).toBe(path);
    }
    const missingReason = await call(reporter, 'POST', '/api/support/request', {
      type: 'profile',
      user: author.id,
    });
    expect(violationOf(missingReason.body)).toEqual({
      path: 'reason',
      code: 'reports.reasonRequired',
    });
    const own = await call(author, 'POST', '/api/support/request', {
      type: 'memo',
      reason: 'x',
      memo: memoId,
    });
    expect(violationOf(own.body)).toEqual({ path: 'type', code: 'reports.own' });
    expect((await t.database.db.selectFrom('reports').select('id').execute()).length).toBe(before);
    expect(
      (
        await call(null, 'POST', '/api/support/request', {
          type: 'memo',
          reason: 'x',
          memo: memoId,
        })
      ).status,
    ).toBe(401);
  });

  it('a blocked person cannot report what they cannot see, but a profile can always be reported', async () => {
    const blocked = await signedInUser(t, { name: 'Blocked' });
    await blockUser(t, author.id, blocked.id);
    expect(
      (
        await call(blocked, 'POST', '/api/support/request', {
          type: 'memo',
          reason: 'x',
          memo: memoId,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(blocked, 'POST', '/api/support/request', {
          type: 'profile',
          reason: 'Harassment',
          user: author.id,
        })
      ).status,
    ).toBe(201);
  });

  it('a support request needs title and description', async () => {
    const res = await call(reporter, 'POST', '/api/support/request', {
      title: 'Cannot upload',
      description: 'The upload stops at 50%.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'support',
      reason: null,
      description: 'The upload stops at 50%.',
    });
    expect(res.body.title).toContain('Cannot upload');
    expect(res.body.title).toContain('Rita Reporter');
    const missing = await call(reporter, 'POST', '/api/support/request', {});
    expect(missing.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([
      'title',
      'description',
    ]);
  });
});
