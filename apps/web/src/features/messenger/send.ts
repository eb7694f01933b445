import type { QueryClient } from '@tanstack/react-query';
import { EMPTY_MESSAGE_TEXT, iri, type Message as WireMessage } from '@memoria/domain';
import { api } from '../../api/client';
import { patchMessage, upsertMessage, type MessageData } from './cache';
import { messengerKeys } from './queries';
import {
  fromWire,
  type Message,
  type MessageAttachment,
  type QuotedMessage,
  type Thread,
} from './types';

/**
 * The optimistic send (docs/notes/messenger-screens.md, Sending): the message shows at once with
 * status `sending`, the server's answer replaces it (found by its key), a failure marks it
 * `failed` with a retry that sends the same key again, so the server keeps one message.
 */
export interface Draft {
  threadId: number;
  text: string;
  replyTo: QuotedMessage | null;
  photos: MessageAttachment[];
  documents: MessageAttachment[];
}

/** Who sends, as a message shows its author. */
export type Author = Message['user'];

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

let temporaryId = 0;

/** The message as shown before the server has it (a negative id: not saved yet). */
export function optimisticMessage(draft: Draft, me: Author, key = newKey()): Message {
  temporaryId -= 1;
  const now = new Date().toISOString();
  return {
    id: temporaryId,
    '@id': '',
    key,
    seq: 0,
    thread: iri('thread', draft.threadId),
    thread_id: draft.threadId,
    created_at: now,
    modified_at: now,
    description: draft.text.trim() === '' ? EMPTY_MESSAGE_TEXT : draft.text,
    messageToReply: draft.replyTo,
    edited: false,
    edit_history: [],
    read_by_users: [],
    user: me,
    sent_by: null,
    message_photos: draft.photos,
    message_documents: draft.documents,
    reactions: [],
    status: 'sending',
  };
}

export function sendBody(message: Message) {
  return {
    thread: message.thread,
    key: message.key,
    description: message.description,
    reply_to_message: message.messageToReply ? message.messageToReply['@id'] : null,
    message_photos: message.message_photos.map((item) => item['@id']),
    message_documents: message.message_documents.map((item) => item['@id']),
  };
}

function setMessages(
  client: QueryClient,
  threadId: number,
  change: (data: MessageData | undefined) => MessageData | undefined,
) {
  client.setQueryData<MessageData>(messengerKeys.messages(threadId), change);
}

/** The thread list's entry follows the newest message and moves to the top. */
export function noteLastMessage(client: QueryClient, message: Message): void {
  client.setQueryData<Thread[]>(messengerKeys.threads, (threads) => {
    if (!threads) return threads;
    const found = threads.find((thread) => thread.id === message.thread_id);
    if (!found) return threads;
    const updated: Thread = {
      ...found,
      last_message: message.description,
      last_message_created_at: message.created_at,
      last_seq: Math.max(found.last_seq, message.seq),
    };
    return [updated, ...threads.filter((thread) => thread.id !== message.thread_id)];
  });
}

/** Sends (or sends again) `message`; resolves with what is now in the cache. */
export async function deliver(client: QueryClient, message: Message): Promise<Message> {
  const sending: Message = { ...message, status: 'sending' };
  setMessages(client, message.thread_id, (data) => upsertMessage(data, sending));
  try {
    const answer = await api.post<{ message: WireMessage }>(
      '/api/thread/message',
      sendBody(sending),
    );
    const saved = fromWire(answer.message);
    setMessages(client, message.thread_id, (data) => upsertMessage(data, saved));
    noteLastMessage(client, saved);
    return saved;
  } catch {
    const failed: Message = { ...sending, status: 'failed' };
    setMessages(client, message.thread_id, (data) => patchMessage(data, sending, () => failed));
    return failed;
  }
}

export function sendDraft(client: QueryClient, draft: Draft, me: Author): Promise<Message> {
  return deliver(client, optimisticMessage(draft, me));
}
