import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { GROUP_NAME_REQUIRED } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser } from '../../test/factories.js';
import { blockUser } from '../../test/social.js';
import {
  circle,
  countOf,
  createThread,
  directThread,
  groupThread,
  threadEvents,
} from './test-support.js';

describeDb('messenger: starting conversations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('a direct thread between connections; a second one answers 409 with its id', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const res = await createThread(t, ada!.headers, {
      thread_type: 'direct',
      users: [`/api/user/${bob!.id}`],
    });
    expect(res.statusCode).toBe(201);
    const thread = res.json();
    expect(thread).toMatchObject({ thread_type: 'direct', name: null, unread: 0, muted: false });
    expect(thread.users.map((u: { user_id: number }) => u.user_id).sort()).toEqual(
      [ada!.id, bob!.id].sort(),
    );
    expect(thread.users.every((u: { admin: boolean }) => !u.admin)).toBe(true);
    for (const [who, other] of [
      [ada!, bob!],
      [bob!, ada!],
    ] as const) {
      const again = await createThread(t, who.headers, {
        thread_type: 'direct',
        users: [other.id],
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        id: thread.id,
        description: 'This conversation already exists.',
      });
    }
    const byUsers = (headers: Record<string, string>, id: number) =>
      t.app.inject({ url: `/api/thread-by-users?user_ids[]=${id}`, headers });
    expect((await byUsers(ada!.headers, bob!.id)).json()).toEqual({ id: thread.id });
    expect((await byUsers(bob!.headers, ada!.id)).json()).toEqual({ id: thread.id });
    expect((await byUsers(ada!.headers, cy!.id)).json()).toEqual({ id: -1 });
    expect(await threadEvents(t, thread.id)).toEqual([
      { type: 'added_to_direct_thread', to: bob!.id },
    ]);
    // the thread is its members' only
    const read = await t.app.inject({ url: `/api/thread/${thread.id}`, headers: cy!.headers });
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('Conversation not found');
  });

  it('a direct thread reads the pair in one statement, and its view once', async () => {
    // under load each statement waits for a pooled connection (docs/PERFORMANCE.md, People
    // per machine): who may talk to whom and the pair's thread are one statement, and the new
    // thread is read once for the sockets and the answer
    const [ada, bob] = await circle(t, 2);
    const reads: string[] = [];
    const observe = t.database.changes.observe.bind(t.database.changes);
    const spy = vi.spyOn(t.database.changes, 'observe').mockImplementation((text, phase, state) => {
      // the reads of the messenger and of blocks and contacts (not the notifications the new
      // thread's event makes in the background)
      if (
        phase === 'after' &&
        /^(\/\* prepared \*\/ )?select\b/.test(text) &&
        /"(threads|thread_members|blocks|contacts)"/.test(text)
      ) {
        reads.push(text);
      }
      return observe(text, phase, state);
    });
    try {
      const made = await createThread(t, ada!.headers, { thread_type: 'direct', users: [bob!.id] });
      expect(made.statusCode).toBe(201);
      // the checks, then the thread with its last message and its members
      expect(reads).toHaveLength(3);
      reads.length = 0;
      const again = await createThread(t, bob!.headers, {
        thread_type: 'direct',
        users: [ada!.id],
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ id: made.json().id });
      expect(reads).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('a stranger: refused, unless they accept direct messages; a block refuses both ways', async () => {
    const ada = await signedInUser(t);
    const eve = await signedInUser(t);
    const before = await countOf(t, 'threads');
    await t.database.db
      .updateTable('user_profiles')
      .set({ enable_direct_messages: t.database.dialect.bool(false) })
      .where('user_id', '=', eve.id)
      .execute();
    const refused = await createThread(t, ada.headers, { thread_type: 'direct', users: [eve.id] });
    expect(refused.statusCode).toBe(403);
    expect(await countOf(t, 'threads')).toBe(before);
    await t.database.db
      .updateTable('user_profiles')
      .set({ enable_direct_messages: t.database.dialect.bool(true) })
      .where('user_id', '=', eve.id)
      .execute();
    expect(
      (await createThread(t, ada.headers, { thread_type: 'direct', users: [eve.id] })).statusCode,
    ).toBe(201);

    const [max, ned] = await circle(t, 2);
    await blockUser(t, ned!.id, max!.id);
    for (const [who, other] of [
      [max!, ned!],
      [ned!, max!],
    ] as const) {
      const res = await createThread(t, who.headers, { thread_type: 'direct', users: [other.id] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You cannot send messages in this conversation.');
    }
  });

  it('bad input: 4xx and nothing stored', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const before = await countOf(t, 'threads');
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ thread_type: 'direct', users: [bob!.id, cy!.id] }, 422],
      [{ thread_type: 'direct', users: [ada!.id] }, 422],
      [{ thread_type: 'direct', users: ['/api/user/987654'] }, 404],
      [{ thread_type: 'direct', users: ['/api/memo/1'] }, 404],
      [{ thread_type: 'direct', users: [] }, 422],
      [{ thread_type: 'chat', users: [bob!.id] }, 422],
      [{ thread_type: 'group', users: [bob!.id], name: 'x'.repeat(251) }, 422],
      [{ thread_type: 'group', users: [bob!.id], name: 'Team', admin: true }, 422],
    ];
    for (const [payload, status] of cases) {
      const res = await createThread(t, ada!.headers, payload);
      expect([payload, res.statusCode]).toEqual([payload, status]);
    }
    for (const name of [undefined, '', '   ']) {
      const res = await createThread(t, ada!.headers, {
        thread_type: 'group',
        users: [bob!.id],
        name,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(GROUP_NAME_REQUIRED);
    }
    expect(
      (await createThread(t, ada!.headers, { thread_type: 'group', users: [bob!.id] })).statusCode,
    ).toBe(422);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/thread', payload: {} })).statusCode,
    ).toBe(401);
    expect(await countOf(t, 'threads')).toBe(before);
  });

  it('a group: members must be connections; same members need create_anyway', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const stranger = await signedInUser(t);
    const group = {
      thread_type: 'group',
      name: 'Friends',
      users: [bob!.id, `/api/user/${cy!.id}`],
    };
    const notConnected = await createThread(t, ada!.headers, {
      ...group,
      users: [bob!.id, stranger.id],
    });
    expect(notConnected.statusCode).toBe(403);
    expect(notConnected.json().message).toBe('Group members must be your connections.');
    const first = await createThread(t, ada!.headers, group);
    expect(first.statusCode).toBe(201);
    const thread = first.json();
    expect(thread).toMatchObject({ thread_type: 'group', name: 'Friends' });
    const admins = thread.users.filter((u: { isAdmin: boolean }) => u.isAdmin);
    expect(admins.map((u: { user_id: number }) => u.user_id)).toEqual([ada!.id]);
    const same = await createThread(t, ada!.headers, group);
    expect(same.statusCode).toBe(409);
    expect(same.json().id).toBe(thread.id);
    const anyway = await createThread(t, ada!.headers, { ...group, create_anyway: true });
    expect(anyway.statusCode).toBe(201);
    expect(anyway.json().id).not.toBe(thread.id);
    expect(await threadEvents(t, thread.id)).toEqual([
      { type: 'added_to_new_group_thread', to: bob!.id },
      { type: 'added_to_new_group_thread', to: cy!.id },
    ]);
    await blockUser(t, cy!.id, ada!.id);
    const blocked = await createThread(t, ada!.headers, { ...group, create_anyway: true });
    expect(blocked.statusCode).toBe(403);
    const id = await groupThread(t, ada!, [bob!]);
    expect(id).toBeGreaterThan(0);
  });

  it('a direct thread someone left: starting it again brings them back (409, same id)', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await directThread(t, ada!, bob!);
    const exit = await t.app.inject({
      method: 'POST',
      url: `/api/thread/${id}/exit`,
      headers: ada!.headers,
    });
    expect(exit.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: `/api/thread/${id}`, headers: ada!.headers })).statusCode,
    ).toBe(404);
    const again = await createThread(t, ada!.headers, { thread_type: 'direct', users: [bob!.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().id).toBe(id);
    expect(
      (await t.app.inject({ url: `/api/thread/${id}`, headers: ada!.headers })).statusCode,
    ).toBe(200);
  });
});
