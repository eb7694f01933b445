import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/harness.js';
import { queryCountingApp } from '../../test/query-count.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { sendChecks, writeMessage, type NewMessage } from './message-store.js';
import { markDelivered, markDeliveredPostgres } from './store.js';
import { loadSummaryRows } from '../users/people.js';
import { circle, directThread, groupThread, memberRow, send, sent } from './test-support.js';

type Db = Kysely<DatabaseSchema>;

/**
 * The statements of a send and of acknowledgements (docs/PERFORMANCE.md, Messenger): on
 * PostgreSQL the message is one statement, its own transaction; on SQLite four, in the
 * send's transaction.
 */
describeDb('messenger: the write of a send', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** a write as the send runs it: alone on PostgreSQL, in a transaction on SQLite */
  const write = (message: NewMessage) =>
    TEST_DB === 'postgres'
      ? writeMessage(t.database.db, t.database.dialect, message)
      : t.database.db
          .transaction()
          .execute((trx: Db) => writeMessage(trx, t.database.dialect, message));

  const threadRow = (id: number) =>
    t.database.db
      .selectFrom('threads')
      .select(['last_seq', 'last_message_id', 'last_activity_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const messagesOf = (threadId: number) =>
    t.database.db
      .selectFrom('thread_messages')
      .select(['id', 'seq', 'user_id'])
      .where('thread_id', '=', threadId)
      .orderBy('seq')
      .execute();

  it('writes the number, the message, the last message and the read mark; answers the row', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await groupThread(t, ada!, [bob!]);
    const at = new Date('2026-11-29T00:00:00.000Z');
    const message = {
      threadId: id,
      userId: ada!.id,
      sentBy: null,
      key: 'k-1',
      description: 'one statement',
      replyToId: null,
      at,
    };
    const row = await write(message);
    expect(row).toMatchObject({
      thread_id: id,
      seq: 1,
      user_id: ada!.id,
      client_key: 'k-1',
      description: 'one statement',
      status: 'sent',
    });
    expect(await threadRow(id)).toMatchObject({ last_seq: 1, last_message_id: row!.id });
    expect(await memberRow(t, id, ada!.id)).toMatchObject({ last_read_seq: 1, delivered_seq: 1 });
    expect(await memberRow(t, id, bob!.id)).toMatchObject({ last_read_seq: 0, delivered_seq: 0 });
    // the same row a read answers
    const read = await t.database.db
      .selectFrom('thread_messages')
      .selectAll()
      .where('id', '=', row!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(read);
    // a thread that is gone: nothing written, no row
    const before = (await messagesOf(id)).length;
    expect(await write({ ...message, threadId: 99_999_999, key: null })).toBeUndefined();
    expect(await messagesOf(id)).toHaveLength(before);
  });

  it('a write that fails leaves nothing half-written: no number taken, no last message, no read mark', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await groupThread(t, ada!, [bob!]);
    await sent(t, ada!.headers, id, 'first');
    await sent(t, bob!.headers, id, 'second');
    const thread = await threadRow(id);
    const bobs = await memberRow(t, id, bob!.id);
    const message = {
      threadId: id,
      userId: bob!.id,
      sentBy: 99_999_999, // no such user: the message's foreign key refuses it
      key: null,
      description: 'refused',
      replyToId: null,
      at: new Date(),
    };
    await expect(write(message)).rejects.toThrow();
    expect(await threadRow(id)).toEqual(thread);
    expect(await memberRow(t, id, bob!.id)).toEqual(bobs);
    expect((await messagesOf(id)).map((m) => m.seq)).toEqual([1, 2]);
    // the next write takes the next number
    expect((await write({ ...message, sentBy: null }))!.seq).toBe(3);
  });

  it('writes racing in one thread take consecutive numbers; the last one is the last message', async () => {
    const people = await circle(t, 4);
    const id = await groupThread(t, people[0]!, people.slice(1));
    const rows = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        write({
          threadId: id,
          userId: people[i % 4]!.id,
          sentBy: null,
          key: `race-${i}`,
          description: `m${i}`,
          replyToId: null,
          at: new Date(),
        }),
      ),
    );
    expect(rows.map((r) => r!.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 24 }, (_, i) => i + 1),
    );
    const stored = await messagesOf(id);
    expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(await threadRow(id)).toMatchObject({
      last_seq: 24,
      last_message_id: stored[23]!.id,
    });
    // each sender's read mark is its own newest message
    for (const person of people) {
      const newest = Math.max(...stored.filter((m) => m.user_id === person.id).map((m) => m.seq));
      expect((await memberRow(t, id, person.id)).last_read_seq).toBe(newest);
    }
  });

  it('acknowledgements: each member’s delivered number rises to the highest acknowledged, never falls; non-members change nothing', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const id = await groupThread(t, ada!, [bob!]);
    const first = await sent(t, ada!.headers, id, 'a');
    const second = await sent(t, ada!.headers, id, 'b');
    const third = await sent(t, ada!.headers, id, 'c');
    const mark = (acks: Array<{ messageId: number; userId: number }>) =>
      TEST_DB === 'postgres'
        ? markDeliveredPostgres(t.database.db, acks)
        : t.database.db.transaction().execute((trx: Db) => markDelivered(trx, acks));
    await mark([
      { messageId: first.id, userId: bob!.id },
      { messageId: second.id, userId: bob!.id },
      { messageId: third.id, userId: cy!.id },
      { messageId: 99_999_999, userId: bob!.id },
    ]);
    expect((await memberRow(t, id, bob!.id)).delivered_seq).toBe(2);
    const cys = await t.database.db
      .selectFrom('thread_members')
      .select('id')
      .where('thread_id', '=', id)
      .where('user_id', '=', cy!.id)
      .execute();
    expect(cys).toEqual([]);
    await mark([{ messageId: first.id, userId: bob!.id }]);
    expect((await memberRow(t, id, bob!.id)).delivered_seq).toBe(2);
    await mark([{ messageId: third.id, userId: bob!.id }]);
    expect((await memberRow(t, id, bob!.id)).delivered_seq).toBe(3);
    await mark([]);
    expect((await memberRow(t, id, bob!.id)).delivered_seq).toBe(3);
  });

  it('a send to a conversation its members muted runs a bounded number of statements', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const id = await groupThread(t, ada!, [bob!, cy!]);
    for (const person of [bob!, cy!]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/thread/${id}/mute`,
        headers: person.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    const counting = await queryCountingApp(t);
    try {
      const send = (key: string) =>
        counting.request({
          method: 'POST',
          url: '/api/thread/message',
          headers: ada!.headers,
          payload: { thread: `/api/thread/${id}`, description: 'counted', key },
        });
      // the first request of this app reads the session; later ones keep it
      expect((await send('warm-up')).status).toBe(201);
      const res = await send('counted');
      expect(res.status).toBe(201);
      // the thread, its members, the key and the sender in one statement; then the write:
      // one statement on PostgreSQL (was 10 statements and the transaction's begin and
      // commit), four in a savepoint of the shared commit on SQLite (docs/PERFORMANCE.md,
      // Messenger)
      expect(res.queries).toBe(TEST_DB === 'postgres' ? 2 : 1 + 1 + 4 + 1);
    } finally {
      await counting.close();
    }
  });

  it('the checks of a send, in one statement: kind, members in join order with mute, key, sender', async () => {
    const [ada, bob, cy, dee] = await circle(t, 4, ['Ada', 'Bob', 'Cy', 'Dee']);
    const id = await groupThread(t, ada!, [bob!, cy!]);
    const muted = await t.app.inject({
      method: 'POST',
      url: `/api/thread/${id}/mute`,
      headers: cy!.headers,
    });
    expect(muted.statusCode).toBe(200);
    const joined = await t.database.db
      .selectFrom('thread_members')
      .select(['user_id', 'muted'])
      .where('thread_id', '=', id)
      .orderBy('joined_at')
      .orderBy('id')
      .execute();
    const keyed = await send(t, bob!.headers, id, 'with a key', { key: 'k-1' });
    expect(keyed.statusCode).toBe(201);
    const db = t.database.db;
    const [bobSummary] = (await loadSummaryRows(db, [bob!.id])).values();

    const withKey = await sendChecks(db, id, bob!.id, 'k-1');
    expect(withKey.thread).toEqual({ thread_type: 'group' });
    expect(withKey.members).toEqual(joined);
    expect(withKey.members.map((m) => m.user_id)).toEqual([ada!.id, bob!.id, cy!.id]);
    expect(withKey.members.map((m) => Boolean(m.muted))).toEqual([false, false, true]);
    expect(withKey.earlierId).toBe(keyed.json().message.id);
    expect(withKey.sender).toEqual(bobSummary);
    expect(withKey.sender).toMatchObject({ id: bob!.id, name: 'Bob' });
    // a key is the author's own: the same key from another member, or no key, finds nothing
    expect((await sendChecks(db, id, ada!.id, 'k-1')).earlierId).toBeNull();
    expect((await sendChecks(db, id, bob!.id, 'k-2')).earlierId).toBeNull();
    const noKey = await sendChecks(db, id, bob!.id, null);
    expect(noKey).toEqual({ ...withKey, earlierId: null });
    // someone outside the thread: the thread and its members, without them
    const outside = await sendChecks(db, id, dee!.id, null);
    expect(outside.members.map((m) => m.user_id)).not.toContain(dee!.id);
    expect(outside.sender).toMatchObject({ id: dee!.id, name: 'Dee' });
    // no such thread: nothing
    expect(await sendChecks(db, 999_999, bob!.id, 'k-1')).toMatchObject({
      thread: undefined,
      members: [],
      earlierId: null,
    });
    const direct = await directThread(t, ada!, dee!);
    expect((await sendChecks(db, direct, ada!.id, null)).thread).toEqual({
      thread_type: 'direct',
    });
  });

  it('a send answers the message as its page shows it, and a retry with its key the same', async () => {
    const [ada, bob] = await circle(t, 2, ['Ada Émile 😀', 'Bob']);
    const id = await groupThread(t, ada!, [bob!]);
    const first = await send(t, ada!.headers, id, 'the answer ✓', { key: 'same' });
    expect(first.statusCode).toBe(201);
    const retry = await send(t, ada!.headers, id, 'the answer ✓', { key: 'same' });
    expect(retry.statusCode).toBe(201);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/thread/${id}/messages`,
      headers: ada!.headers,
    });
    expect(page.statusCode).toBe(200);
    const [shown] = page.json() as unknown[];
    expect(first.json().message).toEqual(shown);
    expect(retry.json().message).toEqual(shown);
    expect(first.json().message.user).toMatchObject({ id: ada!.id, name: 'Ada Émile 😀' });
  });
});
