import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMO_WATCH } from '@memoria/domain';
import type { FastifyInstance } from 'fastify';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import {
  startTwoInstances,
  twoInstancesSkipReason,
  type TwoInstances,
} from '../test/two-instances.js';
import { signedInUser, type SignedIn } from '../test/factories.js';
import { blockUser, connectUsers } from '../test/social.js';
import { insertCollection } from '../test/content.js';
import { openTestSocket, type TestSocket } from '../test/test-socket.js';
import { CLOSE_CODES, SOCKET } from './index.js';
import { onlineAnywhere, whoIsOnline } from './hub.js';

/** A user's socket, connected over the network like a browser's. */
function connect(
  app: FastifyInstance,
  userId: number | string,
  token: string,
  options: { autoPong?: boolean } = {},
): Promise<TestSocket> {
  const query = `user_id=${encodeURIComponent(String(userId))}&token=${encodeURIComponent(token)}`;
  return openTestSocket(app, query, options);
}

const of = (type: string) => (message: Record<string, unknown>) => message.message_type === type;
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

/**
 * Sends a `watch_memos` (any body: malformed ones too) and waits until the server has read
 * it: the pong of a ping sent after it comes back.
 */
async function watch(inbox: TestSocket, memoIds: unknown, readMsAgo?: number): Promise<void> {
  const pongs = inbox.received.filter(of('pong')).length;
  inbox.send({ message_type: 'watch_memos', memo_ids: memoIds, read_ms_ago: readMsAgo });
  inbox.send({ message_type: 'ping' });
  await expect.poll(() => inbox.received.filter(of('pong')).length).toBe(pongs + 1);
}

/** The memo_changed messages of one memo a socket received, by change. */
const changesOf = (inbox: TestSocket, memoId: number) =>
  inbox.received
    .filter((m) => m.message_type === 'memo_changed' && m.memo_id === memoId)
    .map((m) => m.change);

/** An author, a contact of theirs, and the author's memo in a collection all contacts see. */
async function memoSeenByContact(t: TestApp, payload: Record<string, unknown>) {
  const author = await signedInUser(t);
  const contact = await signedInUser(t);
  await connectUsers(t, author.id, contact.id);
  const shared = await insertCollection(t, author.id, 'all_contacts');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/memo',
    headers: author.headers,
    payload: { ...payload, memos_per_collection: [`/api/collection/${shared}`] },
  });
  expect(created.statusCode).toBe(201);
  const memo = created.json() as {
    id: number;
    memo_todos: Array<{ '@id'?: string; id?: number }>;
  };
  return { author, contact, shared, memo };
}

/** Logs the user out, which ends the session their sockets were opened with. */
function logOut(t: TestApp, who: SignedIn) {
  return t.app.inject({
    method: 'POST',
    url: '/api/logout',
    headers: who.headers,
    payload: { refresh_token: who.refresh_token },
  });
}

