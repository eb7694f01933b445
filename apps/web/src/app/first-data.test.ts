import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, signIn, testUser } from '../test/render';
import { unreadMessagesQuery } from '../features/messenger/unread-query';
import { unreadCountQuery } from '../features/notifications/queries';
import { profileQuery } from '../features/profile/queries';
import { layoutData } from './first-data';

// The boot script's answers are only taken early in a page's life (src/api/early.ts); a test
// file may run late in a shared worker.
beforeEach(() => vi.spyOn(performance, 'now').mockReturnValue(1000));
afterEach(() => {
  window.__memoriaEarly = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** An answer the boot script started: the response promise, as build/boot-preload.ts keeps it. */
function early(url: string, body: unknown) {
  return { url, accept: 'json' as const, token: 'T', response: Promise.resolve(json(200, body)) };
}

describe('the layout data before the first render', () => {
  it('takes the boot script answers into the cache, asking the server nothing more', async () => {
    signIn();
    const calls = mockApi(() => undefined);
    window.__memoriaEarly = [
      early('/api/profile', testUser('Grace')),
      early('/api/notifications/unread', { count: 3 }),
      early('/api/thread/unread', { unread: 2, threads: 1 }),
    ];
    const client = new QueryClient();
    await layoutData(client);
    expect(client.getQueryData(profileQuery.queryKey)?.user_profile.name).toBe('Grace');
    expect(client.getQueryData(unreadCountQuery.queryKey)).toBe(3);
    expect(client.getQueryData(unreadMessagesQuery.queryKey)).toBe(2);
    expect(calls).toHaveLength(0);
  });

  it('does not wait without the boot script reads (a visitor, another screen)', async () => {
    const calls = mockApi(() => undefined);
    const client = new QueryClient();
    await layoutData(client);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('renders without the answers that are late, which go on in the background', async () => {
    signIn();
    let answer: (response: Response) => void = () => {};
    window.__memoriaEarly = [
      {
        url: '/api/profile',
        accept: 'json',
        token: 'T',
        response: new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      },
    ];
    mockApi((url) => {
      if (url === '/api/notifications/unread') return json(200, { count: 0 });
      if (url === '/api/thread/unread') return json(200, { unread: 0, threads: 0 });
      return undefined;
    });
    const client = new QueryClient();
    await layoutData(client, 10);
    expect(client.getQueryData(profileQuery.queryKey)).toBeUndefined();
    answer(json(200, testUser('Late')));
    await vi.waitFor(() =>
      expect(client.getQueryData(profileQuery.queryKey)?.user_profile.name).toBe('Late'),
    );
  });
});
