import { MEMO_WATCH } from '@memoria/domain';

/**
 * Watched memos (docs/notes/realtime-delivery.md, Watched memos): each tab says which memos
 * it holds (`watch_memos`), and a change that leaves a memo in place is judged only for the
 * people watching it, on the instance that holds their sockets, instead of for everyone online.
 */

/** The changes sent to watchers only; a deletion still goes to everyone online who saw it. */
export type WatchedMemoChange = 'updated' | 'comment' | 'reaction';

/** A change to a memo, announced to every instance; each judges its own watchers. */
export type MemoChangeAnnouncement =
  | { memoId: number; change: 'updated' }
  | {
      memoId: number;
      change: 'comment' | 'reaction';
      /** who commented or reacted: their own watching tabs hear of it too */
      actorId: number;
      /** people told already (a notification about this comment stands for the change) */
      skip?: number[];
    };

/**
 * Of `watchers` (people with a socket on this instance watching the memo), those who may hear
 * of the change: the audience rule of its kind, run for them alone. Must not throw.
 */
export type MemoChangeJudge = (
  announcement: MemoChangeAnnouncement,
  watchers: number[],
) => Promise<number[]>;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * A client's `watch_memos` message: the ids, and `read_ms_ago` (how long ago, by the tab's
 * clock, it read the oldest of the memos new to this socket's set; absent or not a
 * non-negative integer: unknown). Undefined when the ids are malformed (not an array of
 * positive safe integers, or more than MEMO_WATCH.maxMemos of them): such a message is
 * ignored and the socket keeps what it watched.
 */
export function watchedMemos(
  message: Record<string, unknown>,
): { memoIds: number[]; readMsAgo?: number } | undefined {
  const ids = message.memo_ids;
  if (!Array.isArray(ids) || ids.length > MEMO_WATCH.maxMemos || !ids.every(isId)) {
    return undefined;
  }
  const readMsAgo = message.read_ms_ago;
  const known = typeof readMsAgo === 'number' && Number.isSafeInteger(readMsAgo) && readMsAgo >= 0;
  return known ? { memoIds: ids, readMsAgo } : { memoIds: ids };
}

/** An announcement as another instance published it, or undefined when it is not one. */
export function parseAnnouncement(value: unknown): MemoChangeAnnouncement | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { memoId, change, actorId, skip } = value as Record<string, unknown>;
  if (!isId(memoId)) return undefined;
  if (change === 'updated') return { memoId, change };
  if (change !== 'comment' && change !== 'reaction') return undefined;
  if (!isId(actorId)) return undefined;
  if (skip === undefined) return { memoId, change, actorId };
  if (!Array.isArray(skip) || !skip.every(isId)) return undefined;
  return { memoId, change, actorId, skip };
}

/**
 * Which users of this instance watch which memos: a set per socket, so a new set replaces
 * exactly what that socket watched and a closing socket takes its own away, and per memo
 * the users with how many of their sockets watch it.
 */
export function createMemoWatchIndex() {
  const bySocket = new Map<object, { userId: number; memoIds: Set<number> }>();
  const byMemo = new Map<number, Map<number, number>>();

  function add(memoId: number, userId: number): void {
    let users = byMemo.get(memoId);
    if (!users) byMemo.set(memoId, (users = new Map()));
    users.set(userId, (users.get(userId) ?? 0) + 1);
  }
  function remove(memoId: number, userId: number): void {
    const users = byMemo.get(memoId);
    const sockets = users?.get(userId);
    if (!users || sockets === undefined) return;
    if (sockets > 1) users.set(userId, sockets - 1);
    else users.delete(userId);
    if (users.size === 0) byMemo.delete(memoId);
  }
  function forget(socket: object): void {
    const watched = bySocket.get(socket);
    if (!watched) return;
    bySocket.delete(socket);
    for (const memoId of watched.memoIds) remove(memoId, watched.userId);
  }

  return {
    /**
     * `socket` of `userId` now watches these memos, and no others. Answers the ones it did not
     * watch before: changes announced meanwhile passed it by.
     */
    replace(socket: object, userId: number, memoIds: readonly number[]): number[] {
      const before = bySocket.get(socket)?.memoIds;
      forget(socket);
      const unique = new Set(memoIds);
      if (unique.size === 0) return [];
      bySocket.set(socket, { userId, memoIds: unique });
      for (const memoId of unique) add(memoId, userId);
      return before ? [...unique].filter((id) => !before.has(id)) : [...unique];
    },
    forget,
    /** the users with a socket here watching the memo */
    watchersOf: (memoId: number): number[] => [...(byMemo.get(memoId)?.keys() ?? [])],
    clear(): void {
      bySocket.clear();
      byMemo.clear();
    },
  };
}

