import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { MESSENGER, type HydraCollection } from '@memoria/domain';
import { api } from '../../api/client';
import { hydraMembers, hydraTotal } from '../../api/hydra';
import { lastSeq, type MessageData, type MessagePage } from './cache';
import type { Message as WireMessage } from '@memoria/domain';
import { fromWire, type Message, type Thread } from './types';
import { unreadMessagesQuery } from './unread-query';

/**
 * The messenger's reads (docs/notes/messenger.md, Calls). Everything lives
 * under the `messenger` key; mutations are in mutations.ts, live pushes in live.ts.
 */
export const messengerKeys = {
  all: ['messenger'] as const,
  threads: ['messenger', 'threads'] as const,
  search: (text: string) => ['messenger', 'search', text] as const,
  thread: (id: number) => ['messenger', 'thread', id] as const,
  messages: (id: number) => ['messenger', 'messages', id] as const,
  unread: unreadMessagesQuery.queryKey,
};

export const threadPath = (id: number) => `/api/thread/${id}`;
export const messagePath = (id: number) => `/api/thread/message/${id}`;

async function readThreads(path: string, search?: string): Promise<Thread[]> {
  const answer = await api.get<HydraCollection<Thread> | Thread[]>(path, {
    hydra: true,
    query: { itemsPerPage: MESSENGER.threadsPerPage, search: search || undefined },
  });
  return hydraMembers(answer);
}

/** The caller's threads, newest activity first (one page holds them all). */
export function useThreads(enabled = true) {
  return useQuery({
    queryKey: messengerKeys.threads,
    queryFn: () => readThreads('/api/user/threads'),
    enabled,
  });
}

/** Threads matching a search (name, member, message text), only when there is one. */
export function useThreadSearch(text: string) {
  const search = text.trim();
  return useQuery({
    queryKey: messengerKeys.search(search),
    queryFn: () => readThreads('/api/thread/search', search),
    enabled: search.length > 0,
  });
}

export function useThread(id: number) {
  return useQuery({
    queryKey: messengerKeys.thread(id),
    queryFn: () => api.get<Thread>(threadPath(id)),
    enabled: id > 0,
  });
}

export async function fetchMessagePage(threadId: number, page: number): Promise<MessagePage> {
  const answer = await api.get<HydraCollection<WireMessage>>(`${threadPath(threadId)}/messages`, {
    hydra: true,
    query: { page, itemsPerPage: MESSENGER.messagesPerPage },
  });
  return { items: hydraMembers(answer).map(fromWire), total: hydraTotal(answer), page };
}

function olderPage(last: MessagePage, pages: MessagePage[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded < last.total && last.items.length > 0 ? last.page + 1 : undefined;
}

/** A thread's messages: page 1 the newest 20, older pages as the reader scrolls up. */
export function useMessages(threadId: number) {
  return useInfiniteQuery({
    queryKey: messengerKeys.messages(threadId),
    queryFn: ({ pageParam }) => fetchMessagePage(threadId, pageParam),
    initialPageParam: 1,
    getNextPageParam: olderPage,
    enabled: threadId > 0,
  });
}

/** Unread messages (muted threads left out), for the menus' badges. */
export function useUnreadMessages(enabled = true) {
  return useQuery({ ...unreadMessagesQuery, enabled });
}

/**
 * What came after `afterSeq` in a thread, oldest first, asked again while a full page comes
 * back (the resume, docs/notes/messenger.md, Delivery guarantees).
 */
export async function fetchMessagesAfter(threadId: number, afterSeq: number): Promise<Message[]> {
  const all: Message[] = [];
  let after = afterSeq;
  for (;;) {
    const answer = await api.get<HydraCollection<WireMessage> | WireMessage[]>(
      `${threadPath(threadId)}/messages`,
      { hydra: true, query: { after_seq: after, itemsPerPage: MESSENGER.resumePageMax } },
    );
    const page = hydraMembers(answer).map(fromWire);
    all.push(...page);
    if (page.length < MESSENGER.resumePageMax) return all;
    after = Math.max(after, ...page.map((m) => m.seq));
  }
}

/** The threads whose messages are cached, with the last number each has seen. */
export function cachedThreads(client: QueryClient): { threadId: number; seq: number }[] {
  return client
    .getQueriesData<MessageData>({ queryKey: ['messenger', 'messages'] })
    .flatMap(([key, data]) => {
      const threadId = Number(key[2]);
      return data && threadId > 0 ? [{ threadId, seq: lastSeq(data) }] : [];
    });
}
