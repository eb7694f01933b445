import { createDeliveryOrder, type DeliveryTurn } from './delivery-order.js';
import {
  DELETED_MESSAGE_TEXT,
  EMPTY_MESSAGE_TEXT,
  isEmptyMessageText,
  isSingleEmoji,
  mayDeleteMessage,
  MESSENGER,
  type Attachment,
  type MessageAttachment,
  type MessageCreate,
  type ThreadType,
} from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { isDuplicate } from '../../db/errors.js';
import { readBool, readJson } from '../../db/dialect.js';
import { ApiError } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import type { AuthContext } from '../../http/request-context.js';
import { maySend, messageNotFound, requireMember, threadIdOf, threadNotFound } from './access.js';
import type { MessengerLive } from './live.js';
import {
  addReaction,
  countMessages,
  editMessage,
  findByKey,
  findMessage,
  sendChecks,
  writeMessage,
  markMessageDeleted,
  messagesAfter,
  newestPage,
  reactionsOf,
  removeReaction,
  type MessageRow,
} from './message-store.js';
import { presentReactions } from './present.js';
import { presentedMembersOf } from './store.js';
import { createOfflinePush } from './offline-push.js';
import { createCommitGroup } from '../../db/commit-group.js';
import { loadSummaryRows } from '../users/people.js';
import { blockedEitherWay } from '../blocks/service.js';
import { rolledBack } from '../../db/warm.js';
import { createMediaService } from '../media/index.js';
import { messageViews, type JustSent, type MessageFiles } from './view.js';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

type Db = Kysely<DatabaseSchema>;

