import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, configureClient } from './client';
import { ApiError } from './errors';
import { getSession, resetSessionCache, setSession } from './session';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

let calls: { url: string; init: RequestInit }[];
const onExpired = vi.fn();

function mockFetch(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
}

const header = (index: number, name: string) => new Headers(calls[index]?.init.headers).get(name);

beforeEach(() => {
  resetSessionCache();
  onExpired.mockReset();
  configureClient({ getLocale: () => 'nl', onSessionExpired: onExpired, baseUrl: '' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request headers', () => {
  it('sends JSON accept, the chosen language and the bearer token', async () => {
    setSession({ token: 'T1', refreshToken: 'R1', kind: 'full' });
    mockFetch(() => json(200, { ok: true }));
    await api.get('/api/profile');
    expect(header(0, 'Accept')).toBe('application/json');
    expect(header(0, 'Accept-Language')).toBe('nl');
    expect(header(0, 'Authorization')).toBe('Bearer T1');
    expect(header(0, 'Content-Type')).toBeNull();
  });

  it('asks for ld+json on hydra calls and adds query parameters', async () => {
    mockFetch(() => json(200, { 'hydra:member': [] }));
    await api.get('/api/collections', {
      hydra: true,
      query: { page: 2, empty: '', skip: undefined },
    });
    expect(header(0, 'Accept')).toBe('application/ld+json');
    expect(calls[0]?.url).toBe('/api/collections?page=2');
  });

  it('uses merge-patch+json for PATCH and plain JSON for POST', async () => {
    mockFetch(() => json(200, {}));
    await api.patch('/api/user/profile/1', { name: 'A' });
    await api.post('/api/login', { usermail: 'a@b.cd' });
    expect(header(0, 'Content-Type')).toBe('application/merge-patch+json');
    expect(calls[0]?.init.method).toBe('PATCH');
    expect(header(1, 'Content-Type')).toBe('application/json');
    expect(calls[1]?.init.body).toBe('{"usermail":"a@b.cd"}');
  });

  it('sends no Authorization on anonymous calls', async () => {
    setSession({ token: 'T1', refreshToken: 'R1', kind: 'full' });
    mockFetch(() => json(200, {}));
    await api.post('/api/login', {}, { anonymous: true });
    expect(header(0, 'Authorization')).toBeNull();
  });

  it('returns undefined for 204', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.post('/api/logout', {})).resolves.toBeUndefined();
  });
});

describe('401 handling', () => {
  it('refreshes once and retries with the new token', async () => {
    setSession({ token: 'OLD', refreshToken: 'R1', kind: 'full' });
    mockFetch((url, init) => {
      if (url === '/api/token/refresh') return json(200, { token: 'NEW', refresh_token: 'R2' });
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer NEW' ? json(200, { id: 1 }) : json(401, { message: 'expired' });
    });
    await expect(api.get('/api/profile')).resolves.toEqual({ id: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/api/profile', '/api/token/refresh', '/api/profile']);
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ refresh_token: 'R1' });
    expect(getSession()).toMatchObject({ token: 'NEW', refreshToken: 'R2', kind: 'full' });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent requests', async () => {
    setSession({ token: 'OLD', refreshToken: 'R1', kind: 'full' });
    mockFetch(async (url, init) => {
      if (url === '/api/token/refresh') {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, { token: 'NEW', refresh_token: 'R2' });
      }
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer NEW' ? json(200, { url }) : json(401, {});
    });
    await Promise.all([api.get('/api/a'), api.get('/api/b'), api.get('/api/c')]);
    expect(calls.filter((c) => c.url === '/api/token/refresh')).toHaveLength(1);
  });

  it('uses the tokens another tab rotated while it waited for the refresh lock', async () => {
    setSession({ token: 'OLD', refreshToken: 'R1', kind: 'full' });
    // A fake Web Locks API: the other tab held the lock and rotated R1 → R2 meanwhile.
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (_name: string, callback: () => Promise<boolean>) => {
          localStorage.setItem('token', 'FROM-OTHER-TAB');
          localStorage.setItem('refresh_token', 'R2');
          return callback();
        },
      },
    });
    mockFetch(async (url, init) => {
      if (url === '/api/token/refresh') return json(200, { token: 'X', refresh_token: 'R3' });
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer FROM-OTHER-TAB' ? json(200, { ok: true }) : json(401, {});
    });
    await expect(api.get('/api/profile')).resolves.toEqual({ ok: true });
    expect(calls.filter((c) => c.url === '/api/token/refresh')).toHaveLength(0);
    expect(getSession()).toMatchObject({ token: 'FROM-OTHER-TAB', refreshToken: 'R2' });
  });

  it('rotates under the lock when no other tab did', async () => {
    setSession({ token: 'OLD', refreshToken: 'R1', kind: 'full' });
    const request = vi.fn(async (_name: string, callback: () => Promise<boolean>) => callback());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    mockFetch((url, init) => {
      if (url === '/api/token/refresh') return json(200, { token: 'NEW', refresh_token: 'R2' });
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer NEW' ? json(200, { ok: true }) : json(401, {});
    });
    await api.get('/api/profile');
    expect(request).toHaveBeenCalledWith('memoria-token-refresh', expect.any(Function));
    expect(getSession()).toMatchObject({ token: 'NEW', refreshToken: 'R2' });
  });

  it('logs out when the refresh fails', async () => {
    setSession({ token: 'OLD', refreshToken: 'R1', kind: 'full' });
    mockFetch((url) =>
      url === '/api/token/refresh' ? json(401, {}) : json(401, { message: 'no' }),
    );
    await expect(api.get('/api/profile')).rejects.toBeInstanceOf(ApiError);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(getSession()).toBeNull();
  });

  it('logs out when the retried call is still 401 (refresh once only)', async () => {
    setSession({ token: 'OLD', refreshToken: 'R1', kind: 'full' });
    mockFetch((url) =>
      url === '/api/token/refresh' ? json(200, { token: 'N', refresh_token: 'R2' }) : json(401, {}),
    );
    await expect(api.get('/api/profile')).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((c) => c.url === '/api/token/refresh')).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh or log out on a 401 without a session (wrong password)', async () => {
    mockFetch(() =>
      json(401, { error: 'Invalid credentials.', message: 'Wrong email or password.' }),
    );
    const error = await api.post('/api/login', {}, { anonymous: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('Invalid credentials.');
    expect((error as ApiError).serverMessage).toBe('Wrong email or password.');
    expect(calls).toHaveLength(1);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('logs out at once on an x-token-expired header', async () => {
    setSession({ token: 'OLD', refreshToken: 'R1', kind: 'full' });
    mockFetch(() => json(401, { message: 'Your session has ended.' }, { 'x-token-expired': '1' }));
    await expect(api.get('/api/profile')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(getSession()).toBeNull();
  });
});

describe('errors', () => {
  it('throws ApiError with the first violation as its message', async () => {
    mockFetch(() =>
      json(422, {
        violations: [
          { propertyPath: 'usermail', message: 'Taken' },
          { propertyPath: 'password', message: 'Weak' },
        ],
        message: 'The data you sent is not valid.',
      }),
    );
    await expect(api.post('/api/signup', {})).rejects.toMatchObject({
      status: 422,
      serverMessage: 'Taken',
    });
  });
});
