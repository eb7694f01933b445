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
 * The ids of a client's `watch_memos` message, or undefined when it is malformed (not an
 * array of positive safe integers, or more than MEMO_WATCH.maxMemos of them): such a message
 * is ignored and the socket keeps what it watched.
 */
export function watchedMemoIds(message: Record<string, unknown>): number[] | undefined {
  const ids = message.memo_ids;
  if (!Array.isArray(ids) || ids.length > MEMO_WATCH.maxMemos) return undefined;
  return ids.every(isId) ? ids : undefined;
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
    /** `socket` of `userId` now watches these memos, and no others */
    replace(socket: object, userId: number, memoIds: readonly number[]): void {
      forget(socket);
      const unique = new Set(memoIds);
      if (unique.size === 0) return;
      bySocket.set(socket, { userId, memoIds: unique });
      for (const memoId of unique) add(memoId, userId);
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

/**
 * What an instance does with an announced memo change: its watchers of the memo (none: no
 * query at all), judged by the rule of the change's kind, are sent `memo_changed` on the
 * sockets of this instance (`deliverHere`).
 */
export function createMemoChangeDesk(
  index: MemoWatchIndex,
  deliverHere: (userIds: readonly number[], text: string) => Promise<void>,
) {
  const judges = new Map<WatchedMemoChange, MemoChangeJudge>();
  return {
    judge(change: WatchedMemoChange, judge: MemoChangeJudge): void {
      judges.set(change, judge);
    },
    async receive(announcement: MemoChangeAnnouncement): Promise<void> {
      const skip = new Set('skip' in announcement ? announcement.skip : []);
      const watchers = index.watchersOf(announcement.memoId).filter((id) => !skip.has(id));
      const judge = judges.get(announcement.change);
      // without a rule nobody may be told: no one is sent what was not judged
      if (watchers.length === 0 || !judge) return;
      const allowed = await judge(announcement, watchers);
      if (allowed.length === 0) return;
      const { memoId: memo_id, change } = announcement;
      await deliverHere(allowed, JSON.stringify({ message_type: 'memo_changed', memo_id, change }));
    },
  };
}
