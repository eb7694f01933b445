import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Message as WireMessage } from '@memoria/domain';
import {
  onSocketOpen,
  sendSocket,
  useSocketMessage,
  type SocketHandler,
  type SocketMessage,
} from '../../api/socket';
import {
  hasMessage,
  lastSeq,
  patchMessage,
  upsertMessage,
  upsertThread,
  type MessageData,
} from './cache';
import type { MessengerEvent } from '@memoria/domain';
import type { LiveBacklog } from './live-on-demand';
import { forgetThread } from './mutations';
import { cachedThreads, fetchMessagesAfter, messengerKeys } from './queries';
import { noteLastMessage } from './send';
import { noteTyping, stopTyping } from './typing';
import { fromWire, type Message, type MessageReaction, type Thread } from './types';

/**
 * The messenger's live part (docs/notes/messenger-screens.md, Live and resume),
 * mounted once in the layout while signed in. A thread whose messages are loaded applies a
 * pushed message only when it is the next number; a gap (or a reconnect) asks the server for
 * everything after the last number applied, so each message shows exactly once, in order.
 */
const resuming = new Map<number, Promise<void>>();

function messagesOf(client: QueryClient, threadId: number) {
  return client.getQueryData<MessageData>(messengerKeys.messages(threadId));
}

function apply(client: QueryClient, message: Message) {
  client.setQueryData<MessageData>(messengerKeys.messages(message.thread_id), (data) =>
    upsertMessage(data, message),
  );
  noteLastMessage(client, message);
}

/** Fetches and applies what came after the last applied number; one run per thread at a time. */
export function resumeThread(client: QueryClient, threadId: number): Promise<void> {
  const running = resuming.get(threadId);
  if (running) return running.then(() => resumeThread(client, threadId));
  const run = (async () => {
    const after = lastSeq(messagesOf(client, threadId));
    const missed = await fetchMessagesAfter(threadId, after);
    for (const message of missed) apply(client, message);
  })()
    .catch(() => undefined)
    .finally(() => resuming.delete(threadId));
  resuming.set(threadId, run);
  return run;
}

/** Someone else's new message: the thread's badge and the menus' count go up. */
function countUnread(client: QueryClient, threadId: number) {
  client.setQueryData<Thread[]>(messengerKeys.threads, (threads) =>
    threads?.map((t) => (t.id === threadId ? { ...t, unread: t.unread + 1 } : t)),
  );
  void client.invalidateQueries({ queryKey: messengerKeys.unread });
}

/**
 * A pushed message: applied when next, dropped when seen, a resume when after a gap. The
 * open thread marks itself read (thread-view.tsx), which takes the count down again.
 */
export function receiveMessage(client: QueryClient, message: Message, myId: number): void {
  stopTyping(message.thread_id, message.user.id);
  const fromOthers = message.user.id !== myId;
  const data = messagesOf(client, message.thread_id);
  if (!data) {
    // Not loaded: only its entry in the list and the counters change (a thread the list
    // does not hold yet is read again with it).
    const listed = client.getQueryData<Thread[]>(messengerKeys.threads);
    if (listed && !listed.some((t) => t.id === message.thread_id)) {
      void client.invalidateQueries({ queryKey: messengerKeys.threads });
    }
    noteLastMessage(client, message);
    if (fromOthers) countUnread(client, message.thread_id);
    return;
  }
  const last = lastSeq(data);
  if (message.seq <= last || hasMessage(data, message.id)) {
    // seen already (the sender's own answer may have brought it before the push)
    if (!hasMessage(data, message.id)) apply(client, message);
    return;
  }
  if (message.seq === last + 1 && !resuming.has(message.thread_id)) {
    apply(client, message);
    if (fromOthers) countUnread(client, message.thread_id);
    return;
  }
  void resumeThread(client, message.thread_id).then(() => {
    void client.invalidateQueries({ queryKey: messengerKeys.threads });
    void client.invalidateQueries({ queryKey: messengerKeys.unread });
  });
}

/** Threads the viewer was removed from while on the screen (the thread view says so). */
const removed = new Set<number>();
const removedListeners = new Set<() => void>();
let removedVersion = 0;

export function useRemovedFromThread(threadId: number): boolean {
  useSyncExternalStore(
    (listener) => {
      removedListeners.add(listener);
      return () => removedListeners.delete(listener);
    },
    () => removedVersion,
  );
  return removed.has(threadId);
}

function markRemoved(threadId: number) {
  removed.add(threadId);
  removedVersion += 1;
  for (const listener of [...removedListeners]) listener();
}

function patchThreadCaches(client: QueryClient, threadId: number, change: (t: Thread) => Thread) {
  client.setQueryData<Thread>(messengerKeys.thread(threadId), (t) => (t ? change(t) : t));
  client.setQueryData<Thread[]>(messengerKeys.threads, (threads) =>
    threads?.map((t) => (t.id === threadId ? change(t) : t)),
  );
}

/**
 * The messages of the threads already read that came after their last number: on a first
 * socket, what was sent between a thread's read and the socket's opening reached nobody.
 */
