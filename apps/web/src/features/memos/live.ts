import type { QueryClient } from '@tanstack/react-query';
import type { Memo } from '@memoria/domain';
import { isApiError } from '../../api/errors';
import type { SocketMessage } from '../../api/socket';
import { flatten, type MemoPages } from './list-cache';
import { memoChangeOf, type MemoChangedMessage } from './memo-change';
import { fetchMemo, memoCache, memoKeys } from './queries';

export type { MemoChangedMessage } from './memo-change';

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

/** The app's memo_changed handler (the providers subscribe it, and to comment notifications). */
export function onMemoChanged(queryClient: QueryClient, message: SocketMessage): Promise<void> {
  const change = memoChangeOf(message);
  return change ? applyMemoChange(queryClient, change) : Promise.resolve();
}
