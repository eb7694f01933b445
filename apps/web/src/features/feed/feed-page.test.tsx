import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Memo } from '@memoria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '../../i18n';
import { json, mockApi, signIn, testUser, renderWidget } from '../../test/render';
import { memoFixture } from '../memos/test-support';
import { discoverTabOf } from '../discover/tabs';
import { FeedPage } from './feed-page';
import { hasNewContent } from './new-content';
import { feedKeys, feedListOptions } from './queries';

afterEach(() => vi.unstubAllGlobals());

describe('new-content check', () => {
  it('is new only when the newest date is after the stored one', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
    expect(hasNewContent(at(5), at(4))).toBe(true);
    expect(hasNewContent(at(4), at(4))).toBe(false);
    expect(hasNewContent(at(3), at(4))).toBe(false);
    // an empty feed stored no date: anything arriving is new
    expect(hasNewContent(at(1), null)).toBe(true);
    // nothing checked yet, or nothing stored yet, or the feed is still empty
    expect(hasNewContent(undefined, at(4))).toBe(false);
    expect(hasNewContent(at(5), undefined)).toBe(false);
    expect(hasNewContent(null, null)).toBe(false);
    expect(hasNewContent('not a date', at(1))).toBe(false);
  });
});

describe('discover tabs', () => {
  it('reads the tab from the path; /discover shows posts', () => {
    expect(discoverTabOf('/discover/people')).toBe('people');
    expect(discoverTabOf('/discover/posts/')).toBe('posts');
    expect(discoverTabOf('/discover')).toBe('posts');
    expect(discoverTabOf('/discover/other')).toBe('posts');
  });
});

/** A feed server: `memos` newest first, paged by offset; `latest` is what the check answers. */
function feedServer(memos: Memo[], latest: { value: string | null }) {
  return mockApi((url) => {
    if (url === '/api/profile') return json(200, testUser());
    if (url === '/api/feed/latest') return json(200, { latest: latest.value });
    const match = /^\/api\/feed\?(.*)$/.exec(url);
    if (!match) return undefined;
    const params = new URLSearchParams(match[1]);
    const offset = Number(params.get('offset'));
    const size = Number(params.get('itemsPerPage'));
    const search = params.get('search');
    const found = search ? memos.filter((m) => m.title.includes(search)) : memos;
    const page = found.slice(offset, offset + size);
    return json(200, {
      '@context': '/api/contexts/Collection',
      '@id': '/api/feed',
      '@type': 'hydra:Collection',
      'hydra:member': page,
      'hydra:totalItems': offset + page.length + (found.length > offset + size ? 1 : 0),
    });
  });
}

describe('feed pages', () => {
  it('asks for each later page from the last memo held, with its offset', async () => {
    signIn();
    const memos = Array.from({ length: 25 }, (_, i) => memoFixture({ id: 100 - i }));
    const calls = feedServer(memos, { value: null });
    const client = new QueryClient();
    const data = await client.fetchInfiniteQuery({ ...feedListOptions(''), pages: 3 });
    expect(data.pages.flatMap((page) => page.items.map((memo) => memo.id))).toEqual(
      memos.map((memo) => memo.id),
    );
    const pages = calls.map((call) => call.url).filter((url) => url.startsWith('/api/feed?'));
    expect(pages).toEqual([
      '/api/feed?offset=0&itemsPerPage=10',
      '/api/feed?offset=10&itemsPerPage=10&after_memo=91',
      '/api/feed?offset=20&itemsPerPage=10&after_memo=81',
    ]);
  });
});

describe('feed page', { timeout: 20_000 }, () => {
  it('invites a visitor to sign in and to browse public posts', async () => {
    await loadNamespaces('feed');
    const calls = mockApi(() => undefined);
    await renderWidget(<FeedPage />, { path: '/feed' });
    expect(await screen.findByTestId('feed-visitor')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth?redirect=%2Ffeed',
    );
    expect(screen.getByRole('link', { name: 'Browse public posts' }).getAttribute('href')).toBe(
      '/discover/posts',
    );
    expect(calls.filter((call) => call.url.startsWith('/api/feed'))).toHaveLength(0);
  });

  it('shows the memos, then "new memos" once the check finds a newer one; clicking reloads the top', async () => {
    await loadNamespaces('feed', 'memos', 'media', 'engagement');
    signIn();
    const memos = Array.from({ length: 12 }, (_, i) =>
      memoFixture({
        id: 12 - i,
        title: `Memo ${12 - i}`,
        author: { ...testUser(), id: 9 } as never,
      }),
    );
    const latest = { value: '2026-01-01T12:00:00.000Z' };
    const calls = feedServer(memos, latest);
    const { queryClient } = await renderWidget(<FeedPage />, { path: '/feed' });
    // the card's chunk loads with the first memo: slow on a cold, busy test run
    await waitFor(() => expect(screen.getAllByTestId('memo-card')).toHaveLength(10), {
      timeout: 8000,
    });
    expect(screen.queryByTestId('feed-new-content')).toBeNull();
    // the top page's read of the newest date is also the check's first answer: asked once
    expect(calls.filter((call) => call.url === '/api/feed/latest')).toHaveLength(1);
    // time and collection: the "·" is tied to the time before it, so no line starts with it
    expect(screen.getAllByTestId('memo-card')[0]!.textContent).toContain('\u00a0· In Travel');

    // a memo is published; the next check (every 60 s) sees it
    memos.unshift(memoFixture({ id: 13, title: 'Memo 13' }));
    latest.value = '2026-01-01T12:05:00.000Z';
    await act(() => queryClient.refetchQueries({ queryKey: feedKeys.latest }));
    const button = await screen.findByTestId('feed-new-content');
    await userEvent.setup().click(button);
    await waitFor(() =>
      expect(screen.getAllByTestId('memo-card-title')[0]?.textContent).toBe('Memo 13'),
    );
    await waitFor(() => expect(screen.queryByTestId('feed-new-content')).toBeNull());
    const firstPages = calls.filter((call) => /^\/api\/feed\?.*offset=0/.test(call.url));
    expect(firstPages.length).toBe(2);
  });

  it('searches within the feed in the modal at /feed/search', async () => {
    await loadNamespaces('feed', 'memos', 'media', 'engagement');
    signIn();
    const memos = [
      memoFixture({ id: 2, title: 'Garden notes' }),
      memoFixture({ id: 1, title: 'Travel plans' }),
    ];
    const calls = feedServer(memos, { value: null });
    await renderWidget(<FeedPage />, { path: '/feed/search' });
    const input = await screen.findByTestId('feed-search-input');
    expect(await screen.findByText('Type to search the memos of your feed.')).toBeTruthy();
    await userEvent.setup().type(input, 'Travel{Enter}');
    const results = await screen.findByTestId('feed-search-results');
    await waitFor(() =>
      expect(results.querySelectorAll('[data-testid="memo-card"]').length).toBe(1),
    );
    expect(calls.some((call) => call.url.includes('search=Travel'))).toBe(true);
  });
});