function resumeMessages(client: QueryClient) {
  for (const { threadId } of cachedThreads(client)) void resumeThread(client, threadId);
}

/** What was pushed while the socket was down reached nobody: read it again. */
function resumeAll(client: QueryClient) {
  resumeMessages(client);
  void client.invalidateQueries({ queryKey: messengerKeys.threads });
  void client.invalidateQueries({ queryKey: messengerKeys.unread });
}

/**
 * `backlog`: what reached the tab before this was mounted (live-on-demand.tsx), applied once
 * the handlers listen.
 */
export function useMessengerLive(myId: number | null, backlog?: LiveBacklog): void {
  const client = useQueryClient();
  const enabled = myId !== null;

  const replace = (event: SocketMessage) => {
    const message = event.message as WireMessage | undefined;
    if (!enabled || !message || typeof message.id !== 'number') return;
    client.setQueryData<MessageData>(messengerKeys.messages(message.thread_id), (data) =>
      patchMessage(data, fromWire(message), () => fromWire(message)),
    );
  };
  const storeThread = (event: SocketMessage) => {
    const thread = event.thread as Thread | undefined;
    if (!enabled || !thread || typeof thread.id !== 'number') return;
    client.setQueryData<Thread[]>(messengerKeys.threads, (threads) =>
      upsertThread(threads, thread),
    );
    client.setQueryData(messengerKeys.thread(thread.id), thread);
  };
  const on: Record<MessengerEvent, SocketHandler> = {
    new_message: (event) => {
      const message = event.message as WireMessage | undefined;
      if (!enabled || !message || typeof message.id !== 'number') return;
      sendSocket({
        message_type: 'new_message',
        message_id: message.id,
        thread_id: message.thread_id,
      });
      receiveMessage(client, fromWire(message), myId);
    },
    message_edited: replace,
    message_deleted: replace,
    // one photo or document taken off: the message comes as it is now
    message_file_removed: replace,
    message_reactions: (event) => {
      const threadId = Number(event.thread_id);
      const id = Number(event.message_id);
      const reactions = event.reactions as MessageReaction[] | undefined;
      if (!enabled || !Array.isArray(reactions)) return;
      client.setQueryData<MessageData>(messengerKeys.messages(threadId), (data) =>
        patchMessage(data, { id, key: '' }, (old) => ({ ...old, reactions })),
      );
    },
    thread_read: (event) => {
      const threadId = Number(event.thread_id);
      const userId = Number(event.user_id);
      const seq = Number(event.last_read_seq);
      const at = typeof event.last_read_at === 'string' ? event.last_read_at : null;
      if (!enabled) return;
      patchThreadCaches(client, threadId, (t) => ({
        ...t,
        ...(userId === myId ? { unread: 0, last_read_at: at } : {}),
        users: t.users.map((u) =>
          u.user_id === userId ? { ...u, last_read_seq: seq, last_read_at: at } : u,
        ),
      }));
      if (userId === myId) void client.invalidateQueries({ queryKey: messengerKeys.unread });
    },
    typing: (event) => {
      const userId = Number(event.user_id);
      if (!enabled || userId === myId) return;
      noteTyping(Number(event.thread_id), userId, String(event.name ?? ''));
    },
    thread_created: storeThread,
    thread_updated: storeThread,
    removed_from_thread: (event) => {
      const threadId = Number(event.thread_id);
      if (!enabled || !(threadId > 0)) return;
      markRemoved(threadId);
      forgetThread(client, threadId);
    },
  };
  useSocketMessage('new_message', on.new_message);
  useSocketMessage('message_edited', on.message_edited);
  useSocketMessage('message_deleted', on.message_deleted);
  useSocketMessage('message_file_removed', on.message_file_removed);
  useSocketMessage('message_reactions', on.message_reactions);
  useSocketMessage('thread_read', on.thread_read);
  useSocketMessage('typing', on.typing);
  useSocketMessage('thread_created', on.thread_created);
  useSocketMessage('thread_updated', on.thread_updated);
  useSocketMessage('removed_from_thread', on.removed_from_thread);

  useEffect(() => {
    if (!enabled) return undefined;
    return onSocketOpen(({ reconnected }) => {
      if (reconnected) resumeAll(client);
      else resumeMessages(client);
    });
  }, [client, enabled]);

  // After the subscriptions above (effects run in order): from here on they hear everything.
  const handlers = useRef(on);
  useEffect(() => {
    handlers.current = on;
  });
  useEffect(() => {
    if (!backlog || backlog.live) return;
    backlog.live = true;
    for (const event of backlog.events.splice(0)) {
      handlers.current[event.message_type as MessengerEvent]?.(event);
    }
    if (!enabled) return;
    if (backlog.reconnected) resumeAll(client);
    else if (backlog.opened) resumeMessages(client);
  }, [backlog, client, enabled]);
}

/** The live part as a component, so the layout can load it after the first screen. */
export function MessengerLive({ userId, backlog }: { userId: number; backlog?: LiveBacklog }) {
  useMessengerLive(userId, backlog);
  return null;
}
