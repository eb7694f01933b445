import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '../api/client';
import { ApiError } from '../api/errors';
import { getSession, resetSessionCache, setSession } from '../api/session';
import { browserSettings } from './settings';
import { switchUser } from './session-actions';

let calls: { url: string; init: RequestInit }[];

function mockFetch(status: number, body: unknown) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

beforeEach(() => {
  resetSessionCache();
  configureClient({ getLocale: () => 'en', onSessionExpired: () => {}, baseUrl: '' });
  setSession({ token: 'OLD', refreshToken: 'OLD-R', kind: 'full' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('switchUser', () => {
  it('posts the account as an /api/user IRI, stores the new session and reloads', async () => {
    browserSettings.update({ user: { id: 1, name: 'Me', locale: 'en', custom_colour: null } });
    mockFetch(200, { token: 'NEW', refresh_token: 'NEW-R' });
    const reload = vi.fn();
    await switchUser(42, 'secret-token', reload);

    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/switch-user');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      account_user: '/api/user/42',
      secure_token: 'secret-token',
    });
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer OLD');
    expect(getSession()).toEqual({ token: 'NEW', refreshToken: 'NEW-R', kind: 'full' });
    expect(browserSettings.get().user).toBeUndefined();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('switches back with an empty token', async () => {
    mockFetch(200, { token: 'MINE', refresh_token: 'MINE-R' });
    const reload = vi.fn();
    await switchUser(7, undefined, reload);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      account_user: '/api/user/7',
      secure_token: '',
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the session and does not reload when the server refuses', async () => {
    mockFetch(403, { status: 403, title: 'Forbidden', detail: 'No', message: 'No' });
    const reload = vi.fn();
    await expect(switchUser(42, 'wrong', reload)).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toEqual({ token: 'OLD', refreshToken: 'OLD-R', kind: 'full' });
    expect(reload).not.toHaveBeenCalled();
  });
});
