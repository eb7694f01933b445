import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  type HydraCollection,
  type Memo,
  type MemoComment,
  type UserSummary,
} from '@memoria/domain';
import { api } from '../../api/client';
import { hydraMembers } from '../../api/hydra';
import { memoCache } from '../memos/queries';

export const commentKeys = {
  memo: (memoId: number) => ['comments', memoId] as const,
  list: (memoId: number) => ['comments', memoId, 'top'] as const,
  replies: (memoId: number, commentId: number) =>
    ['comments', memoId, 'replies', commentId] as const,
};

/** Top-level comments of a memo, oldest first (docs/RULES.md, Limits: fetched 100000 per call). */
export function useComments(memoId: number, enabled = true) {
  return useQuery({
    queryKey: commentKeys.list(memoId),
    queryFn: async ({ signal }) =>
      hydraMembers(
        await api.get<HydraCollection<MemoComment> | MemoComment[]>(
          `/api/memo/${memoId}/comments`,
          { hydra: true, query: { itemsPerPage: PAGE_SIZES.comments }, signal },
        ),
      ),
    enabled,
  });
}

export function useReplies(memoId: number, commentId: number, enabled: boolean) {
  return useQuery({
    queryKey: commentKeys.replies(memoId, commentId),
    queryFn: async ({ signal }) =>
      hydraMembers(
        await api.get<HydraCollection<MemoComment> | MemoComment[]>(
          `/api/comment/${commentId}/reply`,
          { hydra: true, query: { itemsPerPage: PAGE_SIZES.comments }, signal },
        ),
      ),
    enabled,
  });
}

/**
 * Whom a comment on this memo may mention: the viewer's connections who see its comments
 * (a mention of anyone else would reach nobody). Kept apart from the comments' keys, which
 * every new comment invalidates.
 */
export function useMentionable(memoId: number) {
  return useQuery({
    queryKey: ['mentionable', memoId] as const,
    queryFn: async ({ signal }): Promise<UserSummary[]> =>
      hydraMembers(
        await api.get<HydraCollection<UserSummary> | UserSummary[]>(
          `/api/memo/${memoId}/mentionable`,
          { hydra: true, query: { itemsPerPage: PAGE_SIZES.connections }, signal },
        ),
      ),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

function useAfterChange(memoId: number) {
  const queryClient = useQueryClient();
  return (countChange: number) => {
    void queryClient.invalidateQueries({ queryKey: commentKeys.memo(memoId) });
    if (countChange !== 0) {
      memoCache.patched(queryClient, memoId, (memo) => ({
        ...memo,
        comments_number: Math.max(0, memo.comments_number + countChange),
      }));
    }
  };
}

export function useCreateComment(memoId: number) {
  const after = useAfterChange(memoId);
  return useMutation({
    mutationFn: (body: { description: string; parent?: string }) =>
      api.post<MemoComment>('/api/memo/comment', { memo: `/api/memo/${memoId}`, ...body }),
    onSuccess: () => after(1),
  });
}

export function useEditComment(memoId: number) {
  const after = useAfterChange(memoId);
  return useMutation({
    mutationFn: ({ id, description }: { id: number; description: string }) =>
      api.patch<MemoComment>(`/api/memo/comment/${id}`, { description }),
    onSuccess: () => after(0),
  });
}

export function useDeleteComment(memoId: number) {
  const after = useAfterChange(memoId);
  return useMutation({
    mutationFn: (comment: MemoComment) => api.delete(`/api/memo/comment/${comment.id}`),
    onSuccess: (_answer, comment) => after(-(1 + comment.replies_count)),
  });
}

/** Watch or stop watching a memo's comments; notify_me follows once the server agreed. */
export function useWatchMemoComments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (memo: Memo) => {
      if (memo.notify_me) await api.delete(`/api/memo/${memo.id}/delete-comment-watching`);
      else await api.post('/api/comment_watching', { memo: memo['@id'] });
      return !memo.notify_me;
    },
    onSuccess: (notifyMe, memo) =>
      memoCache.patched(queryClient, memo.id, (old) => ({ ...old, notify_me: notifyMe })),
  });
}