/** Sending, reading, editing, deleting and reacting to messages (docs/notes/messenger.md). */
export function createMessageService(ctx: AppContext, live: MessengerLive) {
  const { db, dialect } = ctx.database;
  const deliveryOrder = createDeliveryOrder();
  // PostgreSQL: sends of this instance write to a thread one after the other (send())
  const threadWrites = createDeliveryOrder();
  const media = createMediaService(ctx);
  /** A message's files as the wire answer lists them (docs/notes/messenger.md, Photos and documents). */
  const filesOf: MessageFiles = async (ids) => {
    const loaded = await media.loadAttachmentsForMessages(ids);
    const shape = (a: Attachment): MessageAttachment => ({
      id: a.id,
      '@id': a['@id'],
      content_url: a.secure_url ?? a.content_url,
      secure_urls: a.secure_urls,
      width: a.width,
      height: a.height,
      name: a.file_name,
      mime_type: a.mime_type,
    });
    return new Map(
      [...loaded].map(([id, lists]) => [
        id,
        { photos: lists.photos.map(shape), documents: lists.documents.map(shape) },
      ]),
    );
  };
  const one = async (row: MessageRow) => (await messageViews(db, [row], filesOf))[0]!;
  const offlinePush = createOfflinePush(ctx);
  const inCommitGroup = createCommitGroup(ctx.database);

  /** The message and the caller's membership of its thread; 404 for anyone else. */
  async function reachable(userId: number, messageRef: string) {
    const id = intIdFromIri(messageRef, 'thread/message');
    const row = id === undefined ? undefined : await findMessage(db, id);
    if (!row) throw messageNotFound();
    const { thread, member } = await requireMember(db, row.thread_id, userId).catch(() => {
      throw messageNotFound();
    });
    return { row, thread, member };
  }

  async function answerOf(row: MessageRow, justSent?: JustSent) {
    const [message] = await messageViews(db, [row], filesOf, justSent);
    const replied = row.reply_to_id === null ? undefined : await findMessage(db, row.reply_to_id);
    return { message: message!, originalMessage: replied ? await one(replied) : null };
  }

  return {
    /**
     * The send's statements and the newest page's, on `on` (db/warm.ts): ids that match
     * nothing, the write rolled back. The shapes that depend on a count of ids are warmed
     * for one message and for a full page.
     */
    async warm(on: Db) {
      await sendChecks(on, 0, 0, '');
      await sendChecks(on, 0, 0, null);
      await blockedEitherWay(on, 0, 0);
      await rolledBack(on, (trx) =>
        writeMessage(trx, dialect, {
          threadId: 0,
          userId: 0,
          sentBy: null,
          key: null,
          description: '',
          replyToId: null,
          at: new Date(),
        }),
      );
      await presentedMembersOf(on, [0]);
      await newestPage(on, 0, MESSENGER.messagesPerPage, 0);
      const page = Array.from({ length: MESSENGER.messagesPerPage }, (_, i) => -1 - i);
      for (const ids of [[0], page]) {
        await reactionsOf(on, ids);
        await media.loadAttachmentsForMessages(ids, on);
      }
      await loadSummaryRows(on, [0]);
    },

    async send(auth: AuthContext, body: MessageCreate) {
      const threadId = threadIdOf(body.thread);
      const key = body.key ?? null;
      // one statement (docs/PERFORMANCE.md, Messenger): the thread, its members, the message
      // already sent with this key, and the sender as messages present them
      const checks = await sendChecks(db, threadId, auth.userId, key);
      const { thread, members: memberRows, sender } = checks;
      if (!thread || !memberRows.some((m) => m.user_id === auth.userId)) throw threadNotFound();
      const members = memberRows.map((m) => m.user_id);
      await maySend(db, thread, members, auth.userId);
      const files = {
        message_photos: body.message_photos ?? [],
        message_documents: body.message_documents ?? [],
      };
      const hasFiles = files.message_photos.length + files.message_documents.length > 0;
      const text = isEmptyMessageText(body.description) ? EMPTY_MESSAGE_TEXT : body.description!;
      if (text === EMPTY_MESSAGE_TEXT && !hasFiles) throw new ApiError(422, 'message.empty');
      if (checks.earlierId !== null) {
        const earlier = await findMessage(db, checks.earlierId);
        if (earlier) return answerOf(earlier);
      }
      let replyToId: number | null = null;
      if (body.reply_to_message != null) {
        const replyId = intIdFromIri(body.reply_to_message, 'thread/message');
        const reply = replyId === undefined ? undefined : await findMessage(db, replyId);
        if (!reply || reply.thread_id !== threadId)
          throw new ApiError(404, 'message.replyNotFound');
        replyToId = reply.id;
      }
      const offline = await offlinePush.offlineMembers(auth.userId, memberRows);
      const senderName = sender?.name ?? '';
      const message = {
        threadId,
        userId: auth.userId,
        sentBy: auth.rootUserId,
        key,
        description: text,
        replyToId,
        at: new Date(),
      };
      let row: MessageRow;
      let turn: DeliveryTurn | undefined;
      const postgres = dialect.name === 'postgres';
      // PostgreSQL: one send of this instance at a time writes to a thread (the row lock
      // would make it wait anyway), so its delivery turn is taken before the next one writes
      const writing = postgres ? threadWrites.take(threadId) : undefined;
      try {
        await writing?.ready;
        const write = async (trx: Db) => {
          const written = await writeMessage(trx, dialect, message);
          if (!written) throw threadNotFound();
          // taken while the thread row is locked: turns follow the numbers (delivery-order.ts)
          turn = deliveryOrder.take(threadId);
          if (hasFiles) await media.attachToMessage(trx, written.id, auth.userId, files);
          await offlinePush.note(trx, offline, {
            threadId,
            seq: written.seq,
            senderName,
            text,
          });
          return written;
        };
        if (!postgres) {
          // sends arriving together share a commit on SQLite (db/commit-group.ts)
          row = await inCommitGroup(write);
        } else if (!hasFiles && offline.length === 0) {
          // nothing else to write: the one statement is its own transaction
          row = await write(db);
        } else {
          row = await db.transaction().execute(write);
        }
      } catch (error) {
        turn?.end();
        // the same key sent twice at once: the second answers the first
        const raced =
          key && isDuplicate(error) ? await findByKey(db, threadId, auth.userId, key) : undefined;
        if (!raced) throw error;
        return answerOf(raced);
      } finally {
        writing?.end();
      }
      let answer: Awaited<ReturnType<typeof answerOf>>;
      try {
        answer = await answerOf(row, { hasFiles, sender });
        await turn!.ready;
        await live.message('new_message', answer.message, members);
      } finally {
        turn!.end();
      }
      return answer;
    },

    async page(
      viewerId: number,
      threadId: number,
      paging: { limit: number; offset: number; afterSeq?: number },
    ) {
      if (paging.afterSeq === undefined) {
        // the newest page, in five statements (docs/PERFORMANCE.md, Messenger): the members
        // (the viewer's membership among them; a membership means the thread exists) beside
        // the page with its count, then the page's reactions, files and authors. Nothing is
        // answered before the membership is known.
        const [members, newest] = await Promise.all([
          presentedMembersOf(db, [threadId]),
          newestPage(db, threadId, paging.limit, paging.offset),
        ]);
        if (!members.some((m) => m.user_id === viewerId)) throw threadNotFound();
        const views = await messageViews(db, newest.rows, filesOf, undefined, members);
        return { members: views, total: newest.total };
      }
      await requireMember(db, threadId, viewerId);
      const limit = Math.min(paging.limit, MESSENGER.resumePageMax);
      const [rows, total] = await Promise.all([
        messagesAfter(db, threadId, paging.afterSeq, limit),
        countMessages(db, threadId, paging.afterSeq),
      ]);
      return { members: await messageViews(db, rows, filesOf), total };
    },

    async edit(auth: AuthContext, messageRef: string, description: string) {
      const { row } = await reachable(auth.userId, messageRef);
      if (row.user_id !== auth.userId) throw new ApiError(403, 'message.notAuthor');
      if (row.status === 'deleted') throw new ApiError(409, 'message.deleted');
      if (isEmptyMessageText(description)) throw new ApiError(422, 'message.empty');
      if (description !== row.description) {
        const at = new Date();
        const history = readJson<unknown[]>(row.edit_history, []);
        history.push({ description: row.description, edited_at: at.toISOString() });
        await editMessage(db, dialect, row.id, description, history, at);
      }
      const message = await one((await findMessage(db, row.id))!);
      await live.message('message_edited', message, await live.memberIds(row.thread_id));
      return message;
    },

    async remove(auth: AuthContext, messageRef: string) {
      const { row, thread, member } = await reachable(auth.userId, messageRef);
      const viewer = { userId: auth.userId, isAdmin: readBool(member.is_admin) };
      if (!mayDeleteMessage(thread.thread_type as ThreadType, viewer, row.user_id)) {
        throw new ApiError(403, 'message.notAuthor');
      }
      if (row.status !== 'deleted') {
        await db.transaction().execute(async (trx) => {
          await markMessageDeleted(trx, dialect, row.id, DELETED_MESSAGE_TEXT, new Date());
          // its photos and documents go with it, their storage freed
          await media.deleteMessageAttachments(trx, row.id);
        });
      }
      const message = await one((await findMessage(db, row.id))!);
      await live.message('message_deleted', message, await live.memberIds(row.thread_id));
      return message;
    },

    /**
     * DELETE /api/message/{type}/{id}: the uploader removes one photo or document (the media
     * module decides and frees the storage); the members get the message without it.
     */
    async removeFile(userId: number, type: 'photo' | 'document', fileRef: string) {
      const fileId = intIdFromIri(fileRef);
      if (fileId === undefined) throw new ApiError(404, 'media.notFound');
      const messageId = await media.deleteMessageAttachment(userId, type, fileId);
      const row = messageId === null ? undefined : await findMessage(db, messageId);
      if (!row) return;
      await live.fileRemoved(await one(row), fileId, await live.memberIds(row.thread_id));
    },

    async react(userId: number, messageRef: string, unicode: string, remove: boolean) {
      if (!isSingleEmoji(unicode)) throw new ApiError(422, 'message.badEmoji');
      const { row, thread } = await reachable(userId, messageRef);
      if (row.status === 'deleted') throw new ApiError(409, 'message.deleted');
      const members = await live.memberIds(row.thread_id);
      if (!remove) await maySend(db, thread, members, userId);
      if (remove) await removeReaction(db, row.id, userId, unicode);
      else await addReaction(db, dialect, row.id, userId, unicode, new Date());
      const reactions = presentReactions(await reactionsOf(db, [row.id]));
      await live.reactions(row.thread_id, row.id, reactions, members);
      return reactions;
    },
  };
}
export type MessageService = ReturnType<typeof createMessageService>;
