import type { Kysely } from 'kysely';
import type { Message, MessageAttachment, Thread } from '@memoria/domain';
import type { DatabaseSchema } from '../../db/schema.js';
import { loadPeople, type PersonRow } from '../users/people.js';
import { messagesByIds, reactionsOf, threadsByIds, type MessageRow } from './message-store.js';
import { presentMessage, presentThread } from './present.js';
import { membersOf } from './store.js';

type Db = Kysely<DatabaseSchema>;

/** Loads what thread and message answers need, a few queries per page (never per row). */

/** The signed URL of a thread picture (the media service's threadPictureUrl). */
export type PictureUrl = (attachmentId: number) => string;

/** The threads as each viewer sees them, in the order of `ids`. */
export async function threadViews(db: Db, ids: number[], pictureUrl: PictureUrl) {
  const threads = await threadsByIds(db, ids);
  const members = await membersOf(db, ids);
  const people = await loadPeople(
    db,
    members.map((m) => m.user_id),
  );
  const lastIds = threads.map((t) => t.last_message_id).filter((id): id is number => id !== null);
  const last = new Map((await messagesByIds(db, lastIds)).map((m) => [m.id, m]));
  const byId = new Map(threads.map((t) => [t.id, t]));
  return (viewerId: number): Thread[] =>
    ids.flatMap((id) => {
      const thread = byId.get(id);
      if (!thread) return [];
      const own = members.filter((m) => m.thread_id === id);
      const lastMessage =
        thread.last_message_id !== null ? last.get(thread.last_message_id) : undefined;
      return [presentThread(thread, own, people, viewerId, lastMessage, pictureUrl)];
    });
}

export async function threadView(
  db: Db,
  id: number,
  viewerId: number,
  pictureUrl: PictureUrl,
): Promise<Thread> {
  const view = await threadViews(db, [id], pictureUrl);
  const [thread] = view(viewerId);
  if (!thread) throw new Error(`thread ${id} vanished`);
  return thread;
}

/** The photos and documents of some messages, by message id (through the media service). */
export type MessageFiles = (
  messageIds: number[],
) => Promise<Map<number, { photos: MessageAttachment[]; documents: MessageAttachment[] }>>;

/** A message just sent: whether it has files, and its author if already read. */
export interface JustSent {
  hasFiles: boolean;
  sender?: PersonRow | undefined;
}

/**
 * Messages of one or more threads, presented with authors, replies, reactions, readers, files.
 * `justSent`: one message written a moment ago by its author, who alone has read it, with no
 * reaction yet and files only if it was sent with some: its readers and reactions are known
 * to be empty without asking (the send answers this way at 300 messages a second).
 */
export async function messageViews(
  db: Db,
  rows: MessageRow[],
  filesOf: MessageFiles,
  justSent?: JustSent,
): Promise<Message[]> {
  if (rows.length === 0) return [];
  const threadIds = [...new Set(rows.map((r) => r.thread_id))];
  const replyIds = rows.map((r) => r.reply_to_id).filter((id): id is number => id !== null);
  const noFiles: Awaited<ReturnType<MessageFiles>> = new Map();
  const [members, reactions, replies, files] = await Promise.all([
    justSent ? [] : membersOf(db, threadIds),
    justSent
      ? []
      : reactionsOf(
          db,
          rows.map((r) => r.id),
        ),
    replyIds.length > 0 ? messagesByIds(db, replyIds) : [],
    justSent && !justSent.hasFiles ? noFiles : filesOf(rows.map((r) => r.id)),
  ]);
  const sender = justSent?.sender;
  const people =
    sender && rows.every((r) => r.user_id === sender.id)
      ? new Map([[sender.id, sender]])
      : await loadPeople(
          db,
          rows.map((r) => r.user_id),
        );
  const context = {
    people,
    members,
    reactions,
    replies: new Map(replies.map((r) => [r.id, r])),
    files,
  };
  return rows.map((row) => presentMessage(row, context));
}
