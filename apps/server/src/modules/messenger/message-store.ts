import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';

type Db = Kysely<DatabaseSchema>;

/** Messages and their reactions (docs/notes/messenger.md, Delivery guarantees). */

export type MessageRow = Awaited<ReturnType<typeof findMessage>> & object;

export function threadsByIds(db: Db, ids: number[]) {
  return db
    .selectFrom('threads')
    .selectAll()
    .where('id', 'in', ids.length > 0 ? ids : [0])
    .execute();
}

export function findMessage(db: Db, id: number) {
  return db.selectFrom('thread_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function messagesByIds(db: Db, ids: number[]) {
  return db
    .selectFrom('thread_messages')
    .selectAll()
    .where('id', 'in', ids.length > 0 ? ids : [0])
    .execute();
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

export async function insertMessage(
  db: Db,
  d: DialectHelpers,
  message: {
    threadId: number;
    seq: number;
    userId: number;
    sentBy: number | null;
    key: string | null;
    description: string;
    replyToId: number | null;
    at: Date;
  },
): Promise<number> {
  const at = d.time(message.at);
  const row = await db
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
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countMessages(db: Db, threadId: number, afterSeq = 0): Promise<number> {
  const row = await db
    .selectFrom('thread_messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('thread_id', '=', threadId)
    .where('seq', '>', afterSeq)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page counted from the newest; answered oldest to newest. */
export async function newestPage(db: Db, threadId: number, limit: number, offset: number) {
  const rows = await db
    .selectFrom('thread_messages')
    .selectAll()
    .where('thread_id', '=', threadId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.reverse();
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
  return db
    .selectFrom('thread_message_reactions')
    .select(['message_id', 'user_id', 'unicode', 'created_at'])
    .where('message_id', 'in', messageIds.length > 0 ? messageIds : [0])
    .orderBy('id')
    .execute();
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
