import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { buildViewerWorld, type ViewerWorld, type ViewerKind } from '../../test/viewer-world.js';
import { HYDRA, countRows, eventsOf, postMemo, setFlags } from '../comments/test-support.js';

const MAY_REACT: Record<ViewerKind, number> = {
  author: 201,
  delegate: 201,
  collaborator: 201,
  selectedContact: 201,
  verifiedContact: 201,
  otherContact: 201,
  follower: 201,
  stranger: 403,
  visitor: 401,
  blocked: 404,
};

describeDb('reactions on memos', () => {
  let t: TestApp;
  let w: ViewerWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildViewerWorld(t);
  });
  afterAll(() => t?.close());

  const react = (headers: Record<string, string>, memoId: number, reaction_type: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/memo/reaction',
      headers,
      payload: { memo: `/api/memo/${memoId}`, reaction_type },
    });
  const readMemo = async (memoId: number, headers: Record<string, string>) =>
    (await t.app.inject({ url: `/api/memo/${memoId}`, headers })).json();

  it('each kind of viewer: may react or not; counts seen only by the circle', async () => {
    const memoId = await postMemo(t, w.author.headers, w.collections.public);
    let expected = 0;
    for (const [kind, status] of Object.entries(MAY_REACT) as Array<[ViewerKind, number]>) {
      const res = await react(w.headers[kind], memoId, 'like');
      expect([kind, res.statusCode]).toEqual([kind, status]);
      // the delegate acts as the author: the same person's reaction
      if (status === 201 && kind !== 'delegate') expected += 1;
    }
    const forAuthor = await readMemo(memoId, w.author.headers);
    expect(forAuthor.reactions).toEqual({ like: expected });
    expect(forAuthor.my_reaction).toBe('like');
    expect(typeof forAuthor.my_reaction_id).toBe('number');
    const forFollower = await readMemo(memoId, w.headers.follower);
    expect(forFollower).toMatchObject({ reactions: { like: expected }, my_reaction: 'like' });
    // a stranger and a visitor read the public memo but not its reactions
    for (const headers of [w.headers.stranger, {}]) {
      const memo = await readMemo(memoId, headers);
      expect(memo).toMatchObject({
        reactions: {},
        my_reaction: null,
        my_reaction_id: null,
        can_react: false,
      });
    }
    const list = await t.app.inject({
      url: `/api/memo/${memoId}/reactions`,
      headers: { ...w.author.headers, ...HYDRA },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()['hydra:totalItems']).toBe(expected);
    expect(list.json()['hydra:member'][0]).toMatchObject({ reaction_type: 'like' });
    expect(list.json()['hydra:member'][0].user.name).toBeTruthy();
    for (const [headers, status] of [
      [w.headers.stranger, 403],
      [{}, 403],
      [w.headers.blocked, 404],
    ] as const) {
      const res = await t.app.inject({ url: `/api/memo/${memoId}/reactions`, headers });
      expect(res.statusCode).toBe(status);
    }
  });

  it('a second reaction moves the count; removing by id takes it away', async () => {
    const memoId = await postMemo(t, w.author.headers, w.collections.all_contacts_followers);
    const first = await react(w.headers.follower, memoId, 'like');
    expect(first.json()).toMatchObject({ reaction_type: 'like', reactions: { like: 1 } });
    await react(w.headers.otherContact, memoId, 'like');
    const moved = await react(w.headers.follower, memoId, 'love');
    expect(moved.json().id).toBe(first.json().id);
    expect(moved.json().reactions).toEqual({ like: 1, love: 1 });
    const memo = await readMemo(memoId, w.headers.follower);
    expect(memo).toMatchObject({
      reactions: { like: 1, love: 1 },
      my_reaction: 'love',
      my_reaction_id: first.json().id,
    });
    // only its owner removes a reaction
    const del = (headers: Record<string, string>, id: number | string) =>
      t.app.inject({ method: 'DELETE', url: `/api/memo/reaction/${id}`, headers });
    expect((await del(w.author.headers, first.json().id)).statusCode).toBe(404);
    expect((await del(w.headers.follower, 'abc')).statusCode).toBe(404);
    expect((await del(w.headers.follower, first.json().id)).statusCode).toBe(204);
    expect((await del(w.headers.follower, first.json().id)).statusCode).toBe(404);
    const after = await readMemo(memoId, w.headers.follower);
    expect(after).toMatchObject({
      reactions: { like: 1 },
      my_reaction: null,
      my_reaction_id: null,
    });
  });

  it('new_reaction tells the author once, never for their own reaction', async () => {
    const memoId = await postMemo(t, w.author.headers, w.collections.all_contacts);
    await react(w.headers.otherContact, memoId, 'wow');
    await react(w.headers.otherContact, memoId, 'sad');
    await react(w.author.headers, memoId, 'haha');
    expect(await eventsOf(t, memoId)).toEqual([
      { type: 'new_reaction', actor: w.people.otherContact.id, to: w.author.id },
    ]);
  });

  it('allow_reactions off: 403, nothing stored', async () => {
    const memoId = await postMemo(t, w.author.headers, w.collections.public);
    await setFlags(t, w.author.id, { allow_reactions: false });
    try {
      const before = await countRows(t, 'memo_reactions');
      const res = await react(w.headers.follower, memoId, 'like');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('The author does not allow reactions on this memo.');
      expect(await countRows(t, 'memo_reactions')).toBe(before);
      expect((await readMemo(memoId, w.headers.follower)).can_react).toBe(false);
    } finally {
      await setFlags(t, w.author.id, { allow_reactions: true });
    }
  });

  it('bad input: 4xx and nothing stored', async () => {
    const memoId = await postMemo(t, w.author.headers, w.collections.public);
    const before = await countRows(t, 'memo_reactions');
    expect((await react(w.headers.follower, memoId, 'meh')).statusCode).toBe(422);
    expect((await react(w.headers.follower, 987654, 'like')).statusCode).toBe(404);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/memo/reaction',
      headers: w.headers.follower,
      payload: { memo: `/api/memo/${memoId}`, reaction_type: 'like', user: 1 },
    });
    expect(extra.statusCode).toBe(422);
    const noMemo = await t.app.inject({
      method: 'POST',
      url: '/api/memo/reaction',
      headers: w.headers.follower,
      payload: { reaction_type: 'like' },
    });
    expect(noMemo.statusCode).toBe(422);
    expect(await countRows(t, 'memo_reactions')).toBe(before);
  });

  describe('counts on every memo read', () => {
    it('lists (signed in and public) carry reactions, my_reaction and my_reaction_id', async () => {
      const memoId = await postMemo(t, w.author.headers, w.collections.public, 'listed');
      const mine = (await react(w.headers.follower, memoId, 'haha')).json();
      await react(w.headers.otherContact, memoId, 'haha');
      const urls = [
        `/api/collection/${w.collections.public}/memo?itemsPerPage=50`,
        `/api/user/${w.author.id}/memo?itemsPerPage=50`,
      ];
      for (const url of urls) {
        const res = await t.app.inject({ url, headers: w.headers.follower });
        const memo = res.json().find((m: { id: number }) => m.id === memoId);
        expect([url, memo]).toEqual([
          url,
          expect.objectContaining({
            reactions: { haha: 2 },
            my_reaction: 'haha',
            my_reaction_id: mine.id,
            can_react: true,
          }),
        ]);
      }
      const pub = await t.app.inject({
        url: `/api/p/collection/${w.collections.public}/memo?itemsPerPage=50`,
      });
      const memo = pub.json().find((m: { id: number }) => m.id === memoId);
      expect(memo).toMatchObject({ reactions: {}, my_reaction: null, my_reaction_id: null });
      const ids = await t.app.memos.presentIds({ userId: w.people.otherContact.id }, [memoId]);
      expect(ids[0]).toMatchObject({ reactions: { haha: 2 }, my_reaction: 'haha' });
    });
  });
});