describeDb('realtime socket', () => {
  let t: TestApp;
  const open: TestSocket[] = [];
  const tab = async (who: SignedIn) => {
    const inbox = await connect(t.app, who.id, who.token);
    open.push(inbox);
    return inbox;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const inbox of open) inbox.socket.terminate();
    await t.close();
  });

  it('connects with the access token and answers ping with pong', async () => {
    const ada = await signedInUser(t);
    const inbox = await tab(ada);
    expect(t.app.realtime.onlineUserIds()).toContain(ada.id);
    inbox.socket.send(JSON.stringify({ message_type: 'ping' }));
    expect(await inbox.next(of('pong'))).toEqual({ message_type: 'pong' });
  });

  it('refuses a missing, bad, foreign or ended token before the upgrade', async () => {
    const ada = await signedInUser(t);
    const bob = await signedInUser(t);
    const refused = async (userId: number | string, token: string) =>
      connect(t.app, userId, token).then(
        () => 'upgraded',
        (error: Error) => error.message,
      );
    expect(await refused(ada.id, '')).toBe('HTTP 401');
    expect(await refused(ada.id, 'not-a-jwt')).toBe('HTTP 401');
    expect(await refused(ada.id, `${ada.token}x`)).toBe('HTTP 401');
    expect(await refused(bob.id, ada.token)).toBe('HTTP 401');
    expect(await refused('abc', ada.token)).toBe('HTTP 401');
    const plain = await t.app.inject({ url: `/api/ws?user_id=${ada.id}` });
    expect(plain.statusCode).toBe(401);
    const noUpgrade = await t.app.inject({
      url: `/api/ws?user_id=${ada.id}&token=${encodeURIComponent(ada.token)}`,
    });
    expect([noUpgrade.statusCode, noUpgrade.json().status]).toEqual([400, 400]);

    const logout = await logOut(t, ada);
    expect(logout.statusCode).toBeLessThan(300);
    expect(await refused(ada.id, ada.token)).toBe('HTTP 401');

    const cy = await signedInUser(t);
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: t.database.dialect.time(new Date()) })
      .where('id', '=', cy.id)
      .execute();
    expect(await refused(cy.id, cy.token)).toBe('HTTP 401');
  });

  it('delivers to every tab of the users named and to nobody else', async () => {
    const ada = await signedInUser(t);
    const bob = await signedInUser(t);
    const first = await tab(ada);
    const second = await tab(ada);
    const other = await tab(bob);
    await t.app.realtime.sendToUsers([ada.id], { message_type: 'unread_count', unread: 3 });
    expect(await first.next(of('unread_count'))).toEqual({
      message_type: 'unread_count',
      unread: 3,
    });
    expect(await second.next(of('unread_count'))).toEqual({
      message_type: 'unread_count',
      unread: 3,
    });
    await settle();
    expect(other.received.filter(of('unread_count'))).toEqual([]);
  });

  it('a closed tab is forgotten; the user stays online while another is open', async () => {
    const ada = await signedInUser(t);
    const first = await tab(ada);
    const second = await tab(ada);
    first.socket.close();
    await first.closed;
    await settle();
    expect(t.app.realtime.onlineUserIds()).toContain(ada.id);
    second.socket.close();
    await second.closed;
    await settle();
    expect(t.app.realtime.onlineUserIds()).not.toContain(ada.id);
  });

  /** The author's edit of a memo in `shared` (its collection, kept). */
  async function edit(author: SignedIn, memoId: number, shared: string, title: string) {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/memo/${memoId}`,
      headers: author.headers,
      payload: { title, memos_per_collection: [`/api/collection/${shared}`] },
    });
    expect(put.statusCode).toBe(200);
  }

  const changed = (memoId: number, change: string) => (m: Record<string, unknown>) =>
    m.message_type === 'memo_changed' && m.memo_id === memoId && m.change === change;

  it('memo_changed for an edit, a comment, a reaction: to the watchers who may see the memo', async () => {
    const { author, contact, shared, memo } = await memoSeenByContact(t, {
      title: 'Live',
      memo_todos: [{ description: 'one' }],
    });
    const idle = await signedInUser(t);
    await connectUsers(t, author.id, idle.id);
    const stranger = await signedInUser(t);
    const blocked = await signedInUser(t);
    await connectUsers(t, author.id, blocked.id);
    await blockUser(t, author.id, blocked.id);
    const inboxes = {
      author: await tab(author),
      contact: await tab(contact),
      // may see the memo and is online, but no tab of theirs holds it
      idle: await tab(idle),
      stranger: await tab(stranger),
      blocked: await tab(blocked),
    };
    // the outsiders know the id and ask: they must still hear nothing
    for (const inbox of [inboxes.author, inboxes.contact, inboxes.stranger, inboxes.blocked]) {
      await watch(inbox, [memo.id]);
    }

    await edit(author, memo.id, shared, 'Live, edited');
    expect(await inboxes.contact.next(changed(memo.id, 'updated'))).toEqual({
      message_type: 'memo_changed',
      memo_id: memo.id,
      change: 'updated',
    });
    await inboxes.author.next(changed(memo.id, 'updated'));

    const commented = await t.app.inject({
      method: 'POST',
      url: '/api/memo/comment',
      headers: author.headers,
      payload: { memo: `/api/memo/${memo.id}`, description: 'A word on it' },
    });
    expect(commented.statusCode).toBe(201);
    await inboxes.contact.next(changed(memo.id, 'comment'));
    // the writer's own tab that holds the memo too
    await inboxes.author.next(changed(memo.id, 'comment'));

    const reacted = await t.app.inject({
      method: 'POST',
      url: '/api/memo/reaction',
      headers: contact.headers,
      payload: { memo: `/api/memo/${memo.id}`, reaction_type: 'like' },
    });
    expect(reacted.statusCode).toBeLessThan(300);
    await inboxes.author.next(changed(memo.id, 'reaction'));
    await inboxes.contact.next(changed(memo.id, 'reaction'));

    // a deletion still goes to everyone online who could see the memo, watching or not
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/memo/${memo.id}`,
      headers: author.headers,
    });
    expect(removed.statusCode).toBe(204);
    await inboxes.contact.next(changed(memo.id, 'deleted'));
    await inboxes.author.next(changed(memo.id, 'deleted'));
    await inboxes.idle.next(changed(memo.id, 'deleted'));
    await settle();
    expect(changesOf(inboxes.idle, memo.id)).toEqual(['deleted']);
    expect(changesOf(inboxes.contact, memo.id)).toEqual([
      'updated',
      'comment',
      'reaction',
      'deleted',
    ]);
    for (const outsider of [inboxes.stranger, inboxes.blocked]) {
      expect(outsider.received.filter(of('memo_changed'))).toEqual([]);
    }
  });

  it('a stranger watching a private memo hears nothing of its changes', async () => {
    const author = await signedInUser(t);
    const stranger = await signedInUser(t);
    const own = await insertCollection(t, author.id, 'private');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers: author.headers,
      payload: { title: 'Mine alone', memos_per_collection: [`/api/collection/${own}`] },
    });
    expect(created.statusCode).toBe(201);
    const memoId = (created.json() as { id: number }).id;
    const authorTab = await tab(author);
    const strangerTab = await tab(stranger);
    await watch(authorTab, [memoId]);
    await watch(strangerTab, [memoId]);
    await edit(author, memoId, own, 'Still mine alone');
    await authorTab.next(changed(memoId, 'updated'));
    await settle();
    expect(strangerTab.received.filter(of('memo_changed'))).toEqual([]);
  });

  it('a change made before a tab’s set arrived, or before its socket opened, is told when the set arrives', async () => {
    const { author, contact, shared, memo } = await memoSeenByContact(t, { title: 'Read early' });
    const stranger = await signedInUser(t);
    const contactTab = await tab(contact);
    const strangerTab = await tab(stranger);
    // the contact's tab has read the memo; the edit lands before its set does
    await edit(author, memo.id, shared, 'Edited meanwhile');
    await watch(contactTab, [memo.id]);
    await contactTab.next(changed(memo.id, 'updated'));
    await watch(strangerTab, [memo.id]);

    // a comment before the socket of a fresh tab opens
    const commented = await t.app.inject({
      method: 'POST',
      url: '/api/memo/comment',
      headers: author.headers,
      payload: { memo: `/api/memo/${memo.id}`, description: 'Before you connected' },
    });
    expect(commented.statusCode).toBe(201);
    const freshTab = await tab(contact);
    await watch(freshTab, [memo.id]);
    await freshTab.next(changed(memo.id, 'updated'));
    await freshTab.next(changed(memo.id, 'comment'));
    await settle();
    // told once each: the set sent again adds nothing new
    await watch(contactTab, [memo.id]);
    await settle();
    expect(changesOf(contactTab, memo.id)).toEqual(['updated', 'comment']);
    expect(strangerTab.received.filter(of('memo_changed'))).toEqual([]);

    // a tab that read the memo after those changes (beyond the slack) is not told of them
    await new Promise((resolve) => setTimeout(resolve, MEMO_WATCH.readSlackMs + 50));
    const laterTab = await tab(contact);
    await watch(laterTab, [memo.id], 0);
    await settle();
    expect(changesOf(laterTab, memo.id)).toEqual([]);
  });

  it('a new set replaces the last, a closed tab stops watching, a malformed set is ignored', async () => {
    const { author, contact, shared, memo } = await memoSeenByContact(t, { title: 'First' });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers: author.headers,
      payload: { title: 'Second', memos_per_collection: [`/api/collection/${shared}`] },
    });
    expect(second.statusCode).toBe(201);
    const otherId = (second.json() as { id: number }).id;
    const kept = await tab(contact);
    await watch(kept, [memo.id]);
    // none of these is a set of ids: each is ignored, the socket stays open and keeps its set
    const malformed: unknown[] = [
      undefined,
      'x',
      { ids: [memo.id] },
      [memo.id, 0],
      [memo.id, -3],
      [memo.id, 1.5],
      [String(memo.id)],
      [memo.id, Number.MAX_SAFE_INTEGER + 2],
      Array.from({ length: MEMO_WATCH.maxMemos + 1 }, (_, i) => i + 1),
    ];
    for (const body of malformed) await watch(kept, body);
    expect(kept.socket.readyState).toBe(kept.socket.OPEN);
    await edit(author, memo.id, shared, 'First, edited');
    await kept.next(changed(memo.id, 'updated'));

    // the whole set of a tab holding the most it may: still read
    const full = [otherId, ...Array.from({ length: MEMO_WATCH.maxMemos - 1 }, (_, i) => 2e9 + i)];
    await watch(kept, full);
    await edit(author, memo.id, shared, 'First, not watched');
    await edit(author, otherId, shared, 'Second, watched');
    await kept.next(changed(otherId, 'updated'));
    await settle();
    expect(changesOf(kept, memo.id)).toEqual(['updated']);

    // another tab watches the first memo, then closes: the edits after it reach nobody
    const closing = await tab(contact);
    await watch(closing, [memo.id]);
    await edit(author, memo.id, shared, 'First, watched again');
    await closing.next(changed(memo.id, 'updated'));
    closing.socket.close();
    await closing.closed;
    await settle();
    await edit(author, memo.id, shared, 'First, its watcher gone');
    await edit(author, otherId, shared, 'Second, again');
    await expect.poll(() => changesOf(kept, otherId)).toEqual(['updated', 'updated']);
    await settle();
    // the kept tab heard of the first memo once before and once while the other tab watched it
    expect(changesOf(kept, memo.id)).toEqual(['updated', 'updated']);

    // an empty set watches nothing
    await watch(kept, []);
    await edit(author, otherId, shared, 'Second, unwatched');
    await settle();
    expect(changesOf(kept, otherId)).toEqual(['updated', 'updated']);
  });

  it('a todo tick tells the memo watchers', async () => {
    const { author, contact, memo } = await memoSeenByContact(t, {
      title: 'Ticks',
      memo_todos: [{ description: 'one' }],
    });
    const todo = memo.memo_todos[0]!;
    const todoId = todo.id ?? Number(String(todo['@id']).split('/').pop());
    const inbox = await tab(contact);
    await watch(inbox, [memo.id]);
    const tick = await t.app.inject({
      url: `/api/memo/todo/${todoId}/change`,
      headers: author.headers,
    });
    expect(tick.statusCode).toBe(200);
    expect(
      await inbox.next((m) => m.message_type === 'memo_changed' && m.memo_id === memo.id),
    ).toEqual({ message_type: 'memo_changed', memo_id: memo.id, change: 'updated' });
  });

  it('the heartbeat closes the sockets of an ended session with 4401 and keeps the others', async () => {
    const ada = await signedInUser(t);
    const bob = await signedInUser(t);
    const ended = await tab(ada);
    const kept = await tab(bob);
    await logOut(t, ada);
    await t.app.realtimeHeartbeat();
    expect((await ended.closed).code).toBe(CLOSE_CODES.sessionEnded);
    expect(await kept.next(of('ping'))).toEqual({ message_type: 'ping' });
    expect(kept.socket.readyState).toBe(kept.socket.OPEN);
  });

  it('a socket that opens while the heartbeat reads the sessions is not closed as ended', async () => {
    const ada = await signedInUser(t);
    const bob = await signedInUser(t);
    const before = await tab(ada);
    let opened: TestSocket | undefined;
    await t.app.realtimeHeartbeat(async () => {
      opened = await tab(bob);
    });
    await settle();
    expect(opened!.socket.readyState).toBe(opened!.socket.OPEN);
    expect(before.socket.readyState).toBe(before.socket.OPEN);
    // the next beat judges it like any other
    await logOut(t, bob);
    await t.app.realtimeHeartbeat();
    expect((await opened!.closed).code).toBe(CLOSE_CODES.sessionEnded);
  });

  it('the timer pings a slice of the sockets at a time, not all of them at once', async () => {
    const people = [await signedInUser(t), await signedInUser(t)];
    const sockets: TestSocket[] = [];
    const started = Date.now();
    for (let i = 0; i < SOCKET.heartbeatSlices; i += 1) sockets.push(await tab(people[i % 2]!));
    const tickMs = SOCKET.heartbeatMs / SOCKET.heartbeatSlices;
    await new Promise((resolve) => setTimeout(resolve, tickMs * 2.5));
    const ticks = Math.ceil((Date.now() - started) / tickMs);
    const pinged = sockets.filter((s) => s.received.some(of('ping'))).length;
    // each tick pings one slice: here one socket each, however slow the opening was
    expect(pinged).toBeGreaterThanOrEqual(1);
    expect(pinged).toBeLessThanOrEqual(Math.min(ticks, SOCKET.heartbeatSlices - 1));
  });

  it('the heartbeat drops a socket that answers no ping, and keeps one that does', async () => {
    const ada = await signedInUser(t);
    const silent = await connect(t.app, ada.id, ada.token, { autoPong: false });
    open.push(silent);
    const lively = await tab(ada);
    await t.app.realtimeHeartbeat();
    await settle();
    await t.app.realtimeHeartbeat();
    expect((await silent.closed).code).toBe(1006);
    expect(lively.socket.readyState).toBe(lively.socket.OPEN);
  });

  it('a user keeps at most SOCKET.maxSocketsPerUser tabs: a new one closes the oldest', async () => {
    const ada = await signedInUser(t);
    const tabs: TestSocket[] = [];
    for (let i = 0; i < SOCKET.maxSocketsPerUser; i += 1) tabs.push(await tab(ada));
    const newest = await tab(ada);
    expect((await tabs[0]!.closed).code).toBe(CLOSE_CODES.policy);
    expect(newest.socket.readyState).toBe(newest.socket.OPEN);
    expect(tabs[1]!.socket.readyState).toBe(tabs[1]!.socket.OPEN);
  });

  it('closes a socket that sends too much or too often', async () => {
    const ada = await signedInUser(t);
    const big = await tab(ada);
    big.socket.send('x'.repeat(SOCKET.maxMessageBytes + 1));
    expect((await big.closed).code).toBe(1009);

    const chatty = await tab(ada);
    for (let i = 0; i <= SOCKET.messagesPerWindow; i += 1) {
      chatty.socket.send(JSON.stringify({ message_type: 'pong' }));
    }
    expect((await chatty.closed).code).toBe(CLOSE_CODES.policy);
  });

  it('lets a socket answer every event it was sent, and no more than that beyond the window', async () => {
    const ada = await signedInUser(t);
    const busy = await tab(ada);
    const sent = SOCKET.messagesPerWindow * 3;
    for (let i = 0; i < sent; i += 1) {
      await t.app.realtime.sendToUsers([ada.id], { message_type: 'new_message', seq: i });
    }
    await busy.next((m) => m.seq === sent - 1);
    // an acknowledgement for each event, as the web app sends in a busy group
    for (let i = 0; i < sent; i += 1) busy.socket.send(JSON.stringify({ message_type: 'pong' }));
    // a ping after them: its pong proves the server read them all and kept the socket
    busy.socket.send(JSON.stringify({ message_type: 'ping' }));
    await busy.next((m) => m.message_type === 'pong');
    expect(busy.socket.readyState).toBe(busy.socket.OPEN);
    // the replies are used up: the window's own allowance is left, then the socket is closed
    for (let i = 0; i <= SOCKET.messagesPerWindow; i += 1) {
      busy.socket.send(JSON.stringify({ message_type: 'pong' }));
    }
    expect((await busy.closed).code).toBe(CLOSE_CODES.policy);
  });
});

