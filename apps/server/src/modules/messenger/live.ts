import { MESSENGER, type Message, type MessageReaction } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { intIdFromIri } from '../../http/iri.js';
import { findPerson } from '../users/people.js';
import { markDelivered, markDeliveredPostgres, membersOf } from './store.js';

import { createMediaService } from '../media/index.js';
import { threadViews, type ThreadViews } from './view.js';
import { rolledBack } from '../../db/warm.js';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

type Ack = { messageId: number; userId: number };
type Db = Kysely<DatabaseSchema>;

/**
 * What the messenger sends over the socket (docs/notes/messenger.md, Socket). Callers send
 * only after their transaction committed; a failed send is logged, never the request's error.
 */
export function createMessengerLive(ctx: AppContext) {
  const { db } = ctx.database;
  const pictureUrl = createMediaService(ctx).threadPictureUrl;
  const hub = ctx.realtime;
  const guard = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      ctx.log.warn({ err: error }, 'messenger socket send failed');
    }
  };
  const memberIds = async (threadId: number) =>
    (await membersOf(db, [threadId])).map((m) => m.user_id);

  return {
    memberIds,
    /** thread_created / thread_updated: each receiver gets the thread as they see it */
    thread(
      type: 'thread_created' | 'thread_updated',
      threadId: number,
      userIds: number[],
      // the views when the caller has read them already (a new thread answers with one)
      views?: ThreadViews,
    ) {
      return guard(async () => {
        const view = views ?? (await threadViews(db, [threadId], pictureUrl));
        await hub.sendEach(
          userIds.map((userId) => ({
            userId,
            message: { message_type: type, thread: view(userId)[0] },
          })),
        );
      });
    },
    removed(threadId: number, userIds: number[]) {
      return guard(() =>
        hub.sendToUsers(userIds, { message_type: 'removed_from_thread', thread_id: threadId }),
      );
    },
    message(
      type: 'new_message' | 'message_edited' | 'message_deleted',
      message: Message,
      userIds: number[],
    ) {
      return guard(() =>
        hub.sendToUsers(userIds, { message_type: type, thread_id: message.thread_id, message }),
      );
    },
    /** one photo or document of a message was removed: the message as it is now */
    fileRemoved(message: Message, fileId: number, userIds: number[]) {
      return guard(() =>
        hub.sendToUsers(userIds, {
          message_type: 'message_file_removed',
          thread_id: message.thread_id,
          file_id: fileId,
          message,
        }),
      );
    },
    reactions(
      threadId: number,
      messageId: number,
      reactions: MessageReaction[],
      userIds: number[],
    ) {
      return guard(() =>
        hub.sendToUsers(userIds, {
          message_type: 'message_reactions',
          thread_id: threadId,
          message_id: messageId,
          reactions,
        }),
      );
    },
    read(threadId: number, userId: number, seq: number, at: string | null, userIds: number[]) {
      return guard(() =>
        hub.sendToUsers(userIds, {
          message_type: 'thread_read',
          thread_id: threadId,
          user_id: userId,
          last_read_seq: seq,
          last_read_at: at,
        }),
      );
    },
  };
}
export type MessengerLive = ReturnType<typeof createMessengerLive>;

/**
 * How long acknowledgements gather before they are written in one transaction. The delivered
 * number is read by nothing live (resume asks after the client's own last number), so a
 * second costs no one anything; and a member's row is written once a second however many
 * messages their busy group got meanwhile (at 200 ms a member of a group receiving 3 a second
 * had their row written two or three times a second, and each write held it locked against
 * their own sends' read mark; docs/PERFORMANCE.md, Messenger).
 */
const ACK_FLUSH_MS = 1000;
/** Acknowledgements held for the next write at most; beyond it they are dropped (bookkeeping). */
const ACKS_HELD_MAX = 50_000;

/** Handlers of what clients send over the socket, by message_type. */
export function createSocketHandlers(ctx: AppContext) {
  const { db } = ctx.database;
  const lastTyping = new Map<string, number>();

  // Acknowledgements are gathered and written together, a few times a second: each member of
  // a busy group acknowledges every message, and one commit per acknowledgement (an fsync on
  // SQLite) was what held sending back in bench/messenger.mjs (docs/PERFORMANCE.md, Messenger).
  // Nothing is read per acknowledgement either: the batch looks its messages up at once and
  // the update itself checks membership. The delivered number is bookkeeping, not what resume
  // relies on (the client asks after the last number it saw), so a crash losing the last
  // fraction of a second of it costs nothing.
  // One batch is written at a time: batches written side by side would wait for each
  // other's rows. On PostgreSQL a batch is one statement (store.ts markDeliveredPostgres).
  let acks = new Map<string, { messageId: number; userId: number }>();
  let flushing: ReturnType<typeof setTimeout> | undefined;
  let writing = false;
  const postgres = ctx.database.dialect.name === 'postgres';
  const write = postgres
    ? (batch: Ack[]) => markDeliveredPostgres(db, batch)
    : (batch: Ack[]) => db.transaction().execute((trx) => markDelivered(trx, batch));
  const flushAcks = async () => {
    flushing = undefined;
    const batch = [...acks.values()];
    acks = new Map();
    writing = true;
    try {
      await write(batch);
    } finally {
      writing = false;
      // what arrived meanwhile waited for this batch to be written
      if (acks.size > 0) scheduleFlush();
    }
  };
  const scheduleFlush = () => {
    if (writing) return;
    flushing ??= setTimeout(() => {
      flushAcks().catch((error: unknown) =>
        ctx.log.warn({ err: error }, 'messenger acknowledgements not written'),
      );
    }, ACK_FLUSH_MS);
  };

  function acknowledge(userId: number, message: Record<string, unknown>): Promise<void> {
    const messageId = intIdFromIri(message.message_id, 'thread/message');
    if (messageId === undefined || acks.size >= ACKS_HELD_MAX) return Promise.resolve();
    acks.set(`${messageId}:${userId}`, { messageId, userId });
    scheduleFlush();
    return Promise.resolve();
  }

  async function typing(userId: number, message: Record<string, unknown>) {
    const threadId = intIdFromIri(message.thread_id, 'thread');
    if (threadId === undefined) return;
    const key = `${userId}:${threadId}`;
    const now = Date.now();
    if (now - (lastTyping.get(key) ?? 0) < MESSENGER.typingThrottleMs) return;
    lastTyping.set(key, now);
    if (lastTyping.size > 10_000) lastTyping.clear();
    const members = (await membersOf(db, [threadId])).map((m) => m.user_id);
    if (!members.includes(userId)) return;
    const person = await findPerson(db, userId);
    await ctx.realtime.sendToUsers(
      members.filter((id) => id !== userId),
      { message_type: 'typing', thread_id: threadId, user_id: userId, name: person?.name ?? '' },
    );
  }

  const safe =
    (handler: (userId: number, message: Record<string, unknown>) => Promise<void>) =>
    (userId: number, message: Record<string, unknown>) => {
      handler(userId, message).catch((error: unknown) =>
        ctx.log.warn({ err: error }, 'messenger socket message failed'),
      );
    };
  return {
    handlers: { new_message: safe(acknowledge), typing: safe(typing) },
    /** A batch's statement on `on` (db/warm.ts): a message that does not exist, rolled back. */
    warm: (on: Db) =>
      rolledBack(on, (trx) => {
        const probe = [{ messageId: 0, userId: 0 }];
        return postgres ? markDeliveredPostgres(trx, probe) : markDelivered(trx, probe);
      }),
  };
}
