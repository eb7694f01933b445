import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { PREPARED_MARK } from '../../db/database.js';
import { byCountStatement, queryCacheOf } from '../../db/query-cache.js';
import { markRead, nextSeq, setLastMessage, type MemberRow } from './store.js';
import type { SummaryRow } from '../users/people.js';

type Db = Kysely<DatabaseSchema>;

/** Messages and their reactions (docs/notes/messenger.md, Delivery guarantees). */

export type MessageRow = Awaited<ReturnType<typeof findMessage>> & object;

export function findMessage(db: Db, id: number) {
  return db.selectFrom('thread_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function messagesByIds(db: Db, ids: number[]) {
  // the reads of a thread's page are built once (db/query-cache.ts)
  return queryCacheOf(db).rows(
    'messages-by-ids',
    ids.length > 0 ? ids : [0],
    (slots) =>
      db
        .selectFrom('thread_messages')
        .selectAll()
        .where('id', 'in', slots as number[]),
    byCountStatement(ids.length),
  );
}

export function findByKey(db: Db, threadId: number, userId: number, key: string) {
  return db
    .selectFrom('thread_messages')
    .selectAll()
    .where('thread_id', '=', threadId)
    .where('user_id', '=', userId)
    .where('client_key', '=', key)
    .executeTakeFirst();
}

export interface NewMessage {
  threadId: number;
  userId: number;
  sentBy: number | null;
  key: string | null;
  description: string;
  replyToId: number | null;
  at: Date;
}

/** Inserts a message numbered `seq`; answers the stored row. */
export function insertMessage(
  db: Db,
  d: DialectHelpers,
  message: NewMessage & { seq: number },
): Promise<MessageRow> {
  const at = d.time(message.at);
  return db
    .insertInto('thread_messages')
    .values({
      thread_id: message.threadId,
      seq: message.seq,
      user_id: message.userId,
      sent_by: message.sentBy,
      client_key: message.key,
      description: message.description,
      reply_to_id: message.replyToId,
      edited: d.bool(false),
      edit_history: d.json([]),
      status: 'sent',
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Writes a new message: the thread's next number, the message, the thread's last message
 * and the sender's read mark. Answers the stored row, or undefined when the thread is gone
 * (nothing is written then).
 *
 * SQLite: four statements, to run inside a transaction (the send's commit group, which
 * holds the database's one write lock until its commit).
 *
 * PostgreSQL: ONE statement (docs/PERFORMANCE.md, Messenger), atomic by itself.
 * The message id is drawn first from its sequence, because PostgreSQL cannot update the
 * thread row twice in one statement (once for the number, once for the last message); the
 * foreign key from the thread to its last message is checked at the end of the statement,
 * when the message is there. The thread row stays locked from the number to the commit,
 * which is this statement's own when it runs alone: one round trip holds it.
 */
export async function writeMessage(
  db: Db,
  d: DialectHelpers,
  message: NewMessage,
): Promise<MessageRow | undefined> {
  if (d.name !== 'postgres') {
    const seq = await nextSeq(db, message.threadId);
    if (seq === undefined) return undefined;
    const row = await insertMessage(db, d, { ...message, seq });
    await setLastMessage(db, d, message.threadId, row.id, message.at);
    await markRead(db, d, message.threadId, message.userId, seq, message.at);
    return row;
  }
  const at = d.time(message.at);
  const { rows } = await sql<MessageRow>`${sql.raw(PREPARED_MARK)}with
    m as (select nextval(pg_get_serial_sequence('thread_messages', 'id'))::integer as id),
    t as (
      update threads set last_seq = last_seq + 1, last_message_id = (select id from m),
        last_activity_at = ${at}
      where id = ${message.threadId} returning last_seq
    ),
    r as (
      update thread_members set last_read_seq = (select last_seq from t), last_read_at = ${at},
        delivered_seq = greatest(delivered_seq, (select last_seq from t))
      where thread_id = ${message.threadId} and user_id = ${message.userId}
        and last_read_seq < (select last_seq from t)
    )
    insert into thread_messages (id, thread_id, seq, user_id, sent_by, client_key, description,
      reply_to_id, edited, edit_history, status, created_at, updated_at)
    select m.id, ${message.threadId}, t.last_seq, ${message.userId}, ${message.sentBy},
      ${message.key}, ${message.description}, ${message.replyToId}, false,
      ${d.json([])}, 'sent', ${at}, ${at}
    from m, t
    returning *`.execute(db);
  return rows[0];
}

/** What a send checks before it writes (sendChecks). */
export interface SendChecks {
  /** undefined: no such thread */
  thread: { thread_type: string } | undefined;
  /** its members in the order they joined, with their mute */
  members: Pick<MemberRow, 'user_id' | 'muted'>[];
  /** the message this author already sent in the thread with this key, if any */
  earlierId: number | null;
  /** the sender as messages present them (the three columns of a summary) */
  sender: SummaryRow | undefined;
}

/**
 * What a send checks before it writes, in ONE statement of plain rows (docs/PERFORMANCE.md,
 * Messenger): the thread's kind, a row per member (id and mute, in the order they joined),
 * and on each row the id of the message already sent with this key and the sender's name and
 * picture (each asked once: they depend on no row). No thread, no row. Built once per shape
 * and prepared on PostgreSQL (db/query-cache.ts). Only what the send uses: a group's fifty
 * member rows with every column were a hundred timestamps for the driver to parse, per send.
 */
export async function sendChecks(
  db: Db,
  threadId: number,
  userId: number,
  key: string | null,
): Promise<SendChecks> {
  const rows = await queryCacheOf(db).rows(
    key === null ? 'messenger-send-checks' : 'messenger-send-checks-key',
    key === null ? [threadId, userId] : [threadId, userId, key],
    ([thread, user, k]) =>
      db
        .selectFrom('threads as t')
        .leftJoin('thread_members as m', 'm.thread_id', 't.id')
        .leftJoin('user_profiles as p', (join) => join.on('p.user_id', '=', user as number))
        .select((eb) => [
          't.thread_type',
          'm.user_id',
          'm.muted',
          'p.user_id as sender_id',
          'p.name as sender_name',
          'p.avatar_attachment_id as sender_avatar_id',
          k === undefined
            ? sql<number | null>`null`.as('earlier_id')
            : eb
                .selectFrom('thread_messages as e')
                .select('e.id')
                .where('e.thread_id', '=', thread as number)
                .where('e.user_id', '=', user as number)
                .where('e.client_key', '=', k as string)
                .as('earlier_id'),
        ])
        .where('t.id', '=', thread as number)
        .orderBy('m.joined_at')
        .orderBy('m.id'),
    { prepared: true },
  );
  const first = rows[0];
  return {
    thread: first && { thread_type: first.thread_type },
    members: rows.flatMap((r) =>
      r.user_id === null ? [] : [{ user_id: r.user_id, muted: r.muted ?? false }],
    ),
    earlierId: first?.earlier_id ?? null,
    sender:
      first && first.sender_id !== null
        ? { id: first.sender_id, name: first.sender_name ?? '', avatar_id: first.sender_avatar_id }
        : undefined,
  };
}

export async function countMessages(db: Db, threadId: number, afterSeq = 0): Promise<number> {
  const [row] = await queryCacheOf(db).rows(
    'message-count',
    [threadId, afterSeq],
    (slots) =>
      db
        .selectFrom('thread_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('thread_id', '=', slots[0] as number)
        .where('seq', '>', slots[1] as number),
    { prepared: true },
  );
  return Number(row?.n ?? 0);
}

/**
 * One page counted from the newest, answered oldest to newest, and how many messages the
 * thread has, in one statement: the count is a subquery beside the page's columns, run once
 * (it depends on no row) on the thread's index while the page still stops at its limit.
 * A page past the end has no row to carry it: the count is then asked alone.
 */
export async function newestPage(db: Db, threadId: number, limit: number, offset: number) {
  const rows = await queryCacheOf(db).rows(
    'newest-messages-counted',
    [threadId, limit, offset],
    (slots) =>
      db
        .selectFrom('thread_messages')
        .selectAll()
        .select((eb) =>
          eb
            .selectFrom('thread_messages as counted')
            .select(eb.fn.countAll().as('n'))
            .where('counted.thread_id', '=', slots[0] as number)
            .where('counted.seq', '>', 0)
            .as('thread_total'),
        )
        .where('thread_id', '=', slots[0] as number)
        .orderBy('seq', 'desc')
        .limit(slots[1] as number)
        .offset(slots[2] as number),
    // one walk of thread_messages_thread_seq_key whatever the thread's size or the page
    { prepared: true },
  );
  if (rows.length === 0) return { rows: [], total: await countMessages(db, threadId) };
  const total = Number(rows[0]!.thread_total ?? 0);
  const page: MessageRow[] = [];
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    // the answer is made from the row's own columns only (present.ts)
    const { thread_total: _total, ...row } = rows[i]!;
    page.push(row);
  }
  return { rows: page, total };
}

/** The messages numbered after `seq`, in order (the resume call). */
export function messagesAfter(db: Db, threadId: number, seq: number, limit: number) {
  return db
    .selectFrom('thread_messages')
    .selectAll()
    .where('thread_id', '=', threadId)
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

export async function editMessage(
  db: Db,
  d: DialectHelpers,
  id: number,
  description: string,
  history: unknown[],
  at: Date,
): Promise<void> {
  await db
    .updateTable('thread_messages')
    .set({
      description,
      edited: d.bool(true),
      edit_history: d.json(history),
      updated_at: d.time(at),
    })
    .where('id', '=', id)
    .execute();
}

export async function markMessageDeleted(
  db: Db,
  d: DialectHelpers,
  id: number,
  placeholder: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('thread_messages')
    .set({
      description: placeholder,
      status: 'deleted',
      edit_history: d.json([]),
      updated_at: d.time(at),
    })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('thread_message_reactions').where('message_id', '=', id).execute();
}

export function reactionsOf(db: Db, messageIds: number[]) {
  return queryCacheOf(db).rows(
    'message-reactions',
    messageIds.length > 0 ? messageIds : [0],
    (slots) =>
      db
        .selectFrom('thread_message_reactions')
        .select(['message_id', 'user_id', 'unicode', 'created_at'])
        .where('message_id', 'in', slots as number[])
        .orderBy('id'),
    byCountStatement(messageIds.length),
  );
}

export async function addReaction(
  db: Db,
  d: DialectHelpers,
  messageId: number,
  userId: number,
  unicode: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('thread_message_reactions')
    .values({ message_id: messageId, user_id: userId, unicode, created_at: d.time(at) })
    .onConflict((oc) => oc.columns(['message_id', 'user_id', 'unicode']).doNothing())
    .execute();
}

export async function removeReaction(db: Db, messageId: number, userId: number, unicode: string) {
  await db
    .deleteFrom('thread_message_reactions')
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .where('unicode', '=', unicode)
    .execute();
}
