import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Memo } from '@memoria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, signIn, testUser, renderWidget } from '../../test/render';
import { MemoList } from './memo-list';
import { memoCache } from './queries';
import { memoFixture } from './test-support';

afterEach(() => vi.unstubAllGlobals());

/** A server holding `count` memos (ids count..1, newest first), paged by offset. */
function server(initial: number) {
  const memos: Memo[] = Array.from({ length: initial }, (_, i) =>
    memoFixture({ id: initial - i, title: `Memo ${initial - i}` }),
  );
  const calls = mockApi((url) => {
    if (url === '/api/profile') return json(200, testUser());
    const match = /^\/api\/user\/7\/memo\?(.*)$/.exec(url);
    if (!match) return undefined;
    const params = new URLSearchParams(match[1]);
    const offset = Number(params.get('offset'));
    const size = Number(params.get('itemsPerPage'));
    return json(200, {
      '@context': '/api/contexts/Memo',
      '@id': '/api/user/7/memo',
      '@type': 'hydra:Collection',
      'hydra:member': memos.slice(offset, offset + size),
      'hydra:totalItems': memos.length,
    });
  });
  const offsets = () =>
    calls
      .filter((call) => call.url.startsWith('/api/user/7/memo'))
      .map((call) => Number(new URL(call.url, 'http://x').searchParams.get('offset')));
  return { memos, calls, offsets };
}

const titles = () => screen.getAllByTestId('memo-card-title').map((node) => node.textContent);

describe('memo list', { timeout: 20_000 }, () => {
  it('pages by 10 and keeps the offset right when a memo is created or deleted', async () => {
    signIn();
    const { memos, offsets } = server(25);
    const { queryClient } = await renderWidget(<MemoList source={{ kind: 'user', userId: 7 }} />);
    // the card's chunk loads with the first memo: slow on a cold, busy test run
    await waitFor(() => expect(screen.getAllByTestId('memo-card')).toHaveLength(10), {
      timeout: 8000,
    });
    expect(offsets()).toEqual([0]);

    // A memo created here goes on top; the server now holds it first.
    const created = memoFixture({ id: 100, title: 'Fresh memo' });
    memos.unshift(created);
    act(() => memoCache.created(queryClient, created));
    await waitFor(() => expect(titles()[0]).toBe('Fresh memo'));

    const user = userEvent.setup();
    await user.click(screen.getByTestId('list-more'));
    await waitFor(() => expect(screen.getAllByTestId('memo-card')).toHaveLength(21));
    expect(offsets()).toEqual([0, 11]);
    // No memo twice, none skipped.
    expect(new Set(titles()).size).toBe(21);
    expect(titles()[11]).toBe('Memo 15');

    // A deletion moves the next offset back by one.
    const gone = memos.findIndex((memo) => memo.id === 20);
    memos.splice(gone, 1);
    act(() => memoCache.deleted(queryClient, 20));
    await user.click(screen.getByTestId('list-more'));
    await waitFor(() => expect(screen.getByTestId('list-over')).toBeInTheDocument());
    expect(offsets()).toEqual([0, 11, 20]);
    expect(titles()).toHaveLength(25);
    expect(new Set(titles()).size).toBe(25);
    expect(screen.queryByTestId('list-more')).toBeNull();
  });

  it('loads the next page by itself after a scroll near the end (debounced)', async () => {
    signIn();
    const { offsets } = server(15);
    await renderWidget(<MemoList source={{ kind: 'user', userId: 7 }} />);
    await waitFor(() => expect(screen.getAllByTestId('memo-card')).toHaveLength(10));
    fireEvent.scroll(window);
    fireEvent.scroll(window);
    await waitFor(() => expect(screen.getAllByTestId('memo-card')).toHaveLength(15), {
      timeout: 3000,
    });
    expect(offsets()).toEqual([0, 10]);
  });

  it('shows the error with its status and the empty state', async () => {
    signIn();
    mockApi((url) => {
      if (url === '/api/profile') return json(200, testUser());
      if (url.startsWith('/api/user/7/memo')) {
        return json(403, { status: 403, message: 'You are unable to access this information' });
      }
      return undefined;
    });
    await renderWidget(<MemoList source={{ kind: 'user', userId: 7 }} />);
    expect(await screen.findByTestId('query-error')).toHaveTextContent(
      'You are unable to access this information (403)',
    );

    vi.unstubAllGlobals();
    server(0);
    await renderWidget(
      <MemoList
        source={{ kind: 'user', userId: 7, search: 'nothing' }}
        empty={<p>Nothing here</p>}
      />,
    );
    expect(await screen.findByText('Nothing here')).toBeInTheDocument();
  });
});
