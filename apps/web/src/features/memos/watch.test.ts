import { QueryClient } from '@tanstack/react-query';
import { FakeSocket, testJwt, useFakeSocketWorld } from '../../test/fake-socket';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMO_WATCH, type Memo } from '@memoria/domain';
import { setSession } from '../../api/session';
import * as socketModule from '../../api/socket';
import type { MemoPages } from './list-cache';
import { memoKeys } from './queries';
import { memoFixture } from './test-support';
import { heldMemoIds, watchHeldMemos, watchMessage } from './watch';

const latest = () => FakeSocket.latest();
/** a watch_memos message of these ids, whatever it says of their age */
const watching = (...ids: number[]) =>
  expect.objectContaining({ message_type: 'watch_memos', memo_ids: ids });
const pages = (...ids: number[]): MemoPages => ({
  pages: [{ items: ids.map((id) => memoFixture({ id })), total: ids.length, offset: 0 }],
  pageParams: [0],
});
const feed = { kind: 'user' as const, userId: 7 };
const collection = { kind: 'collection' as const, collectionId: 'garden' };

let queryClient: QueryClient;
const stops: Array<() => void> = [];

beforeEach(() => {
  useFakeSocketWorld();
  setSession({ token: testJwt(7), refreshToken: 'refresh', kind: 'full' });
  queryClient = new QueryClient();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('watched memos', () => {
  it('sends the held memos on open, after the cache changes, and again on a reconnect', async () => {
    queryClient.setQueryData(memoKeys.list(feed), pages(3, 1));
    queryClient.setQueryData(memoKeys.detail(9), memoFixture({ id: 9 }));
    stops.push(socketModule.connectSocket(), watchHeldMemos(queryClient, socketModule));
    await vi.advanceTimersByTimeAsync(0);
    latest().accept();
    expect(latest().sent).toEqual([watching(1, 3, 9)]);

    // a list's next page: sent once the cache has been quiet for the debounce
    queryClient.setQueryData(memoKeys.list(collection), pages(5));
    queryClient.setQueryData(memoKeys.list(feed), pages(3, 1, 4));
    await vi.advanceTimersByTimeAsync(MEMO_WATCH.debounceMs - 1);
    expect(latest().sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(latest().sent).toEqual([watching(1, 3, 9), watching(1, 3, 4, 5, 9)]);

    // the same memos again, or another kind of query: nothing to tell
    queryClient.setQueryData(memoKeys.detail(9), memoFixture({ id: 9, title: 'Edited' }));
    queryClient.setQueryData(['profile'], { id: 7 });
    await vi.advanceTimersByTimeAsync(MEMO_WATCH.debounceMs * 2);
    expect(latest().sent).toHaveLength(2);

    // a list gone from the cache: its memos are no longer watched
    queryClient.removeQueries({ queryKey: memoKeys.list(collection) });
    await vi.advanceTimersByTimeAsync(MEMO_WATCH.debounceMs);
    expect(latest().sent.at(-1)).toEqual(watching(1, 3, 4, 9));

    // a new socket watches nothing until told: the whole set again on its open
    const dropped = latest();
    dropped.end(1006);
    await vi.advanceTimersByTimeAsync(socketModule.reconnectDelay(0));
    expect(latest()).not.toBe(dropped);
    latest().accept();
    expect(latest().sent).toEqual([watching(1, 3, 4, 9)]);
  });

  it('holds at most MEMO_WATCH.maxMemos, the most recently loaded queries’ first', () => {
    const many = Array.from({ length: MEMO_WATCH.maxMemos }, (_, i) => i + 1);
    queryClient.setQueryData(memoKeys.list(feed), pages(...many), { updatedAt: 1000 });
    const later = memoFixture({ id: 5000 }) satisfies Memo;
    queryClient.setQueryData(memoKeys.detail(later.id), later, { updatedAt: 2000 });
    const held = heldMemoIds(queryClient);
    expect(held).toHaveLength(MEMO_WATCH.maxMemos);
    expect(held).toContain(5000);
    expect(held).not.toContain(MEMO_WATCH.maxMemos);
  });

  it('says how long ago it read the oldest memo the socket did not watch yet', async () => {
    const held = new Map([
      [1, 1_000],
      [2, 4_000],
      [3, 9_000],
    ]);
    expect(watchMessage(held, new Set(), 10_000)).toEqual({
      message_type: 'watch_memos',
      memo_ids: [1, 2, 3],
      read_ms_ago: 9_000,
    });
    expect(watchMessage(held, new Set([1]), 10_000)).toMatchObject({ read_ms_ago: 6_000 });
    // nothing new: no age to tell
    expect(watchMessage(held, new Set([1, 2, 3]), 10_000)).toEqual({
      message_type: 'watch_memos',
      memo_ids: [1, 2, 3],
    });

    // through the socket: a page loaded 2 s after the first, its set sent after the debounce
    queryClient.setQueryData(memoKeys.list(feed), pages(1, 2));
    stops.push(socketModule.connectSocket(), watchHeldMemos(queryClient, socketModule));
    await vi.advanceTimersByTimeAsync(0);
    latest().accept();
    await vi.advanceTimersByTimeAsync(2_000);
    queryClient.setQueryData(memoKeys.list(collection), pages(5));
    await vi.advanceTimersByTimeAsync(MEMO_WATCH.debounceMs);
    expect(latest().sent).toEqual([
      { message_type: 'watch_memos', memo_ids: [1, 2], read_ms_ago: 0 },
      { message_type: 'watch_memos', memo_ids: [1, 2, 5], read_ms_ago: MEMO_WATCH.debounceMs },
    ]);
    // a set that only lost memos: nothing new, no age
    queryClient.removeQueries({ queryKey: memoKeys.list(collection) });
    await vi.advanceTimersByTimeAsync(MEMO_WATCH.debounceMs);
    expect(latest().sent.at(-1)).toEqual({ message_type: 'watch_memos', memo_ids: [1, 2] });

    // a new socket watches nothing: every memo is new to it, memo 1 counted from its oldest
    // copy (the feed's, 2.1 s before its detail was read)
    queryClient.setQueryData(memoKeys.detail(1), memoFixture({ id: 1 }));
    await vi.advanceTimersByTimeAsync(MEMO_WATCH.debounceMs);
    const dropped = latest();
    dropped.end(1006);
    await vi.advanceTimersByTimeAsync(socketModule.reconnectDelay(0));
    latest().accept();
    const age = 2_000 + 3 * MEMO_WATCH.debounceMs + socketModule.reconnectDelay(0);
    expect(latest().sent).toEqual([
      { message_type: 'watch_memos', memo_ids: [1, 2], read_ms_ago: age },
    ]);
  });
});
