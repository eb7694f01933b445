import { useQueryClient } from '@tanstack/react-query';
import type { Memo } from '@memoria/domain';
import { api } from '../../api/client';
import { useSocketMessage, type SocketMessage } from '../../api/socket';
import { memoChangeOf } from '../memos/memo-change';
import { memoCache } from '../memos/queries';
import { commentKeys } from './queries';

/**
 * Keeps a memo's comments and reactions live: on the server's `memo_changed` for this memo
 * (change 'comment' or 'reaction'; a comment notification counts as 'comment') the memo's
 * counts are read again and patched into every cached list and view; on 'comment' its
 * comment threads refetch.
 */
export function useMemoLive(memoId: number, change: 'comment' | 'reaction') {
  const queryClient = useQueryClient();
  const onMessage = (message: SocketMessage) => {
    const changed = memoChangeOf(message);
    if (changed?.memo_id !== memoId || changed.change !== change) return;
    if (change === 'comment') {
      void queryClient.invalidateQueries({ queryKey: commentKeys.memo(memoId) });
    }
    api
      .get<Memo>(`/api/memo/${memoId}`)
      .then((fresh) =>
        memoCache.patched(queryClient, memoId, (old) => ({
          ...old,
          reactions: fresh.reactions,
          my_reaction: fresh.my_reaction,
          my_reaction_id: fresh.my_reaction_id,
          comments_number: fresh.comments_number,
        })),
      )
      .catch(() => {
        // the memo may be gone or out of reach now; its own views say so when reopened
      });
  };
  useSocketMessage('memo_changed', onMessage);
  useSocketMessage('notification', onMessage);
}
