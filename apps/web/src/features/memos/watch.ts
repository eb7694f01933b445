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
 * The memos held in the memo lists and details, at most MEMO_WATCH.maxMemos (the most recently
 * loaded queries' first when there are more), each with when the tab read the oldest copy
 * it holds (its query's `dataUpdatedAt`).
 */
function heldMemos(queryClient: QueryClient): Map<number, number> {
  const cache = queryClient.getQueryCache();
  const queries = [
    ...cache.findAll({ queryKey: memoKeys.lists }),
    ...cache.findAll({ queryKey: memoKeys.details }),
  ].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const held = new Map<number, number>();
  for (const query of queries) {
    for (const id of idsOf(query)) {
      if (held.has(id)) held.set(id, query.state.dataUpdatedAt);
      else if (held.size < MEMO_WATCH.maxMemos) held.set(id, query.state.dataUpdatedAt);
    }
  }
  return held;
}

/** The ids of the held memos (heldMemos), in ascending order. */
export function heldMemoIds(queryClient: QueryClient): number[] {
  return [...heldMemos(queryClient).keys()].sort((a, b) => a - b);
}

/**
 * The `watch_memos` message for the memos held now. With `read_ms_ago`, how long ago the tab
 * read the oldest of those the socket did not watch yet (`watched`), so that the server tells
 * it of their changes since then and no earlier ones (MEMO_WATCH.replayMs).
 */
export function watchMessage(
  held: ReadonlyMap<number, number>,
  watched: ReadonlySet<number>,
  now = Date.now(),
): SocketMessage {
  const memo_ids = [...held.keys()].sort((a, b) => a - b);
  const readTimes = memo_ids.filter((id) => !watched.has(id)).map((id) => held.get(id) ?? 0);
  if (readTimes.length === 0) return { message_type: 'watch_memos', memo_ids };
  const read_ms_ago = Math.max(0, Math.round(now - Math.min(...readTimes)));
  return { message_type: 'watch_memos', memo_ids, read_ms_ago };
}

/**
 * Sends the held set on every socket open (a new socket watches nothing) and, a moment
 * after the memo queries change (MEMO_WATCH.debounceMs), whenever it differs from the set
 * last sent on this socket. Answers the function that stops it.
 */
export function watchHeldMemos(queryClient: QueryClient, socket: WatchSocket): () => void {
  /** the set last sent on the open socket; null: nothing sent on it yet */
  let sent: Set<number> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (always: boolean) => {
    const held = heldMemos(queryClient);
    // what the open socket watches: nothing yet on a new one
    const watched = always || sent === null ? new Set<number>() : sent;
    const same = watched.size === held.size && [...held.keys()].every((id) => watched.has(id));
    if (!always && sent !== null && same) return;
    if (socket.sendSocket(watchMessage(held, watched))) sent = new Set(held.keys());
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
