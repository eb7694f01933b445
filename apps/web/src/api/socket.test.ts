import { renderHook } from '@testing-library/react';
import { FakeSocket, testJwt, useFakeSocketWorld } from '../test/fake-socket';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from './client';
import { clearSession, setSession, updateTokens } from './session';
import {
  SESSION_ENDED_CLOSE,
  SILENCE_LIMIT_MS,
  claimsOf,
  connectSocket,
  onSocketOpen,
  reconnectDelay,
  socketOpen,
  subscribeSocket,
  useSocketMessage,
} from './socket';

const latest = () => FakeSocket.latest();

const signIn = (userId: number, kind: 'full' | 'activation' = 'full', expiresIn = 900) =>
  setSession({ token: testJwt(userId, expiresIn), refreshToken: `refresh-${userId}`, kind });

let release: (() => void) | undefined;

beforeEach(() => {
  useFakeSocketWorld();
});

afterEach(() => {
  release?.();
  release = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('socket client', () => {
  it('waits 1000 ms, then 1000 more each time, up to 3000 ms', () => {
    expect([0, 1, 2, 3, 4].map(reconnectDelay)).toEqual([1000, 2000, 3000, 3000, 3000]);
  });

  it('reads the account and expiry from the access token', () => {
    expect(claimsOf(testJwt(42))).toEqual({ userId: 42, expiresAt: expect.any(Number) });
    expect(claimsOf('nonsense')).toBeNull();
    expect(claimsOf('a.bm90IGpzb24.c')).toBeNull();
  });

  it('connects to the API host with user_id and token while signed in, not before', async () => {
    release = connectSocket();
    expect(FakeSocket.all).toHaveLength(0);
    signIn(7, 'activation');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(0);

    signIn(7);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(1);
    const url = new URL(latest().url);
    expect(url.protocol).toBe('ws:');
    expect(url.host).toBe(window.location.host);
    expect(url.pathname).toBe('/api/ws');
    expect(url.searchParams.get('user_id')).toBe('7');
    expect(claimsOf(url.searchParams.get('token') ?? '')?.userId).toBe(7);
  });

  it('uses the API base of the HTTP client', async () => {
    configureClient({ baseUrl: 'https://api.memoria.example' });
    signIn(3);
    release = connectSocket();
    await vi.advanceTimersByTimeAsync(0);
    expect(latest().url).toMatch(/^wss:\/\/api\.memoria\.example\/api\/ws\?user_id=3&token=/);
  });

  it('dispatches messages by message_type to every subscriber until they unsubscribe', async () => {
    signIn(1);
    release = connectSocket();
    await vi.advanceTimersByTimeAsync(0);
    latest().accept();
    const first = vi.fn();
    const second = vi.fn(() => {
      throw new Error('a broken handler');
    });
    const third = vi.fn();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stopFirst = subscribeSocket('unread_count', first);
    const stopSecond = subscribeSocket('unread_count', second);
    const stopThird = subscribeSocket('notification', third);
    latest().receive({ message_type: 'unread_count', unread: 2 });
    expect(first).toHaveBeenCalledWith({ message_type: 'unread_count', unread: 2 });
    expect(second).toHaveBeenCalledTimes(1);
    expect(third).not.toHaveBeenCalled();
    stopFirst();
    latest().receive({ message_type: 'unread_count', unread: 3 });
    latest().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    stopSecond();
    stopThird();
    quiet.mockRestore();
  });

  it('retries an abnormal close after 1000, 2000, then 3000 ms; an open resets the wait', async () => {
    signIn(1);
    release = connectSocket();
    await vi.advanceTimersByTimeAsync(0);
    latest().accept();
    latest().end(1006);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().end(1006);
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(3);
    latest().end(1006);
    await vi.advanceTimersByTimeAsync(3000);
    expect(FakeSocket.all).toHaveLength(4);
    latest().end(1006);
    await vi.advanceTimersByTimeAsync(3000);
    expect(FakeSocket.all).toHaveLength(5);
    latest().accept();
    expect(socketOpen()).toBe(true);
    latest().end(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(6);
  });

  it('tells open listeners of each open, and whether it is a reconnect for the same account', async () => {
    const opened: boolean[] = [];
    const stop = onSocketOpen(({ reconnected }) => opened.push(reconnected));
    signIn(1);
    release = connectSocket();
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toEqual([]);
    latest().accept();
    expect(opened).toEqual([false]);
    latest().end(1006);
    await vi.advanceTimersByTimeAsync(1000);
    latest().accept();
    expect(opened).toEqual([false, true]);

    // another account's first socket is no reconnect, nor is one after signing out and in
    signIn(2);
    await vi.advanceTimersByTimeAsync(0);
    latest().accept();
    clearSession();
    await vi.advanceTimersByTimeAsync(0);
    signIn(2);
    await vi.advanceTimersByTimeAsync(0);
    latest().accept();
    expect(opened).toEqual([false, true, false, false]);

    stop();
    latest().end(1006);
    await vi.advanceTimersByTimeAsync(1000);
    latest().accept();
    expect(opened).toHaveLength(4);
  });

  it('does not retry a normal close', async () => {
    signIn(1);
    release = connectSocket();
    await vi.advanceTimersByTimeAsync(0);
    latest().accept();
    latest().end(1000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('an error closes the socket and clears its handlers, then retries', async () => {
    signIn(1);
    release = connectSocket();
    await vi.advanceTimersByTimeAsync(0);
    const failed = latest();
    failed.fail();
    expect(failed.closedWith).toBe(1000);
    expect([failed.onopen, failed.onmessage, failed.onerror, failed.onclose]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('closes on logout, keeps the socket across a token refresh, reopens for another account', async () => {
    signIn(1);
    release = connectSocket();
    await vi.advanceTimersByTimeAsync(0);
    const first = latest();
    first.accept();
    updateTokens(testJwt(1, 600), 'refresh-rotated');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(1);

    signIn(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.closedWith).toBe(1000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(new URL(latest().url).searchParams.get('user_id')).toBe('2');
    latest().accept();

    const second = latest();
    clearSession();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(second.closedWith).toBe(1000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(socketOpen()).toBe(false);
  });

  it('refreshes an expired token before connecting with it', async () => {
    const fresh = testJwt(5);
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ token: fresh, refresh_token: 'refresh-new' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    signIn(5, 'full', -60);
    release = connectSocket();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/token/refresh');
    expect(new URL(latest().url).searchParams.get('token')).toBe(fresh);
  });

  it('after the server ends the session, reconnects only if the session refreshes', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    signIn(9);
    release = connectSocket();
    await vi.advanceTimersByTimeAsync(0);
    latest().accept();
    latest().end(SESSION_ENDED_CLOSE);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('starts again when the server has been silent too long', async () => {
    signIn(1);
    release = connectSocket();
    await vi.advanceTimersByTimeAsync(0);
    const quiet = latest();
    quiet.accept();
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1000);
    quiet.receive({ message_type: 'ping' });
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1000);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000 + 1000);
    expect(quiet.closedWith).toBe(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('closes when the app lets go of it', async () => {
    signIn(1);
    const stop = connectSocket();
    await vi.advanceTimersByTimeAsync(0);
    latest().accept();
    stop();
    expect(latest().closedWith).toBe(1000);
    expect(socketOpen()).toBe(false);
  });

  it('useSocketMessage calls the latest handler while mounted', async () => {
    signIn(1);
    release = connectSocket();
    await vi.advanceTimersByTimeAsync(0);
    latest().accept();
    const first = vi.fn();
    const second = vi.fn();
    const hook = renderHook(({ handler }) => useSocketMessage('notification', handler), {
      initialProps: { handler: first },
    });
    latest().receive({ message_type: 'notification', unread: 1 });
    hook.rerender({ handler: second });
    latest().receive({ message_type: 'notification', unread: 2 });
    hook.unmount();
    latest().receive({ message_type: 'notification', unread: 3 });
    expect(first.mock.calls).toEqual([[{ message_type: 'notification', unread: 1 }]]);
    expect(second.mock.calls).toEqual([[{ message_type: 'notification', unread: 2 }]]);
  });

  it('opens one socket when the session changes while a token is being refreshed', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    signIn(4, 'full', -60);
    release = connectSocket();
    await vi.advanceTimersByTimeAsync(0);
    updateTokens(testJwt(4, -30), 'refresh-other');
    await vi.advanceTimersByTimeAsync(0);
    answer(
      new Response(JSON.stringify({ token: testJwt(4), refresh_token: 'refresh-new' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
