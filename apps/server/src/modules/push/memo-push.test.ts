import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { CollectionType } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { connectUsers } from '../../test/social.js';
import { insertCollection } from '../../test/content.js';
import {
  PERSON_KINDS as PEOPLE,
  buildViewerWorld,
  type PersonKind,
  type ViewerWorld,
  type ViewerKind,
} from '../../test/viewer-world.js';
import { browserKeys, startPushReceiver, type PushReceiver } from './test-support.js';

/**
 * POST /api/memo/{id}/push-notification: who may send it, who receives it (the people who
 * may see the memo, never the author, never across a block), and once per 10 minutes.
 */
describeDb('push about a memo to its audience', () => {
  let t: TestApp;
  let w: ViewerWorld;
  let receiver: PushReceiver;
  const keys = new Map<string, ReturnType<typeof browserKeys>>();

  beforeAll(async () => {
    receiver = await startPushReceiver();
    t = await createTestApp({
      config: { fetch: { allowHosts: ['127.0.0.1'], allowPrivate: false } },
    });
    w = await buildViewerWorld(t);
    // every person (and the author) has a browser subscribed, at /u/<name>
    for (const [name, person] of [['author', w.author], ...Object.entries(w.people)] as Array<
      [string, SignedIn]
    >) {
      const k = browserKeys();
      keys.set(name, k);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push_token',
        headers: person.headers,
        payload: {
          token: JSON.stringify({
            endpoint: `${receiver.origin}/u/${name}`,
            keys: { p256dh: k.p256dh, auth: k.auth },
          }),
        },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  async function memoIn(collection: string, headers = w.author.headers, extra = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers,
      payload: { title: 'Harvest party', memos_per_collection: [collection], ...extra },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().id as number;
  }

  const pushAbout = (id: number | string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/memo/${id}/push-notification`, headers });

  /**
   * Whose browsers got the push about this memo (decrypted with their keys): other modules
   * push too (a new memo notifies followers), so only this push's tag counts.
   */
  const reached = (memoId: number) =>
    receiver.received
      .map((r) => {
        const name = r.path.replace('/u/', '');
        const payload = JSON.parse(keys.get(name)!.decrypt(r.body)) as { tag?: string };
        return { name, tag: payload.tag };
      })
      .filter((p) => p.tag === `memo-${memoId}`)
      .map((p) => p.name)
      .sort();
  const ours = (memoId: number) =>
    receiver.received.filter((r) => {
      const payload = JSON.parse(keys.get(r.path.replace('/u/', ''))!.decrypt(r.body));
      return (payload as { tag?: string }).tag === `memo-${memoId}`;
    });

  it.each<[CollectionType, PersonKind[]]>([
    [
      'all_contacts_followers',
      ['collaborator', 'follower', 'otherContact', 'selectedContact', 'verifiedContact'],
    ],
    ['all_contacts', ['collaborator', 'otherContact', 'selectedContact', 'verifiedContact']],
    ['identified_contacts', ['collaborator', 'verifiedContact']],
    ['selected_contacts', ['collaborator', 'selectedContact']],
    // public: everyone may read it, the push goes to the author's connections and followers
    ['public', ['collaborator', 'follower', 'otherContact', 'selectedContact', 'verifiedContact']],
    ['private', []],
  ])('a memo in a %s collection reaches %j', async (type, expected) => {
    const id = await memoIn(w.collections[type]);
    const res = await pushAbout(id, w.author.headers);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ recipients: expected.length });
    await t.app.jobs.runDue();
    expect(reached(id)).toEqual([...expected].sort());
    // every one reached may read the memo; the others of the world who may not are not reached
    for (const kind of PEOPLE) {
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/memo/${id}`,
        headers: w.people[kind].headers,
      });
      if (expected.includes(kind)) expect(read.statusCode, kind).toBe(200);
      else if (type !== 'public' || kind === 'blocked') expect(read.statusCode, kind).not.toBe(200);
    }
    // what they get is about the memo and opens it
    if (expected.length > 0) {
      const first = ours(id)[0]!;
      const name = first.path.replace('/u/', '');
      expect(JSON.parse(keys.get(name)!.decrypt(first.body))).toEqual({
        title: 'Ada Author',
        body: 'Harvest party',
        url: `/memo/${id}`,
        tag: `memo-${id}`,
      });
    }
  });

  it('lets only the author (or a delegate acting as them) send it, once per 10 minutes', async () => {
    const id = await memoIn(w.collections.all_contacts_followers);
    const refused: Array<[ViewerKind, number]> = [
      ['visitor', 401],
      ['blocked', 404],
      ['stranger', 403],
      ['follower', 403],
      ['collaborator', 403],
    ];
    for (const [kind, status] of refused) {
      const res = await pushAbout(id, w.headers[kind]);
      expect(res.statusCode, kind).toBe(status);
    }
    const forbidden = await pushAbout(id, w.headers.follower);
    expect(forbidden.json().message).toBe(
      'Only the author of the memo or the owner of its collection can send a push about it.',
    );
    await t.app.jobs.runDue();
    expect(ours(id)).toEqual([]);

    expect((await pushAbout(id, w.headers.delegate)).statusCode).toBe(202);
    const again = await pushAbout(id, w.author.headers);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(
      'A push about this memo was sent recently. You can send another in 10 minutes.',
    );
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(500);
    // ten minutes later it may go again
    await t.database.db
      .updateTable('push_memo_sends')
      .set({ sent_at: t.database.dialect.time(new Date(Date.now() - 10 * 60_000 - 1000)) })
      .where('memo_id', '=', id)
      .execute();
    expect((await pushAbout(id, w.author.headers)).statusCode).toBe(202);
    await t.app.jobs.runDue();
    // two sends, five people each
    expect(ours(id)).toHaveLength(10);
    expect(reached(id)).not.toContain('author');
  });

  it('lets the owner of the collection send a push about a memo a collaborator added', async () => {
    const id = await memoIn(w.collections.all_contacts, w.people.collaborator.headers);
    const res = await pushAbout(id, w.author.headers);
    expect(res.statusCode).toBe(202);
    await t.app.jobs.runDue();
    // the collection's audience and its owner, without the memo's own author
    expect(reached(id)).toEqual(['author', 'otherContact', 'selectedContact', 'verifiedContact']);
  });

  it('refuses unknown memos and memos that are not published', async () => {
    expect((await pushAbout(999999, w.author.headers)).statusCode).toBe(404);
    expect((await pushAbout('abc', w.author.headers)).statusCode).toBe(404);
    const scheduled = await t.database.db
      .updateTable('memos')
      .set({ status: 'scheduled' })
      .where('id', '=', await memoIn(w.collections.all_contacts))
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await pushAbout(scheduled.id, w.author.headers);
    expect(res.statusCode).toBe(409);
    expect(
      await t.database.db
        .selectFrom('push_memo_sends')
        .select('memo_id')
        .where('memo_id', '=', scheduled.id)
        .execute(),
    ).toEqual([]);
  });

  it("sends a push about another person's memo to their audience only", async () => {
    // an outsider connected to the stranger only: the stranger's memo is not the author's audience
    const other = await signedInUser(t, { name: 'Olga' });
    await connectUsers(t, other.id, w.people.stranger.id);
    const collection = await insertCollection(t, w.people.stranger.id, 'all_contacts');
    const id = await memoIn(collection, w.people.stranger.headers);
    expect((await pushAbout(id, w.people.stranger.headers)).json()).toEqual({ recipients: 1 });
    await t.app.jobs.runDue();
    expect(reached(id)).toEqual([]);
  });
});
