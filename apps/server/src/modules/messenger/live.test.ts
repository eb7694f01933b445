import { afterAll, beforeAll, expect, it } from 'vitest';
import { readJson } from '../../db/dialect.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import type { SignedIn } from '../../test/factories.js';
import {
  circle,
  createThread,
  directThread,
  groupThread,
  HYDRA,
  memberRow,
  sent,
} from './test-support.js';
import { withPushDevice } from '../push/test-devices.js';
import { ofType, openSocket, type Received, type TestSocket } from './test-socket.js';

describeDb('messenger: real time', () => {
  let t: TestApp;
  const open: TestSocket[] = [];
  const tab = async (who: SignedIn, token = who.token) => {
    const socket = await openSocket(t.app, who.id, token);
    open.push(socket);
    return socket;
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const s of open) s.socket.terminate();
    await t?.close();
  });

  it('thread created, new messages (committed first), acknowledgements, typing', async () => {
    const [ada, bob, cy] = await circle(t, 3, ['Ada', 'Bob', 'Cy']);
    const bobs = await tab(bob!);
    const cys = await tab(cy!);
    const id = await directThread(t, ada!, bob!);
    const created = await bobs.next(ofType('thread_created'));
    expect(created.thread).toMatchObject({ id, thread_type: 'direct' });

    const msg = await sent(t, ada!.headers, id, 'hello bob');
    const live = await bobs.next(ofType('new_message'));
    expect(live).toMatchObject({
      thread_id: id,
      message: { id: msg.id, seq: 1, description: 'hello bob' },
    });
    // pushed after the commit: a read at once finds it
    const read = await t.app.inject({
      url: `/api/thread/${id}/messages?after_seq=0`,
      headers: bob!.headers,
    });
    expect(read.json().map((m: { id: number }) => m.id)).toEqual([msg.id]);
    // the acknowledgement moves bob's delivered number
    bobs.send({ message_type: 'new_message', message_id: msg.id, thread_id: id });
    await expect
      .poll(async () => (await memberRow(t, id, bob!.id)).delivered_seq, { timeout: 5000 })
      .toBe(1);

    // typing goes to the other members only, at most once per 3 s
    const adas = await tab(ada!);
    adas.send({ message_type: 'typing', thread_id: id });
    adas.send({ message_type: 'typing', thread_id: id });
    const typing = await bobs.next(ofType('typing'));
    expect(typing).toMatchObject({ thread_id: id, user_id: ada!.id, name: 'Ada' });
    await new Promise((r) => setTimeout(r, 200));
    expect(bobs.received.filter(ofType('typing'))).toHaveLength(1);
    // an outsider's typing or acknowledgement is ignored
    cys.send({ message_type: 'typing', thread_id: id });
    await new Promise((r) => setTimeout(r, 200));
    expect(bobs.received.filter(ofType('typing'))).toHaveLength(1);
    expect(cys.received.filter(ofType('new_message'))).toHaveLength(0);

    // edits, reactions, read state
    await t.app.inject({
      method: 'PATCH',
      url: `/api/thread/message/${msg.id}`,
      headers: ada!.headers,
      payload: { description: 'hi bob' },
    });
    expect((await bobs.next(ofType('message_edited'))).message).toMatchObject({
      description: 'hi bob',
      edited: true,
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/thread/message/${msg.id}/reaction`,
      headers: bob!.headers,
      payload: { unicode: '🎉' },
    });
    expect((await adas.next(ofType('message_reactions'))).reactions).toEqual([
      { unicode: '🎉', count: 1, users: [{ user_id: bob!.id, reacted_at: expect.any(String) }] },
    ]);
    await t.app.inject({ method: 'POST', url: `/api/thread/${id}/read`, headers: bob!.headers });
    expect(await adas.next(ofType('thread_read'))).toMatchObject({
      thread_id: id,
      user_id: bob!.id,
      last_read_seq: 1,
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/thread/message/${msg.id}`,
      headers: ada!.headers,
    });
    expect((await bobs.next(ofType('message_deleted'))).message).toMatchObject({
      status: 'deleted',
    });
  });

  it('members changed and removed from thread; the chat token opens the socket', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const tokenRes = await t.app.inject({ url: '/api/chat-token', headers: cy!.headers });
    expect(tokenRes.statusCode).toBe(200);
    const cys = await tab(cy!, tokenRes.json().chat_token);
    const bobs = await tab(bob!);
    const id = await groupThread(t, ada!, [bob!, cy!]);
    await cys.next(ofType('thread_created'));
    await t.app.inject({
      method: 'DELETE',
      url: `/api/thread/${id}/user/${cy!.id}`,
      headers: ada!.headers,
    });
    expect(await cys.next(ofType('removed_from_thread'))).toMatchObject({ thread_id: id });
    const updated = await bobs.next((m) => m.message_type === 'thread_updated');
    expect((updated.thread as { users: unknown[] }).users).toHaveLength(2);
    await sent(t, ada!.headers, id, 'after cy left');
    await bobs.next(ofType('new_message'));
    expect(cys.received.filter(ofType('new_message'))).toHaveLength(0);
    const noToken = await createThread(t, {}, {});
    expect(noToken.statusCode).toBe(401);
  });

  it('a web push goes to members with no open socket, unless they muted the thread', async () => {
    const [ada, bob, cy, dan] = await circle(t, 4, ['Ada', 'Bob', 'Cy', 'Dan']);
    const id = await groupThread(t, ada!, [bob!, cy!, dan!]);
    await tab(bob!);
    await t.app.inject({ method: 'POST', url: `/api/thread/${id}/mute`, headers: dan!.headers });
    for (const member of [bob!, cy!, dan!]) await withPushDevice(t, member);
    const pushes = async () => {
      const rows = await t.database.db
        .selectFrom('jobs')
        .select('payload')
        .where('type', '=', 'push.fanout')
        .execute();
      return rows
        .map((r) =>
          readJson<{ userIds?: number[]; message: { url: string; title: string; body: string } }>(
            r.payload,
            { message: { url: '', title: '', body: '' } },
          ),
        )
        .filter((p) => p.message.url === `/messages/t/${id}` && p.message.title === 'Ada');
    };
    await sent(t, ada!.headers, id, 'are you there?');
    expect(await pushes()).toEqual([
      {
        userIds: [cy!.id],
        message: {
          title: 'Ada',
          body: 'are you there?',
          url: `/messages/t/${id}`,
          tag: `thread-${id}`,
        },
      },
    ]);
  });

  it('resume: a socket cut mid-stream gets every message exactly once, in order', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await directThread(t, ada!, bob!);
    const applied: number[] = [];
    let last = 0;
    let queue = Promise.resolve();
    const serial = (work: () => Promise<void>) => {
      queue = queue.then(work);
      return queue;
    };
    /** The client's catch-up: everything after the last applied number, page by page. */
    const catchUp = async () => {
      for (;;) {
        const res = await t.app.inject({
          url: `/api/thread/${id}/messages?after_seq=${last}&itemsPerPage=7`,
          headers: { ...bob!.headers, ...HYDRA },
        });
        const page = res.json()['hydra:member'] as Array<{ seq: number }>;
        for (const m of page) if (m.seq === last + 1) applied.push((last = m.seq));
        if (page.length < 7) return;
      }
    };
    const onLive = (m: Received) => {
      if (m.message_type !== 'new_message') return;
      const seq = (m.message as { seq: number }).seq;
      void serial(async () => {
        if (seq <= last) return;
        if (seq > last + 1) await catchUp();
        if (seq === last + 1) applied.push((last = seq));
      });
    };
    const first = await tab(bob!);
    first.onMessage(onLive);
    const sendMany = async (from: number, to: number) => {
      for (let i = from; i <= to; i += 1) await sent(t, ada!.headers, id, `n${i}`);
    };
    await sendMany(1, 5);
    await expect.poll(() => last).toBe(5);
    // the socket is cut when the 8th arrives, while ada keeps sending
    first.onMessage((m) => {
      if ((m.message as { seq?: number } | undefined)?.seq === 8) first.socket.terminate();
    });
    await sendMany(6, 20);
    const beforeCut = first.received.filter(ofType('new_message')).length;
    expect(beforeCut).toBeGreaterThanOrEqual(8);
    expect(beforeCut).toBeLessThan(20);
    const second = await tab(bob!);
    second.onMessage(onLive);
    const more = sendMany(21, 30);
    await serial(catchUp);
    await more;
    await expect.poll(() => last, { timeout: 5000 }).toBe(30);
    await queue;
    expect(applied).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // the new socket carried live messages too (not only the catch-up)
    expect(second.received.filter(ofType('new_message')).length).toBeGreaterThan(0);
  });
});
