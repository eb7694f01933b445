import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  moveReaction,
  type HydraCollection,
  type Memo,
  type MemoReaction,
  type ReactionType,
} from '@memoria/domain';
import { hydraMembers } from '../../api/hydra';
import { api } from '../../api/client';
import { memoCache } from '../memos/queries';

interface ReactionAnswer {
  id: number;
  reaction_type: ReactionType;
  reactions: Record<string, number>;
}

/** The memo with the viewer's reaction moved to `to` (null: removed), counts following. */
export function withReaction(memo: Memo, to: ReactionType | null, id: number | null): Memo {
  return {
    ...memo,
    reactions: moveReaction(memo.reactions, memo.my_reaction, to),
    my_reaction: to,
    my_reaction_id: to === null ? null : id,
  };
}

/**
 * Sets, changes or removes the viewer's reaction on a memo (docs/DOMAIN.md, States: Reaction): the
 * counts change at once in every cached list and view, the server's answer then replaces
 * them, and a failure puts the memo back as it was.
 */
export function useReact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ memo, to }: { memo: Memo; to: ReactionType | null }) => {
      if (to === null) {
        if (memo.my_reaction_id !== null) {
          await api.delete(`/api/memo/reaction/${memo.my_reaction_id}`);
        }
        return null;
      }
      return api.post<ReactionAnswer>('/api/memo/reaction', {
        memo: memo['@id'],
        reaction_type: to,
      });
    },
    onMutate: ({ memo, to }) => {
      memoCache.patched(queryClient, memo.id, (old) => withReaction(old, to, old.my_reaction_id));
      return { before: memo };
    },
    onSuccess: (answer, { memo }) => {
      if (!answer) return;
      memoCache.patched(queryClient, memo.id, (old) => ({
        ...old,
        reactions: answer.reactions,
        my_reaction: answer.reaction_type,
        my_reaction_id: answer.id,
      }));
    },
    onError: (_error, { memo }, context) => {
      const before = context?.before ?? memo;
      memoCache.patched(queryClient, memo.id, (old) => ({
        ...old,
        reactions: before.reactions,
        my_reaction: before.my_reaction,
        my_reaction_id: before.my_reaction_id,
      }));
    },
  });
}

/** Who reacted to a memo and how (GET /api/memo/{id}/reactions), newest first. */
export function useReactionPeople(memoId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['reactions', memoId] as const,
    queryFn: async ({ signal }) =>
      hydraMembers(
        await api.get<HydraCollection<MemoReaction> | MemoReaction[]>(
          `/api/memo/${memoId}/reactions`,
          { hydra: true, query: { itemsPerPage: 100 }, signal },
        ),
      ),
    enabled,
    staleTime: 0,
  });
}
