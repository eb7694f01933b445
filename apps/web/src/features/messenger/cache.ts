import type { InfiniteData } from '@tanstack/react-query';
import { DELETED_MESSAGE_TEXT } from '@memoria/domain';
import type { Message, MessageReaction, Thread } from './types';

/**
 * Pure changes of the cached messenger data (docs/notes/messenger-screens.md, Screens). A thread's
 * messages are pages of the API (page 1 the newest 20); a message is one entry whatever page
 * or push brought it, found by id or by the client's key.
 */
export interface MessagePage {
  items: Message[];
  total: number;
  page: number;
}

export type MessageData = InfiniteData<MessagePage>;

const sameMessage = (a: Message, b: Pick<Message, 'id' | 'key'>) =>
  (a.id > 0 && a.id === b.id) || (Boolean(a.key) && a.key === b.key);

/** Oldest first: by the thread's number, messages not yet numbered (being sent) last. */
export function compareMessages(a: Message, b: Message): number {
  const sa = a.seq > 0 ? a.seq : Number.POSITIVE_INFINITY;
  const sb = b.seq > 0 ? b.seq : Number.POSITIVE_INFINITY;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return a.created_at.localeCompare(b.created_at);
}

/** Every loaded message once, oldest first. */
export function flattenMessages(data: MessageData | undefined): Message[] {
  if (!data) return [];
  const seen = new Map<string, Message>();
  for (const page of data.pages) {
    for (const message of page.items) {
      const id = message.id > 0 ? `id:${message.id}` : `key:${message.key}`;
      if (!seen.has(id)) seen.set(id, message);
    }
  }
  // a message saved after an optimistic copy was kept: drop the copy with its key
  const saved = new Set([...seen.values()].filter((m) => m.id > 0).map((m) => m.key));
  return [...seen.values()].filter((m) => m.id > 0 || !saved.has(m.key)).sort(compareMessages);
}

/**
 * The number up to which a thread is complete: the highest `seq` reached from the oldest
 * loaded message without a missing number (a saved send may land past a message not pushed
 * yet; that one is still awaited). What a resume asks to go on from.
 */
export function lastSeq(data: MessageData | undefined): number {
  const numbers = new Set<number>();
  for (const page of data?.pages ?? []) {
    for (const message of page.items) if (message.seq > 0) numbers.add(message.seq);
  }
  if (numbers.size === 0) return 0;
  let last = Math.min(...numbers);
  while (numbers.has(last + 1)) last += 1;
  return last;
}

/** Whether a message with this id is loaded. */
export function hasMessage(data: MessageData | undefined, id: number): boolean {
  return (data?.pages ?? []).some((page) => page.items.some((m) => m.id === id));
}

/**
 * Puts a message in: replaces the entry with its id or key (the server's answer replaces the
 * optimistic copy, docs/notes/messenger-screens.md, Sending), else adds it to the newest page.
 */
export function upsertMessage(
  data: MessageData | undefined,
  message: Message,
): MessageData | undefined {
  if (!data || data.pages.length === 0) return data;
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((m) => sameMessage(m, message))) return page;
    found = true;
    return { ...page, items: page.items.map((m) => (sameMessage(m, message) ? message : m)) };
  });
  if (found) return { ...data, pages };
  const [first, ...rest] = pages;
  return {
    ...data,
    pages: [{ ...first!, items: [...first!.items, message], total: first!.total + 1 }, ...rest],
  };
}

/** Changes the message with this id (or key) in place; nothing when it is not loaded. */
export function patchMessage(
  data: MessageData | undefined,
  ref: Pick<Message, 'id' | 'key'>,
  change: (message: Message) => Message,
): MessageData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((m) => (sameMessage(m, ref) ? change(m) : m)),
    })),
  };
}

/** A deleted message: the placeholder text, status deleted, no photos or documents. */
export function markDeleted(message: Message): Message {
  return {
    ...message,
    description: DELETED_MESSAGE_TEXT,
    status: 'deleted',
    message_photos: [],
    message_documents: [],
    reactions: [],
  };
}

/**
 * Adds or takes back the viewer's reaction at once (rolled back on failure, then replaced by
 * the server's answer). Taking back the last count of a kind drops it.
 */
export function toggleReaction(
  reactions: MessageReaction[],
  unicode: string,
  userId: number,
  remove: boolean,
  now = new Date().toISOString(),
): MessageReaction[] {
  const existing = reactions.find((r) => r.unicode === unicode);
  if (remove) {
    if (!existing || !existing.users.some((u) => u.user_id === userId)) return reactions;
    return reactions.flatMap((r) => {
      if (r.unicode !== unicode) return [r];
      const users = r.users.filter((u) => u.user_id !== userId);
      return r.count - 1 > 0 ? [{ ...r, count: r.count - 1, users }] : [];
    });
  }
  if (existing?.users.some((u) => u.user_id === userId)) return reactions;
  if (existing) {
    return reactions.map((r) =>
      r.unicode === unicode
        ? { ...r, count: r.count + 1, users: [...r.users, { user_id: userId, reacted_at: now }] }
        : r,
    );
  }
  return [...reactions, { unicode, count: 1, users: [{ user_id: userId, reacted_at: now }] }];
}

/** Newest activity first (the thread list's order). */
export function sortThreads(threads: Thread[]): Thread[] {
  const at = (t: Thread) => t.last_message_created_at ?? t.created_at;
  return [...threads].sort((a, b) => at(b).localeCompare(at(a)));
}

/** A new or changed thread replaces its entry, or goes first. */
export function upsertThread(threads: Thread[] | undefined, thread: Thread): Thread[] | undefined {
  if (!threads) return threads;
  const others = threads.filter((t) => t.id !== thread.id);
  return sortThreads([thread, ...others]);
}
