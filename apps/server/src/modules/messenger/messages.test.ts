import { afterAll, beforeAll, expect, it } from 'vitest';
import { DELETED_MESSAGE_TEXT } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser } from '../../test/factories.js';
import { blockUser } from '../../test/social.js';
import { circle, countOf, directThread, groupThread, HYDRA, send, sent } from './test-support.js';

describeDb('messenger: messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const page = (headers: Record<string, string>, id: number, query: string) =>
    t.app.inject({ url: `/api/thread/${id}/messages?${query}`, headers: { ...headers, ...HYDRA } });

  it('numbers messages per thread; newest page first, 20 a page, each page in order', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await directThread(t, ada!, bob!);
    for (let i = 1; i <= 25; i += 1)
      await sent(t, i % 2 ? ada!.headers : bob!.headers, id, `m${i}`);
    const first = (await page(bob!.headers, id, 'page=1')).json();
    expect(first['hydra:totalItems']).toBe(25);
    expect(first['hydra:member'].map((m: { description: string }) => m.description)).toEqual(
      Array.from({ length: 20 }, (_, i) => `m${i + 6}`),
    );
    expect(first['hydra:member'].map((m: { seq: number }) => m.seq)[0]).toBe(6);
    const second = (await page(bob!.headers, id, 'page=2&itemsPerPage=20')).json();
    expect(second['hydra:member'].map((m: { seq: number }) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(second['hydra:totalItems']).toBe(25);
    // past the end no row carries the count
    const past = (await page(bob!.headers, id, 'page=3')).json();
    expect(past['hydra:member']).toEqual([]);
    expect(past['hydra:totalItems']).toBe(25);
    const after = (await page(bob!.headers, id, 'after_seq=22')).json();
    expect(after['hydra:member'].map((m: { seq: number }) => m.seq)).toEqual([23, 24, 25]);
    expect(after['hydra:totalItems']).toBe(3);
    const message = first['hydra:member'][19];
    expect(message).toMatchObject({
      '@id': `/api/thread/message/${message.id}`,
      thread: `/api/thread/${id}`,
      edited: false,
      status: 'sent',
      messageToReply: null,
      reactions: [],
      message_photos: [],
      message_documents: [],
      sent_by: null,
      user: { id: ada!.id },
    });
    // the sender has read their own message; the other has not yet
    expect(message.read_by_users).toEqual([]);
    await t.app.inject({ method: 'POST', url: `/api/thread/${id}/read`, headers: bob!.headers });
    const reread = (await page(ada!.headers, id, 'page=1')).json()['hydra:member'][19];
    expect(reread.read_by_users).toEqual([bob!.id]);
    const outsider = await signedInUser(t);
    expect((await page(outsider.headers, id, 'page=1')).statusCode).toBe(404);
  });

  it('sends at once from several people: numbers 1..n, each once, no gap', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const id = await groupThread(t, ada!, [bob!, cy!]);
    const senders = [ada!, bob!, cy!];
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => send(t, senders[i % 3]!.headers, id, `c${i}`)),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const seqs = results.map((r) => r.json().message.seq as number).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    const thread = (await t.app.inject({ url: `/api/thread/${id}`, headers: ada!.headers })).json();
    expect(thread.last_seq).toBe(15);
  });

  it('a retried send with the same key answers the same message and stores one', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await directThread(t, ada!, bob!);
    const before = await countOf(t, 'thread_messages');
    const key = 'client-key-1';
    const first = await send(t, ada!.headers, id, 'once', { key });
    const results = await Promise.all(
      [1, 2, 3].map(() => send(t, ada!.headers, id, 'once', { key })),
    );
    for (const res of [first, ...results]) {
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toMatchObject({ id: first.json().message.id, key, seq: 1 });
    }
    expect(await countOf(t, 'thread_messages')).toBe(before + 1);
    // the same key from the other person is their own message
    const theirs = await send(t, bob!.headers, id, 'mine', { key });
    expect(theirs.json().message.id).not.toBe(first.json().message.id);
    expect(theirs.json().message.seq).toBe(2);
  });

  it('replies answer message and originalMessage; bad input is refused and stores nothing', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const id = await directThread(t, ada!, bob!);
    const other = await directThread(t, ada!, cy!);
    const original = await sent(t, bob!.headers, id, 'question?');
    const elsewhere = await sent(t, cy!.headers, other, 'elsewhere');
    const reply = await send(t, ada!.headers, id, 'answer', {
      reply_to_message: `/api/thread/message/${original.id}`,
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().message.messageToReply).toMatchObject({
      id: original.id,
      description: 'question?',
    });
    expect(reply.json().originalMessage).toMatchObject({ id: original.id });
    const before = await countOf(t, 'thread_messages');
    const cases: Array<[number, unknown, Record<string, unknown>, number, string?]> = [
      [id, '', {}, 422, 'A message needs text, a photo or a document.'],
      [id, '[empty]', {}, 422],
      [id, '   ', {}, 422],
      [id, null, {}, 422],
      [id, 'x'.repeat(10_000), {}, 422],
      [id, 'photo', { message_photos: ['/api/media/1'] }, 422],
      [id, 'hi', { reply_to_message: `/api/thread/message/${elsewhere.id}` }, 404],
      [id, 'hi', { reply_to_message: '/api/thread/message/99999999' }, 404],
      [id, 'hi', { user: ada!.id }, 422],
      [999999, 'hi', {}, 404],
      [other, 'hi', {}, 200],
    ];
    for (const [threadId, text, extra, status, message] of cases) {
      const res = await send(t, (status === 200 ? cy : bob)!.headers, threadId, text, extra);
      if (status === 200) continue;
      expect([threadId, extra, res.statusCode]).toEqual([threadId, extra, status]);
      if (message) expect(res.json().message).toBe(message);
    }
    const notMember = await send(t, bob!.headers, other, 'let me in');
    expect(notMember.statusCode).toBe(404);
    const badIri = await t.app.inject({
      method: 'POST',
      url: '/api/thread/message',
      headers: ada!.headers,
      payload: { thread: '/api/memo/1', description: 'hi' },
    });
    expect(badIri.statusCode).toBe(404);
    expect(await countOf(t, 'thread_messages')).toBe(before + 1);
  });

  it('a block ends a direct conversation both ways; what was said stays readable', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await directThread(t, ada!, bob!);
    const said = await sent(t, ada!.headers, id, 'before');
    await blockUser(t, bob!.id, ada!.id);
    for (const who of [ada!, bob!]) {
      const res = await send(t, who.headers, id, 'after');
      expect(res.statusCode).toBe(403);
    }
    const react = await t.app.inject({
      method: 'PATCH',
      url: `/api/thread/message/${said.id}/reaction`,
      headers: bob!.headers,
      payload: { unicode: '👍' },
    });
    expect(react.statusCode).toBe(403);
    const read = (await page(bob!.headers, id, 'page=1')).json();
    expect(read['hydra:member'].map((m: { description: string }) => m.description)).toEqual([
      'before',
    ]);
  });

  it('edit: the author only, edited with its history; delete: the author or a group admin', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const id = await groupThread(t, ada!, [bob!, cy!]);
    const mine = await sent(t, bob!.headers, id, 'first text');
    const edit = (headers: Record<string, string>, msg: number | string, description: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/thread/message/${msg}`,
        headers,
        payload: { description },
      });
    const byOther = await edit(ada!.headers, mine.id, 'hacked');
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe('Only the author can change this message.');
    expect((await edit(bob!.headers, mine.id, '')).statusCode).toBe(422);
    expect((await edit(bob!.headers, mine.id, 'y'.repeat(10_000))).statusCode).toBe(422);
    expect((await edit(bob!.headers, 'nope', 'x')).statusCode).toBe(404);
    const outsider = await signedInUser(t);
    expect((await edit(outsider.headers, mine.id, 'x')).statusCode).toBe(404);
    const edited = await edit(bob!.headers, mine.id, 'second text');
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ description: 'second text', edited: true });
    expect(edited.json().edit_history).toEqual([
      { description: 'first text', edited_at: expect.any(String) },
    ]);

    const del = (headers: Record<string, string>, msg: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/thread/message/${msg}`, headers });
    expect((await del(cy!.headers, mine.id)).statusCode).toBe(403);
    const byAdmin = await del(ada!.headers, mine.id);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({
      status: 'deleted',
      description: DELETED_MESSAGE_TEXT,
      edit_history: [],
      message_photos: [],
      message_documents: [],
    });
    expect((await edit(bob!.headers, mine.id, 'back')).statusCode).toBe(409);
    const own = await sent(t, cy!.headers, id, 'mine to delete');
    expect((await del(cy!.headers, own.id)).statusCode).toBe(200);
  });

  it('reactions: one emoji each, with who and when; ?remove=true takes it back', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await directThread(t, ada!, bob!);
    const msg = await sent(t, ada!.headers, id, 'react to me');
    const react = (headers: Record<string, string>, unicode: unknown, remove = false) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/thread/message/${msg.id}/reaction${remove ? '?remove=true' : ''}`,
        headers,
        payload: { unicode },
      });
    const before = await countOf(t, 'thread_message_reactions');
    for (const bad of ['a', ':)', '👍👍', '', 'like', 12]) {
      const res = await react(bob!.headers, bad);
      expect([bad, res.statusCode]).toEqual([bad, 422]);
    }
    expect(await countOf(t, 'thread_message_reactions')).toBe(before);
    const outsider = await signedInUser(t);
    expect((await react(outsider.headers, '👍')).statusCode).toBe(404);
    await react(bob!.headers, '👍');
    await react(bob!.headers, '👍');
    await react(ada!.headers, '👍');
    const last = await react(ada!.headers, '🇧🇪');
    expect(last.statusCode).toBe(200);
    expect(last.json()).toEqual([
      {
        unicode: '👍',
        count: 2,
        users: [
          { user_id: bob!.id, reacted_at: expect.any(String) },
          { user_id: ada!.id, reacted_at: expect.any(String) },
        ],
      },
      { unicode: '🇧🇪', count: 1, users: [{ user_id: ada!.id, reacted_at: expect.any(String) }] },
    ]);
    const removed = await react(ada!.headers, '🇧🇪', true);
    expect(removed.json().map((r: { unicode: string }) => r.unicode)).toEqual(['👍']);
  });

  it('a delegate switched into an account talks as it; the person behind it is kept', async () => {
    const [account, friend] = await circle(t, 2);
    const id = await directThread(t, account!, friend!);
    const person = await signedInUser(t, { name: 'Delegate' });
    const { createDelegation } = await import('../../test/factories.js');
    const { secure_token } = await createDelegation(t, account!, person);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/switch-user',
      headers: person.headers,
      payload: { account_user: `/api/user/${account!.id}`, secure_token },
    });
    expect(switched.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${switched.json().token}` };
    const res = await send(t, headers, id, 'written by the delegate');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatchObject({ user: { id: account!.id }, sent_by: person.id });
  });
});
