import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { iri, type Message as WireMessage, type ThreadPatch } from '@memoria/domain';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { markDeleted, patchMessage, toggleReaction, upsertThread, type MessageData } from './cache';
import { messagePath, messengerKeys, threadPath } from './queries';
import {
  fromWire,
  type Message,
  type MessageReaction,
  type Thread,
  type ThreadType,
} from './types';

/** Thread and message changes (docs/notes/messenger.md, Calls); reads are in queries.ts. */
function setMessages(
  client: QueryClient,
  threadId: number,
  change: (d: MessageData | undefined) => MessageData | undefined,
) {
  client.setQueryData<MessageData>(messengerKeys.messages(threadId), change);
}

export function useEditMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ message, text }: { message: Message; text: string }) =>
      api.patch<WireMessage>(messagePath(message.id), { description: text }),
    onSuccess: (saved, { message }) =>
      setMessages(client, message.thread_id, (data) =>
        patchMessage(data, message, () => fromWire(saved)),
      ),
  });
}

export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: Message) => api.delete<unknown>(messagePath(message.id)),
    onSuccess: (_answer, message) =>
      setMessages(client, message.thread_id, (data) =>
        patchMessage(data, message, (old) => markDeleted(old)),
      ),
  });
}

/**
 * A reaction is applied at once, rolled back on failure and replaced by the server's answer
 * (docs/notes/messenger-screens.md, Reactions).
 */
export function useReactToMessage(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      message,
      unicode,
      remove,
    }: {
      message: Message;
      unicode: string;
      remove: boolean;
    }) =>
      api.patch<MessageReaction[]>(
        `${messagePath(message.id)}/reaction`,
        { unicode },
        { query: { remove: remove ? 'true' : undefined } },
      ),
    onMutate: ({ message, unicode, remove }) => {
      setMessages(client, message.thread_id, (data) =>
        patchMessage(data, message, (old) => ({
          ...old,
          reactions: toggleReaction(old.reactions, unicode, userId, remove),
        })),
      );
      return { before: message.reactions };
    },
    onError: (_error, { message }, context) => {
      if (!context) return;
      setMessages(client, message.thread_id, (data) =>
        patchMessage(data, message, (old) => ({ ...old, reactions: context.before })),
      );
    },
    onSuccess: (reactions, { message }) => {
      setMessages(client, message.thread_id, (data) =>
        patchMessage(data, message, (old) => ({ ...old, reactions })),
      );
    },
  });
}

/** Marks a thread read; its badge, the viewer's read number and the menus' count follow. */
export async function markThreadRead(
  client: QueryClient,
  threadId: number,
  myId: number,
): Promise<void> {
  const answer = await api.post<{ last_read_seq: number; last_read_at: string | null }>(
    `${threadPath(threadId)}/read`,
  );
  client.setQueryData<Thread[]>(messengerKeys.threads, (threads) =>
    threads?.map((t) =>
      t.id === threadId ? { ...t, unread: 0, last_read_at: answer.last_read_at } : t,
    ),
  );
  client.setQueryData<Thread>(messengerKeys.thread(threadId), (t) =>
    t
      ? {
          ...t,
          unread: 0,
          users: t.users.map((u) =>
            u.user_id === myId
              ? { ...u, last_read_seq: Math.max(u.last_read_seq, answer.last_read_seq) }
              : u,
          ),
        }
      : t,
  );
  void client.invalidateQueries({ queryKey: messengerKeys.unread });
}

export interface NewThread {
  thread_type: ThreadType;
  userIds: number[];
  name?: string;
  thread_picture?: string | null;
  create_anyway?: boolean;
}

/** A second direct thread (or a twin group) is refused with the existing thread's id. */
export class ThreadExistsError extends Error {
  constructor(
    readonly threadId: number,
    message: string,
  ) {
    super(message);
    this.name = 'ThreadExistsError';
  }
}

/**
 * Thread creation (docs/notes/messenger-screens.md, Screens): an answer without users is an error,
 * its description or 'Unexpected error'; with an id it is the conversation-exists error.
 */
export function threadFromAnswer(answer: unknown): Thread {
  const body = (answer ?? {}) as Partial<Thread> & { description?: string; id?: number };
  if (Array.isArray(body.users) && body.users.length > 0) return body as Thread;
  const text =
    typeof body.description === 'string' && body.description
      ? body.description
      : 'Unexpected error';
  if (typeof body.id === 'number' && body.id > 0) throw new ThreadExistsError(body.id, text);
  throw new Error(text);
}

export function useCreateThread() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewThread) => {
      let answer: unknown;
      try {
        answer = await api.post<unknown>('/api/thread', {
          thread_type: input.thread_type,
          users: input.userIds.map((id) => iri('user', id)),
          name: input.name ?? null,
          thread_picture: input.thread_picture ?? null,
          ...(input.create_anyway ? { create_anyway: true } : {}),
        });
      } catch (error) {
        if (error instanceof ApiError) answer = error.body;
        if (!(error instanceof ApiError) || !(answer as { id?: unknown } | null)?.id) throw error;
      }
      return threadFromAnswer(answer);
    },
    onSuccess: (thread) => {
      client.setQueryData<Thread[]>(messengerKeys.threads, (threads) =>
        upsertThread(threads, thread),
      );
      client.setQueryData(messengerKeys.thread(thread.id), thread);
    },
  });
}

function storeThread(client: QueryClient, thread: Thread) {
  client.setQueryData(messengerKeys.thread(thread.id), thread);
  client.setQueryData<Thread[]>(messengerKeys.threads, (threads) =>
    threads?.map((t) => (t.id === thread.id ? { ...t, ...thread } : t)),
  );
}

export function usePatchThread(threadId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: ThreadPatch) => api.patch<Thread>(threadPath(threadId), patch),
    onSuccess: (thread) => storeThread(client, thread),
  });
}

/** Leaving a thread removes it locally. */
export function forgetThread(client: QueryClient, threadId: number): void {
  client.setQueryData<Thread[]>(messengerKeys.threads, (threads) =>
    threads?.filter((t) => t.id !== threadId),
  );
  client.removeQueries({ queryKey: messengerKeys.thread(threadId) });
  client.removeQueries({ queryKey: messengerKeys.messages(threadId) });
  void client.invalidateQueries({ queryKey: messengerKeys.unread });
}

export function useLeaveThread() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (threadId: number) => api.post<unknown>(`${threadPath(threadId)}/exit`),
    onSuccess: (_answer, threadId) => forgetThread(client, threadId),
  });
}

export function useRemoveMember(threadId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete<unknown>(`${threadPath(threadId)}/user/${userId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: messengerKeys.thread(threadId) }),
  });
}

export function useMuteThread(threadId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mute: boolean) =>
      api.post<unknown>(`${threadPath(threadId)}/${mute ? 'mute' : 'un-mute'}`),
    onSuccess: (_answer, muted) => {
      client.setQueryData<Thread>(messengerKeys.thread(threadId), (thread) =>
        thread ? { ...thread, muted } : thread,
      );
      client.setQueryData<Thread[]>(messengerKeys.threads, (threads) =>
        threads?.map((t) => (t.id === threadId ? { ...t, muted } : t)),
      );
    },
  });
}
