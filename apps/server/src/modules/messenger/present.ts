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
import { summaryOf, type PersonRow } from '../users/people.js';
import type { MessageRow } from './message-store.js';
import type { MemberRow, ThreadRow } from './store.js';

/** Thread and message answers (docs/notes/messenger.md, Calls). */

export type People = Map<number, PersonRow>;
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

export function presentThread(
  thread: ThreadRow,
  members: MemberRow[],
  people: People,
  viewerId: number,
  lastMessage: MessageRow | undefined,
  pictureUrl: (attachmentId: number) => string,
): Thread {
  const me = members.find((m) => m.user_id === viewerId);
  const lastReadSeq = me?.last_read_seq ?? 0;
  return {
    id: thread.id,
    '@id': iri('thread', thread.id),
    created_at: isoTime(thread.created_at) ?? '',
    thread_type: thread.thread_type as ThreadType,
    name: thread.name,
    description: thread.description,
    thread_picture:
      thread.picture_attachment_id === null
        ? null
        : {
            id: thread.picture_attachment_id,
            content_url: pictureUrl(thread.picture_attachment_id),
          },
    users: members.map((m) => {
      const admin = readBool(m.is_admin);
      return {
        ...personOf(people, m.user_id),
        user_id: m.user_id,
        isAdmin: admin,
        admin,
        block_push: readBool(m.muted),
        joined_at: isoTime(m.joined_at) ?? '',
        last_read_at: isoTime(m.last_read_at),
        last_read_seq: m.last_read_seq,
      };
    }),
    last_message: lastMessage ? lastMessage.description : null,
    last_message_created_at: lastMessage ? isoTime(lastMessage.created_at) : null,
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
    members: MemberRow[];
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
    user: personOf(context.people, row.user_id),
    sent_by: row.sent_by,
    message_photos: context.files.get(row.id)?.photos ?? [],
    message_documents: context.files.get(row.id)?.documents ?? [],
    reactions: presentReactions(context.reactions.filter((r) => r.message_id === row.id)),
    status,
  };
}
