import { useMutation } from '@tanstack/react-query';
import type { Memo, MemoTodo, MemoWrite } from '@memoria/domain';
import { api } from '../../api/client';
import { memoCache, useMemoCache } from './queries';

/** The memo calls of docs/API.md, Calls with their cache updates (queries.ts memoCache). */

export function useCreateMemo() {
  const cache = useMemoCache();
  return useMutation({
    mutationFn: (body: MemoWrite) => api.post<Memo>('/api/memo', body),
    onSuccess: (memo) => cache.created(memo),
  });
}

export function useUpdateMemo() {
  const cache = useMemoCache();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MemoWrite }) =>
      api.put<Memo>(`/api/memo/${id}`, body),
    onSuccess: (memo) => cache.updated(memo),
  });
}

export function useDeleteMemo() {
  const cache = useMemoCache();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/memo/${id}`),
    onSuccess: (_, id) => cache.deleted(id),
  });
}

/** Pin on top of (or unpin from) a collection; without one, the memo's first collection. */
export function usePinMemo() {
  const cache = useMemoCache();
  return useMutation({
    mutationFn: ({ id, pin, collectionId }: { id: number; pin: boolean; collectionId?: string }) =>
      api.get<Memo>(pin ? `/api/memo/pin_on_top/${id}` : `/api/memo/unpin/${id}`, {
        query: { collection: collectionId },
      }),
    onSuccess: (memo) => cache.updated(memo),
  });
}

export function useCopyMemo() {
  const cache = useMemoCache();
  return useMutation({
    mutationFn: ({ id, collection }: { id: number; collection?: string }) =>
      api.post<Memo>(`/api/memo/copy/${id}`, collection ? { collection } : {}),
    onSuccess: (memo) => cache.created(memo),
  });
}

export function useMemoSecretLink() {
  return useMutation({
    mutationFn: (id: number) =>
      api.get<{ secret_link: string }>(`/api/memo/${id}/secret-link`).then((a) => a.secret_link),
  });
}

/** A web push about the memo to the people who may read it; answers how many it reached. */
export function usePushMemo() {
  return useMutation({
    mutationFn: (id: number) =>
      api
        .post<{ recipients: number }>(`/api/memo/${id}/push-notification`, {})
        .then((a) => a.recipients),
  });
}

function withTodo(memo: Memo, todoId: number, update: (todo: MemoTodo) => MemoTodo): Memo {
  return {
    ...memo,
    memo_todos: memo.memo_todos.map((todo) => (todo.id === todoId ? update(todo) : todo)),
  };
}

/**
 * Ticks a todo (docs/DOMAIN.md, States: "Todo item"): the change shows at once, the server's answer
 * replaces it, and a failure puts the old state back and is rethrown to the caller.
 */
export function useToggleTodo() {
  const cache = useMemoCache();
  return useMutation({
    mutationFn: ({ todoId }: { memoId: number; todoId: number; closed: boolean }) =>
      api.get<MemoTodo>(`/api/memo/todo/${todoId}/change`),
    onMutate: ({ memoId, todoId, closed }) => {
      memoCache.patched(cache.queryClient, memoId, (memo) =>
        withTodo(memo, todoId, (todo) => ({ ...todo, closed })),
      );
    },
    onSuccess: (answer, { memoId, todoId }) => {
      memoCache.patched(cache.queryClient, memoId, (memo) =>
        withTodo(memo, todoId, (todo) => ({ ...todo, ...answer })),
      );
    },
    onError: (_, { memoId, todoId, closed }) => {
      memoCache.patched(cache.queryClient, memoId, (memo) =>
        withTodo(memo, todoId, (todo) => ({ ...todo, closed: !closed })),
      );
    },
  });
}
