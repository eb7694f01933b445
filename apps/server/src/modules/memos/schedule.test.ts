import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { readBool, readJson, readTime } from '../../db/dialect.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { grantRules } from '../../test/social.js';
import type { MemoPublishedEvent } from './events.js';
import { insertCollection } from '../../test/content.js';

const HOUR = 3_600_000;

describeDb('scheduled memos', () => {
  let t: TestApp;
  let ada: SignedIn;
  let stranger: SignedIn;
  let pub: string;
  const published: Array<Omit<MemoPublishedEvent, 'db'>> = [];

  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t, { name: 'Ada' });
    stranger = await signedInUser(t, { name: 'Stan' });
    await grantRules(t, ada.id, { has_subscription: true, silver: true });
    pub = await insertCollection(t, ada.id, 'public');
    t.app.memos.events.onMemoPublished(({ db: _trx, ...event }) => {
      published.push(event);
    });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    published.length = 0;
  });

  const later = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
  const schedule = (when: string | null, headers = ada.headers) =>
    t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers,
      payload: {
        title: 'Later',
        memos_per_collection: [pub],
        isScheduled: true,
        memo_scheduled: when,
      },
    });
  const jobsFor = (id: number) =>
    t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('unique_key', '=', `memo.publish:${id}`)
      .execute();
  const memoRow = (id: number) =>
    t.database.db.selectFrom('memos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const memoCount = async () =>
    (await t.database.db.selectFrom('memos').select('id').execute()).length;

  it('needs the silver rule, a date, and a date in the future; nothing is written otherwise', async () => {
    const before = await memoCount();
    const noPlan = await signedInUser(t);
    const own = await insertCollection(t, noPlan.id, 'private');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers: noPlan.headers,
      payload: {
        title: 'x',
        memos_per_collection: [own],
        isScheduled: true,
        memo_scheduled: later(2),
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([
      expect.objectContaining({
        propertyPath: 'memo_scheduled',
        message: 'Scheduling a memo needs the Silver plan.',
      }),
    ]);
    const past = await schedule(new Date(Date.now() - 60_000).toISOString());
    expect(past.statusCode).toBe(422);
    expect(past.json().violations).toEqual([
      expect.objectContaining({
        propertyPath: 'memo_scheduled',
        code: 'memo.scheduledInPast',
        message: 'The scheduled date should be in the future',
      }),
    ]);
    // docs/RULES.md, Permissions: "silver: workspace or professional"
    await t.database.db
      .updateTable('users')
      .set({ user_type: 'workspace', workspace_type: 'workspace' })
      .where('id', '=', noPlan.id)
      .execute();
    const workspace = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers: noPlan.headers,
      payload: {
        title: 'x',
        memos_per_collection: [own],
        isScheduled: true,
        memo_scheduled: later(2),
      },
    });
    expect(workspace.statusCode).toBe(201);
    // the profile's silver flag, which the editor reads, agrees
    const profile = await t.app.inject({ url: '/api/profile', headers: noPlan.headers });
    expect(profile.json().rules.silver).toBe(true);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/memo/${workspace.json().id}`,
      headers: noPlan.headers,
    });
    const missing = await schedule(null);
    expect(missing.json().violations[0]).toMatchObject({ propertyPath: 'memo_scheduled' });
    expect(await memoCount()).toBe(before);
    expect((await t.database.db.selectFrom('jobs').select('id').execute()).length).toBe(0);
    expect(published).toEqual([]);
  });

  it('a scheduled memo is its author’s alone until the job publishes it at its time', async () => {
    const when = later(3);
    const res = await schedule(when);
    expect(res.statusCode).toBe(201);
    const memo = res.json();
    expect(memo).toMatchObject({
      status: 'scheduled',
      isScheduled: true,
      notification_sent: false,
    });
    expect(readTime(memo.memo_scheduled)?.getTime()).toBe(new Date(when).getTime());
    expect((await memoRow(memo.id)).published_at).toBeNull();
    expect(published).toEqual([]);

    const [job] = await jobsFor(memo.id);
    expect(job).toMatchObject({ type: 'memo.publish', status: 'queued' });
    expect(readTime(job?.run_at)?.getTime()).toBe(new Date(when).getTime());

    // others: not there at all, in no list
    expect(
      (await t.app.inject({ url: `/api/memo/${memo.id}`, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/p/memo/${memo.id}` })).statusCode).toBe(404);
    const list = await t.app.inject({
      url: `/api/collection/${pub}/memo`,
      headers: stranger.headers,
    });
    expect(list.json().map((m: { id: number }) => m.id)).not.toContain(memo.id);
    const own = await t.app.inject({ url: `/api/user/${ada.id}/memo`, headers: ada.headers });
    expect(own.json().map((m: { id: number }) => m.id)).toContain(memo.id);

    // not before its time
    expect(await t.app.jobs.runDue({ now: new Date(Date.now() + HOUR) })).toBe(0);
    expect(await t.app.jobs.runDue({ now: new Date(new Date(when).getTime() + 1000) })).toBe(1);
    const row = await memoRow(memo.id);
    expect(row.status).toBe('published');
    expect(readTime(row.published_at)?.getTime()).toBe(new Date(when).getTime());
    expect(readBool(row.notification_sent)).toBe(true);
    expect(published).toEqual([
      { memoId: memo.id, authorId: ada.id, publishedAt: new Date(when), reason: 'scheduled' },
    ]);
    const seen = await t.app.inject({ url: `/api/memo/${memo.id}`, headers: stranger.headers });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      status: 'published',
      isScheduled: false,
      notification_sent: true,
    });

    // once published it cannot be scheduled again
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/memo/${memo.id}`,
      headers: ada.headers,
      payload: {
        title: 'x',
        memos_per_collection: [pub],
        isScheduled: true,
        memo_scheduled: later(5),
      },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().violations[0]).toMatchObject({ propertyPath: 'memo_scheduled' });
  });

  it('rescheduling moves the one job; turning the schedule off publishes now; deleting cancels', async () => {
    const memo = (await schedule(later(2))).json();
    const edit = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/memo/${memo.id}`,
        headers: ada.headers,
        payload: { title: 'Later', memos_per_collection: [pub], ...payload },
      });
    const moved = later(10);
    expect((await edit({ isScheduled: true, memo_scheduled: moved })).statusCode).toBe(200);
    const jobs = await jobsFor(memo.id);
    expect(jobs).toHaveLength(1);
    expect(readTime(jobs[0]?.run_at)?.getTime()).toBe(new Date(moved).getTime());
    expect(readJson<{ at: string }>(jobs[0]?.payload, { at: '' }).at).toBe(
      new Date(moved).toISOString(),
    );
    // the old time passes: nothing happens
    expect(await t.app.jobs.runDue({ now: new Date(Date.now() + 3 * HOUR) })).toBe(0);
    expect((await memoRow(memo.id)).status).toBe('scheduled');

    const now = await edit({ isScheduled: false });
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({ status: 'published', isScheduled: false });
    expect(await jobsFor(memo.id)).toEqual([]);
    expect(published).toEqual([
      expect.objectContaining({ memoId: memo.id, reason: 'unscheduled' }),
    ]);

    const other = (await schedule(later(4))).json();
    expect(await jobsFor(other.id)).toHaveLength(1);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/memo/${other.id}`,
      headers: ada.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(await jobsFor(other.id)).toEqual([]);
  });

  it('the publish job survives a restart: queued by one app, run by a new one on the same database', async () => {
    const first = await createTestApp();
    try {
      const author = await signedInUser(first, { name: 'Restart' });
      await grantRules(first, author.id, { silver: true });
      const collection = await insertCollection(first, author.id, 'public');
      const when = later(1);
      const res = await first.app.inject({
        method: 'POST',
        url: '/api/memo',
        headers: author.headers,
        payload: {
          title: 'R',
          memos_per_collection: [collection],
          isScheduled: true,
          memo_scheduled: when,
        },
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().id as number;
      await first.app.close();

      const second = await buildApp({
        config: first.config,
        database: first.database,
        secrets: first.secrets,
        logger: false,
      });
      try {
        await second.ready();
        const events: number[] = [];
        second.memos.events.onMemoPublished((e) => {
          events.push(e.memoId);
        });
        expect(await second.jobs.runDue({ now: new Date(new Date(when).getTime() + 1) })).toBe(1);
        expect(events).toEqual([id]);
        const row = await first.database.db
          .selectFrom('memos')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('published');
        expect(readBool(row.notification_sent)).toBe(true);
        const visitor = await second.inject({ url: `/api/p/memo/${id}` });
        expect(visitor.statusCode).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});