/** Two server instances on one database and one Redis deliver each other's messages. */
describe.skipIf(twoInstancesSkipReason !== undefined)('realtime across instances (redis)', () => {
  let instances: TwoInstances;
  let t: TestApp;
  let second: FastifyInstance;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    instances = await startTwoInstances();
    ({ t, second } = instances);
  });
  afterAll(async () => {
    for (const inbox of open) inbox.socket.terminate();
    await instances?.close();
  });

  it('a message sent on one instance reaches the sockets held by the other', async () => {
    const ada = await signedInUser(t);
    const bob = await signedInUser(t);
    const adaHere = await connect(t.app, ada.id, ada.token);
    const adaThere = await connect(second, ada.id, ada.token);
    const bobThere = await connect(second, bob.id, bob.token);
    open.push(adaHere, adaThere, bobThere);

    await t.app.realtime.sendToUsers([ada.id], { message_type: 'unread_count', unread: 7 });
    expect(await adaThere.next(of('unread_count'))).toEqual({
      message_type: 'unread_count',
      unread: 7,
    });
    await adaHere.next(of('unread_count'));
    await second.realtime.sendToUsers([ada.id, bob.id], {
      message_type: 'unread_count',
      unread: 8,
    });
    await adaHere.next((m) => m.unread === 8);
    await bobThere.next((m) => m.unread === 8);
    await settle();
    // Published once, delivered once per socket.
    expect(adaHere.received.filter(of('unread_count'))).toHaveLength(2);
    expect(bobThere.received.filter(of('unread_count'))).toHaveLength(1);
  });

  it('an edit, a comment and a reaction made on one instance reach the watchers on the other', async () => {
    const { author, contact, shared, memo } = await memoSeenByContact(t, { title: 'Watched far' });
    const stranger = await signedInUser(t);
    const contactThere = await connect(second, contact.id, contact.token);
    const strangerThere = await connect(second, stranger.id, stranger.token);
    const authorHere = await connect(t.app, author.id, author.token);
    open.push(contactThere, strangerThere, authorHere);
    for (const inbox of [contactThere, strangerThere, authorHere]) await watch(inbox, [memo.id]);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/memo/${memo.id}`,
      headers: author.headers,
      payload: {
        title: 'Watched far, edited',
        memos_per_collection: [`/api/collection/${shared}`],
      },
    });
    expect(put.statusCode).toBe(200);
    const changed = (change: string) => (m: Record<string, unknown>) =>
      m.message_type === 'memo_changed' && m.memo_id === memo.id && m.change === change;
    await contactThere.next(changed('updated'));
    await authorHere.next(changed('updated'));
    const commented = await t.app.inject({
      method: 'POST',
      url: '/api/memo/comment',
      headers: author.headers,
      payload: { memo: `/api/memo/${memo.id}`, description: 'Across instances' },
    });
    expect(commented.statusCode).toBe(201);
    await contactThere.next(changed('comment'));
    // the contact reacts through the second instance: the author, on the first, hears of it
    const reacted = await second.inject({
      method: 'POST',
      url: '/api/memo/reaction',
      headers: contact.headers,
      payload: { memo: `/api/memo/${memo.id}`, reaction_type: 'love' },
    });
    expect(reacted.statusCode).toBeLessThan(300);
    await authorHere.next(changed('reaction'));
    await contactThere.next(changed('reaction'));
    await settle();
    expect(changesOf(contactThere, memo.id)).toEqual(['updated', 'comment', 'reaction']);
    expect(strangerThere.received.filter(of('memo_changed'))).toEqual([]);
  });

  it('a memo change on one instance reaches its audience online on the other', async () => {
    const { author, contact, memo } = await memoSeenByContact(t, { title: 'Far' });
    const memoId = memo.id;
    const stranger = await signedInUser(t);
    const contactThere = await connect(second, contact.id, contact.token);
    const strangerThere = await connect(second, stranger.id, stranger.token);
    open.push(contactThere, strangerThere);
    expect(await onlineAnywhere(t.app.realtime)).toEqual(
      expect.arrayContaining([contact.id, stranger.id]),
    );
    // asked about some people only (the messenger's push decision), from either side
    const nobody = 2_000_000_000;
    expect(await whoIsOnline(t.app.realtime, [contact.id, author.id, nobody])).toEqual(
      new Set([contact.id]),
    );
    expect(await whoIsOnline(second.realtime, [contact.id, stranger.id, nobody])).toEqual(
      new Set([contact.id, stranger.id]),
    );

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/memo/${memoId}`,
      headers: author.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await contactThere.next(of('memo_changed'))).toEqual({
      message_type: 'memo_changed',
      memo_id: memoId,
      change: 'deleted',
    });
    await settle();
    expect(strangerThere.received.filter(of('memo_changed'))).toEqual([]);
  });
});
