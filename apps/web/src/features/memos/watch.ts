import type { Query, QueryClient } from '@tanstack/react-query';
import { MEMO_WATCH, type Memo } from '@memoria/domain';
import type { SocketMessage, SocketOpenListener } from '../../api/socket';
import { flatten, type MemoPages } from './list-cache';
import { memoKeys } from './queries';

/**
 * The memos this tab holds, told to the server as `watch_memos` so that it sends this tab the
 * `memo_changed` of those memos only (docs/notes/realtime-delivery.md, Watched memos): every
 * memo in the cached memo lists and details, shown or not, since applyMemoChange keeps the
 * inactive ones right too.
 */

/** What the watch needs of the socket module (passed in: both load on demand, together). */
export interface WatchSocket {
  onSocketOpen(listener: SocketOpenListener): () => void;
  sendSocket(message: SocketMessage): boolean;
}

function idsOf(query: Query): number[] {
  const data = query.state.data as MemoPages | Memo | undefined;
  if (!data) return [];
  if ('pages' in data) return flatten(data).map((memo) => memo.id);
  return typeof data.id === 'number' ? [data.id] : [];
}

/**
 * The ids of the memos held in the memo lists and details, at most MEMO_WATCH.maxMemos: the
 * most recently loaded queries' first when there are more. In ascending order.
 */
export function heldMemoIds(queryClient: QueryClient): number[] {
  const cache = queryClient.getQueryCache();
  const queries = [
    ...cache.findAll({ queryKey: memoKeys.lists }),
    ...cache.findAll({ queryKey: memoKeys.details }),
  ].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const held = new Set<number>();
  for (const query of queries) {
    for (const id of idsOf(query)) {
      if (held.size >= MEMO_WATCH.maxMemos) break;
      held.add(id);
    }
  }
  return [...held].sort((a, b) => a - b);
}

/**
 * Sends the held set on every socket open (a new socket watches nothing) and, a moment
 * after the memo queries change (MEMO_WATCH.debounceMs), whenever it differs from the set
 * last sent on this socket. Answers the function that stops it.
 */
export function watchHeldMemos(queryClient: QueryClient, socket: WatchSocket): () => void {
  /** the set last sent on the open socket, as text; null: nothing sent on it yet */
  let sent: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (always: boolean) => {
    const ids = heldMemoIds(queryClient);
    const text = ids.join(',');
    if (!always && text === sent) return;
    if (socket.sendSocket({ message_type: 'watch_memos', memo_ids: ids })) sent = text;
  };
  const stopOpen = socket.onSocketOpen(() => {
    clearTimeout(timer);
    send(true);
  });
  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== memoKeys.all[0]) return;
    clearTimeout(timer);
    timer = setTimeout(() => send(false), MEMO_WATCH.debounceMs);
  });
  // a socket opened before this started (sendSocket drops the message when none is open)
  send(false);
  return () => {
    clearTimeout(timer);
    stopOpen();
    stopCache();
  };
}
