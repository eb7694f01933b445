import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { Collection } from '@memoria/domain';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '../../api/client';
import { resetSessionCache } from '../../api/session';
import { json, mockApi, signIn } from '../../test/render';
import { memoKeys } from '../memos/queries';
import {
  collectionKeys,
  SIGNED_IN,
  useMuteCollection,
  useWatchComments,
  useWatchContent,
} from './queries';
import { collection } from './test-support';

function setUp<T>(useHook: () => T) {
  resetSessionCache();
  configureClient({ getLocale: () => 'en', onSessionExpired: () => {}, baseUrl: '' });
  signIn();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(useHook, { wrapper });
  return { queryClient, hook };
}

/** Puts the collection in a cached list and its detail, and a memo list beside them. */
function seed(queryClient: QueryClient, shown: Collection) {
  queryClient.setQueryData(collectionKeys.userList(7), [shown]);
  queryClient.setQueryData(collectionKeys.detail(shown.id, SIGNED_IN), shown);
  queryClient.setQueryData([...memoKeys.lists, 'feed', 'me', { search: '' }], { pages: [] });
}

const cached = (queryClient: QueryClient, id: string) => ({
  list: queryClient.getQueryData<Collection[]>(collectionKeys.userList(7))?.[0],
  detail: queryClient.getQueryData<Collection>(collectionKeys.detail(id, SIGNED_IN)),
});

afterEach(() => vi.unstubAllGlobals());

describe('useMuteCollection', () => {
  it('mutes: the collection shows muted in every cached list and detail, memo lists refetch', async () => {
    const calls = mockApi((url, init) =>
      url === '/api/muted/collection' && init.method === 'POST' ? json(201, { id: 41 }) : undefined,
    );
    const { queryClient, hook } = setUp(useMuteCollection);
    const shown = collection({ isOwner: false });
    seed(queryClient, shown);

    await act(() => hook.result.current.mutateAsync(shown));

    expect(calls).toContainEqual({
      url: '/api/muted/collection',
      method: 'POST',
      body: { collection: shown['@id'] },
    });
    const { list, detail } = cached(queryClient, shown.id);
    expect(list).toMatchObject({ is_muted: true, muted_collection_id: 41 });
    expect(detail).toMatchObject({ is_muted: true, muted_collection_id: 41 });
    // isHidden of the memos is the server's to decide: the feed (a memo list) is stale now
    expect(
      queryClient.getQueryState([...memoKeys.lists, 'feed', 'me', { search: '' }]),
    ).toMatchObject({ isInvalidated: true });
  });

  it('unmutes through the mute row when the collection knows it', async () => {
    const calls = mockApi((url, init) =>
      init.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    const { queryClient, hook } = setUp(useMuteCollection);
    const shown = collection({ isOwner: false, is_muted: true, muted_collection_id: 41 });
    seed(queryClient, shown);

    await act(() => hook.result.current.mutateAsync(shown));

    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
      'DELETE /api/muted/collection/41',
    );
    const { list, detail } = cached(queryClient, shown.id);
    expect(list).toMatchObject({ is_muted: false, muted_collection_id: null });
    expect(detail).toMatchObject({ is_muted: false, muted_collection_id: null });
  });

  it("unmutes from a memo's collection reference, which only knows the collection id", async () => {
    const calls = mockApi((url, init) =>
      init.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    const { queryClient, hook } = setUp(useMuteCollection);
    const shown = collection({ isOwner: false, is_muted: true, muted_collection_id: 41 });
    seed(queryClient, shown);

    await act(() =>
      hook.result.current.mutateAsync({ id: shown.id, '@id': shown['@id'], is_muted: true }),
    );

    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
      `DELETE /api/muted/collection/${shown.id}`,
    );
    expect(cached(queryClient, shown.id).list).toMatchObject({ is_muted: false });
    expect(
      queryClient.getQueryState([...memoKeys.lists, 'feed', 'me', { search: '' }]),
    ).toMatchObject({ isInvalidated: true });
  });
});

describe('useWatchContent and useWatchComments', () => {
  it('watching new content turns the flag on in every cached list and detail', async () => {
    const calls = mockApi((url, init) =>
      url === '/api/content/watching' && init.method === 'POST' ? json(201, {}) : undefined,
    );
    const { queryClient, hook } = setUp(useWatchContent);
    const shown = collection({ isOwner: false });
    seed(queryClient, shown);

    await act(() => hook.result.current.mutateAsync(shown));

    expect(calls).toContainEqual({
      url: '/api/content/watching',
      method: 'POST',
      body: { collection: shown['@id'] },
    });
    const { list, detail } = cached(queryClient, shown.id);
    expect(list).toMatchObject({ content_watching_notify_me: true, notify_me: false });
    expect(detail).toMatchObject({ content_watching_notify_me: true, notify_me: false });
  });

  it('stopping to watch comments turns only that flag off', async () => {
    const calls = mockApi((_, init) =>
      init.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    const { queryClient, hook } = setUp(useWatchComments);
    const shown = collection({ notify_me: true, content_watching_notify_me: true });
    seed(queryClient, shown);

    await act(() => hook.result.current.mutateAsync(shown));

    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `DELETE /api/collection/${shown.id}/delete-comment-watching`,
    ]);
    const { list, detail } = cached(queryClient, shown.id);
    expect(list).toMatchObject({ notify_me: false, content_watching_notify_me: true });
    expect(detail).toMatchObject({ notify_me: false, content_watching_notify_me: true });
  });
});
