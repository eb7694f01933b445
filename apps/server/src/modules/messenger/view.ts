import type { Kysely } from 'kysely';
import type { Message, MessageAttachment, Thread } from '@memoria/domain';
import type { DatabaseSchema } from '../../db/schema.js';
import { loadSummaryRows, type SummaryRow } from '../users/people.js';
import { messagesByIds, reactionsOf, type MessageRow } from './message-store.js';
import {
  presentMembers,
  presentMessage,
  presentSharedThread,
  presentThread,
  type SharedThread,
  type Summaries,
} from './present.js';
import { presentedMembersOf, type PresentedMemberRow } from './store.js';
import { threadsWithLastMessage, type ListedThreadRow } from './thread-list-store.js';

type Db = Kysely<DatabaseSchema>;

/** Loads what thread and message answers need, a few queries per page (never per row). */

/** The signed URL of a thread picture (the media service's threadPictureUrl). */
export type PictureUrl = (attachmentId: number) => string;

/** Threads as one viewer sees them. */
export type ThreadViews = (viewerId: number) => Thread[];

/** The threads as each viewer sees them, in the order of `ids`. */
export async function threadViews(
  db: Db,
  ids: number[],
  pictureUrl: PictureUrl,
): Promise<ThreadViews> {
  return listedThreadViews(db, ids, await threadsWithLastMessage(db, ids), pictureUrl);
}

/**
 * The threads of `rows` (read with their last message) as each viewer sees them, in the
 * order of `ids`: what is the same for every member (the members, the last message) is
 * presented once, and each person once however many of the threads they are in.
 */
export async function listedThreadViews(
  db: Db,
  ids: number[],
  rows: ListedThreadRow[],
  pictureUrl: PictureUrl,
) {
  const members = rows.length > 0 ? await presentedMembersOf(db, ids) : [];
  const people = await loadSummaryRows(
    db,
    members.map((m) => m.user_id),
  );
  const membersByThread = new Map<number, PresentedMemberRow[]>();
  for (const member of members) {
    const own = membersByThread.get(member.thread_id);
    if (own) own.push(member);
    else membersByThread.set(member.thread_id, [member]);
  }
  const summaries: Summaries = new Map();
  const shared = new Map<number, SharedThread>();
  for (const row of rows) {
    const own = membersByThread.get(row.id) ?? [];
    const last =
      row.last_message_id !== null && row.last_description !== null
        ? { description: row.last_description, created_at: row.last_created_at }
        : undefined;
    shared.set(
      row.id,
      presentSharedThread(row, own, presentMembers(own, people, summaries), last, pictureUrl),
    );
  }
  return (viewerId: number): Thread[] =>
    ids.flatMap((id) => {
      const thread = shared.get(id);
      return thread ? [presentThread(thread, viewerId)] : [];
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
  sender?: SummaryRow | undefined;
}

/**
 * Messages of one or more threads, presented with authors, replies, reactions, readers, files.
 * `justSent`: one message written a moment ago by its author, who alone has read it, with no
 * reaction yet and files only if it was sent with some: its readers and reactions are known
 * to be empty without asking (the send answers this way at 300 messages a second).
 * `members`: the members of the rows' threads (presentedMembersOf), when the caller read them.
 */
export async function messageViews(
  db: Db,
  rows: MessageRow[],
  filesOf: MessageFiles,
  justSent?: JustSent,
  knownMembers?: PresentedMemberRow[],
): Promise<Message[]> {
  if (rows.length === 0) return [];
  const threadIds = [...new Set(rows.map((r) => r.thread_id))];
  const replyIds = rows.map((r) => r.reply_to_id).filter((id): id is number => id !== null);
  const noFiles: Awaited<ReturnType<MessageFiles>> = new Map();
  const [members, reactions, replies, files] = await Promise.all([
    justSent ? [] : (knownMembers ?? presentedMembersOf(db, threadIds)),
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
      : await loadSummaryRows(
          db,
          rows.map((r) => r.user_id),
        );
  const context = {
    people,
    summaries: new Map() as Summaries,
    members,
    reactions,
    replies: new Map(replies.map((r) => [r.id, r])),
    files,
  };
  return rows.map((row) => presentMessage(row, context));
}
