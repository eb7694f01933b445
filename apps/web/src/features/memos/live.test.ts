import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Memo } from '@memoria/domain';
import { configureClient } from '../../api/client';
import { resetSessionCache, setSession } from '../../api/session';
import { flatten, type MemoPages } from './list-cache';
import { onMemoChanged } from './live';
import { memoChangeOf } from './memo-change';
import { memoKeys } from './queries';
import { memoFixture } from './test-support';

const source = { kind: 'user' as const, userId: 7 };
const pages = (...memos: Memo[]): MemoPages => ({
  pages: [{ items: memos, total: memos.length, offset: 0 }],
  pageParams: [0],
});

let queryClient: QueryClient;
const listed = () => flatten(queryClient.getQueryData<MemoPages>(memoKeys.list(source)));

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  resetSessionCache();
  configureClient({ baseUrl: '' });
  setSession({ token: 'token', refreshToken: 'refresh', kind: 'full' });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(
    memoKeys.list(source),
    pages(memoFixture({ id: 1 }), memoFixture({ id: 2 })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('memo_changed', () => {
  it('a deleted memo leaves the lists without a request', async () => {
    const fetchMock = answer(200, {});
    await onMemoChanged(queryClient, {
      message_type: 'memo_changed',
      memo_id: 1,
      change: 'deleted',
    });
    expect(listed().map((m) => m.id)).toEqual([2]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a changed memo a list shows is fetched again and replaced in place', async () => {
    const fetchMock = answer(200, memoFixture({ id: 2, title: 'Edited elsewhere' }));
    await onMemoChanged(queryClient, {
      message_type: 'memo_changed',
      memo_id: 2,
      change: 'updated',
    });
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/memo/2');
    expect(listed().map((m) => [m.id, m.title])).toEqual([
      [1, 'Memo 1'],
      [2, 'Edited elsewhere'],
    ]);
  });

  it('a memo no longer visible leaves the lists', async () => {
    answer(404, { status: 404, message: 'gone' });
    await onMemoChanged(queryClient, {
      message_type: 'memo_changed',
      memo_id: 2,
      change: 'updated',
    });
    expect(listed().map((m) => m.id)).toEqual([1]);
  });

  it('a memo this tab does not hold costs no request; malformed messages are ignored', async () => {
    const fetchMock = answer(200, memoFixture({ id: 99 }));
    await onMemoChanged(queryClient, {
      message_type: 'memo_changed',
      memo_id: 99,
      change: 'updated',
    });
    await onMemoChanged(queryClient, {
      message_type: 'memo_changed',
      memo_id: '1',
      change: 'deleted',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(listed().map((m) => m.id)).toEqual([1, 2]);
  });

  it('a comment notification counts as its memo changing; other notifications do not', async () => {
    const fetchMock = answer(200, memoFixture({ id: 2, title: 'Memo 2', comments_number: 4 }));
    const notification = (type: string, memo: { id: number; title: string } | null) => ({
      message_type: 'notification',
      notification: { id: 50, type, memo },
    });
    expect(
      memoChangeOf(notification('new_comment_watcher_notification', { id: 2, title: 'x' })),
    ).toEqual({ message_type: 'memo_changed', memo_id: 2, change: 'comment' });
    expect(memoChangeOf(notification('new_reaction', { id: 2, title: 'x' }))).toBeNull();
    expect(memoChangeOf(notification('new_comment', null))).toBeNull();
    await onMemoChanged(queryClient, notification('new_follower', null));
    expect(fetchMock).not.toHaveBeenCalled();
    await onMemoChanged(queryClient, notification('new_comment_mention', { id: 2, title: 'x' }));
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/memo/2');
    expect(listed().find((m) => m.id === 2)?.comments_number).toBe(4);
  });
});