export type MemoWatchIndex = ReturnType<typeof createMemoWatchIndex>;

/** At most this many memos' recent changes are kept, however many are announced. */
const RECENT_LIMIT = 20_000;

/**
 * The changes announced in the last `replayMs`, latest per memo and kind, oldest first: what a
 * memo joining a socket's set may have missed.
 */
function createRecentChanges(replayMs: number, now: () => number) {
  type Told = { announcement: MemoChangeAnnouncement; at: number };
  const byMemo = new Map<number, { at: number; latest: Map<string, Told> }>();
  function prune(): void {
    const cutoff = now() - replayMs;
    for (const [memoId, entry] of byMemo) {
      if (entry.at >= cutoff && byMemo.size <= RECENT_LIMIT) break;
      byMemo.delete(memoId);
    }
  }
  return {
    remember(announcement: MemoChangeAnnouncement): void {
      const at = now();
      const entry = byMemo.get(announcement.memoId);
      const latest = entry?.latest ?? new Map<string, Told>();
      latest.set(announcement.change, { announcement, at });
      // taken out and put back, so the map stays in the order of the last change
      byMemo.delete(announcement.memoId);
      byMemo.set(announcement.memoId, { at, latest });
      prune();
    },
    /** the latest change of each kind of these memos made `withinMs` ago or later */
    of(memoIds: readonly number[], withinMs: number): MemoChangeAnnouncement[] {
      prune();
      if (byMemo.size === 0) return [];
      const since = now() - withinMs;
      return memoIds.flatMap((memoId) =>
        [...(byMemo.get(memoId)?.latest.values() ?? [])]
          .filter(({ at }) => at >= since)
          .map(({ announcement }) => announcement),
      );
    },
    clear: () => byMemo.clear(),
  };
}

const changedText = ({ memoId: memo_id, change }: MemoChangeAnnouncement): string =>
  JSON.stringify({ message_type: 'memo_changed', memo_id, change });

const skips = (announcement: MemoChangeAnnouncement): Set<number> =>
  new Set('skip' in announcement ? announcement.skip : []);

/**
 * What an instance does with an announced memo change: its watchers of the memo (none: no
 * query at all), judged by the rule of the change's kind, are sent `memo_changed` on the
 * sockets of this instance (`deliverHere`). The change is remembered for
 * MEMO_WATCH.replayMs, and a socket that starts watching the memo within that time is told
 * of it too (`replay`), judged the same way: the tab may have read the memo before the change
 * and sent its set (or opened its socket) after.
 */
export function createMemoChangeDesk(
  index: MemoWatchIndex,
  deliverHere: (userIds: readonly number[], text: string) => Promise<void>,
  {
    replayMs = MEMO_WATCH.replayMs,
    now = Date.now,
  }: { replayMs?: number; now?: () => number } = {},
) {
  const judges = new Map<WatchedMemoChange, MemoChangeJudge>();
  const recent = createRecentChanges(replayMs, now);
  return {
    judge(change: WatchedMemoChange, judge: MemoChangeJudge): void {
      judges.set(change, judge);
    },
    async receive(announcement: MemoChangeAnnouncement): Promise<void> {
      recent.remember(announcement);
      const skip = skips(announcement);
      const watchers = index.watchersOf(announcement.memoId).filter((id) => !skip.has(id));
      const judge = judges.get(announcement.change);
      // without a rule nobody may be told: no one is sent what was not judged
      if (watchers.length === 0 || !judge) return;
      const allowed = await judge(announcement, watchers);
      if (allowed.length === 0) return;
      await deliverHere(allowed, changedText(announcement));
    },
    /**
     * The recent changes of memos `userId`'s socket has just started watching, each judged for
     * that user alone and handed to `send` (one query per memo and kind changed lately; none
     * when nothing it holds changed). `readMsAgo`: how long ago the tab read the oldest of
     * them, by its own clock (see watchedMemoIds); the changes before that, less
     * MEMO_WATCH.readSlackMs, are already in what it holds.
     */
    async replay(
      userId: number,
      memoIds: readonly number[],
      send: (text: string) => void,
      readMsAgo?: number,
    ): Promise<void> {
      const withinMs =
        readMsAgo === undefined ? replayMs : Math.min(replayMs, readMsAgo + MEMO_WATCH.readSlackMs);
      for (const announcement of recent.of(memoIds, withinMs)) {
        const judge = judges.get(announcement.change);
        if (!judge || skips(announcement).has(userId)) continue;
        const allowed = await judge(announcement, [userId]);
        if (allowed.includes(userId)) send(changedText(announcement));
      }
    },
    clear: () => recent.clear(),
  };
}
