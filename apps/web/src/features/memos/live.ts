import type { QueryClient } from '@tanstack/react-query';
import type { Memo } from '@memoria/domain';
import { isApiError } from '../../api/errors';
import type { SocketMessage } from '../../api/socket';
import { flatten, type MemoPages } from './list-cache';
import { fetchMemo, memoCache, memoKeys } from './queries';

/** `memo_changed` (contract of issue 6): a memo someone may see here changed or went. */
export interface MemoChangedMessage extends SocketMessage {
  message_type: 'memo_changed';
  memo_id: number;
  change: 'updated' | 'deleted' | 'comment' | 'reaction';
}

function isMemoChanged(message: SocketMessage): message is MemoChangedMessage {
  return (
    message.message_type === 'memo_changed' &&
    typeof message.memo_id === 'number' &&
    typeof message.change === 'string'
  );
}

function listed(queryClient: QueryClient, id: number): boolean {
  return queryClient
    .getQueriesData<MemoPages>({ queryKey: memoKeys.lists })
    .some(([, data]) => flatten(data).some((memo) => memo.id === id));
}

/**
 * Brings the cached copies of the memo up to date: a deleted one leaves the lists; a
 * changed one is fetched again where a list shows it (a 403/404 means it is no longer
 * ours to see) and its open detail view refetches. Memos this tab holds nowhere cost nothing.
 */
export async function applyMemoChange(
  queryClient: QueryClient,
  message: MemoChangedMessage,
): Promise<void> {
  const id = message.memo_id;
  if (message.change === 'deleted') {
    memoCache.deleted(queryClient, id);
    return;
  }
  void queryClient.invalidateQueries({ queryKey: [...memoKeys.details, id] });
  if (!listed(queryClient, id)) return;
  let memo: Memo;
  try {
    memo = await fetchMemo(id);
  } catch (error) {
    if (isApiError(error) && (error.status === 403 || error.status === 404)) {
      memoCache.deleted(queryClient, id);
    }
    return;
  }
  memoCache.patched(queryClient, id, () => memo);
}

/** The app's memo_changed handler (the providers subscribe it). */
export function onMemoChanged(queryClient: QueryClient, message: SocketMessage): Promise<void> {
  return isMemoChanged(message) ? applyMemoChange(queryClient, message) : Promise.resolve();
}
