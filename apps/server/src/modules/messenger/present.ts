import {
  DELETED_MESSAGE_TEXT,
  iri,
  type Message,
  type MessageAttachment,
  type MessageReaction,
  type MessageStatus,
  type Thread,
  type ThreadType,
} from '@memoria/domain';
import { isoTime, readBool, readJson } from '../../db/dialect.js';
import { summaryOf, type SummaryRow } from '../users/people.js';
import type { MessageRow } from './message-store.js';
import type { PresentedMemberRow, ThreadRow } from './store.js';

/** Thread and message answers (docs/notes/messenger.md, Calls). */

export type People = Map<number, SummaryRow>;
export interface ReactionRow {
  message_id: number;
  user_id: number;
  unicode: string;
  created_at: unknown;
}

function personOf(people: People, userId: number) {
  const person = people.get(userId);
  if (person) return summaryOf(person);
  return { id: userId, '@id': iri('user', userId), name: '', picture: null, label: '' };
}

/** A person's summary, presented once per answer (`summaries`). */
function summaryIn(people: People, summaries: Summaries, userId: number) {
  let summary = summaries.get(userId);
  if (!summary) {
    summary = personOf(people, userId);
    summaries.set(userId, summary);
  }
  return summary;
}

/** Each person's summary, kept while one answer is presented. */
export type Summaries = Map<number, ReturnType<typeof personOf>>;

/** What a thread's answer says the same to each of its members. */
/** What a thread's answer shows of its row. */
export type PresentedThreadRow = Pick<
  ThreadRow,
  | 'id'
  | 'thread_type'
  | 'name'
  | 'description'
  | 'picture_attachment_id'
  | 'last_seq'
  | 'created_at'
>;

export interface SharedThread {
  thread: PresentedThreadRow;
  /** its members, in the order they joined */
  members: PresentedMemberRow[];
  users: Thread['users'];
  created_at: string;
  thread_picture: Thread['thread_picture'];
  last_message: string | null;
  last_message_created_at: string | null;
}

/**
 * The members as a thread's answer lists them; `summaries` keeps each person's summary once
 * for all the threads of one answer (a person in many of them is presented once).
 */
export function presentMembers(
  members: PresentedMemberRow[],
  people: People,
  summaries: Summaries,
): Thread['users'] {
  return members.map((m) => {
    const summary = summaryIn(people, summaries, m.user_id);
    const admin = readBool(m.is_admin);
    return {
      id: summary.id,
      '@id': summary['@id'],
      name: summary.name,
      picture: summary.picture,
      label: summary.label,
      user_id: m.user_id,
      isAdmin: admin,
      admin,
      block_push: readBool(m.muted),
      joined_at: isoTime(m.joined_at) ?? '',
      last_read_at: isoTime(m.last_read_at),
      last_read_seq: m.last_read_seq,
    };
  });
}

export function presentSharedThread(
  thread: PresentedThreadRow,
  members: PresentedMemberRow[],
  users: Thread['users'],
  lastMessage: { description: string; created_at: unknown } | undefined,
  pictureUrl: (attachmentId: number) => string,
): SharedThread {
  return {
    thread,
    members,
    users,
    created_at: isoTime(thread.created_at) ?? '',
    thread_picture:
      thread.picture_attachment_id === null
        ? null
        : {
            id: thread.picture_attachment_id,
            content_url: pictureUrl(thread.picture_attachment_id),
          },
    last_message: lastMessage ? lastMessage.description : null,
    last_message_created_at: lastMessage ? isoTime(lastMessage.created_at) : null,
  };
}

/** A thread as one of its members (or anyone, `viewerId` not among them) sees it. */
export function presentThread(shared: SharedThread, viewerId: number): Thread {
  const { thread } = shared;
  const me = shared.members.find((m) => m.user_id === viewerId);
  const lastReadSeq = me?.last_read_seq ?? 0;
  return {
    id: thread.id,
    '@id': iri('thread', thread.id),
    created_at: shared.created_at,
    thread_type: thread.thread_type as ThreadType,
    name: thread.name,
    description: thread.description,
    thread_picture: shared.thread_picture,
    users: shared.users,
    last_message: shared.last_message,
    last_message_created_at: shared.last_message_created_at,
    last_read_at: isoTime(me?.last_read_at ?? null),
    unread: Math.max(0, thread.last_seq - lastReadSeq),
    muted: me ? readBool(me.muted) : false,
    last_seq: thread.last_seq,
  };
}

export function presentReactions(rows: ReactionRow[]): MessageReaction[] {
  const byUnicode = new Map<string, MessageReaction>();
  for (const row of rows) {
    let reaction = byUnicode.get(row.unicode);
    if (!reaction) {
      reaction = { unicode: row.unicode, count: 0, users: [] };
      byUnicode.set(row.unicode, reaction);
    }
    reaction.count += 1;
    reaction.users.push({ user_id: row.user_id, reacted_at: isoTime(row.created_at) ?? '' });
  }
  return [...byUnicode.values()];
}

export function presentMessage(
  row: MessageRow,
  context: {
    people: People;
    summaries: Summaries;
    members: PresentedMemberRow[];
    reactions: ReactionRow[];
    replies: Map<number, MessageRow>;
    files: Map<number, { photos: MessageAttachment[]; documents: MessageAttachment[] }>;
  },
): Message {
  const reply = row.reply_to_id !== null ? context.replies.get(row.reply_to_id) : undefined;
  const status = row.status as MessageStatus;
  return {
    id: row.id,
    '@id': iri('thread/message', row.id),
    key: row.client_key,
    seq: row.seq,
    thread: iri('thread', row.thread_id),
    thread_id: row.thread_id,
    created_at: isoTime(row.created_at) ?? '',
    modified_at: isoTime(row.updated_at) ?? '',
    description: status === 'deleted' ? DELETED_MESSAGE_TEXT : row.description,
    messageToReply: reply
      ? {
          id: reply.id,
          '@id': iri('thread/message', reply.id),
          description: reply.description,
          user_id: reply.user_id,
          status: reply.status as MessageStatus,
        }
      : null,
    edited: readBool(row.edited),
    edit_history: readJson<Message['edit_history']>(row.edit_history, []),
    read_by_users: context.members
      .filter(
        (m) =>
          m.thread_id === row.thread_id && m.user_id !== row.user_id && m.last_read_seq >= row.seq,
      )
      .map((m) => m.user_id),
    user: summaryIn(context.people, context.summaries, row.user_id),
    sent_by: row.sent_by,
    message_photos: context.files.get(row.id)?.photos ?? [],
    message_documents: context.files.get(row.id)?.documents ?? [],
    reactions: presentReactions(context.reactions.filter((r) => r.message_id === row.id)),
    status,
  };
}
