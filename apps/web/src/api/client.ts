import type { TokenPair } from '@memoria/domain';
import { takeEarlyRead } from './early';
import { ApiError } from './errors';
import { clearSession, getSession, resetSessionCache, updateTokens } from './session';

/**
 * The one HTTP client of the web app (docs/API.md, Conventions, Errors: 401 handling).
 * The app wires the chosen locale and the logout action in through configureClient.
 */
export interface ClientConfig {
  getLocale: () => string;
  /** Called when the session ends (refresh failed, x-token-expired); redirect to /auth. */
  onSessionExpired: () => void;
  baseUrl: string;
}

const config: ClientConfig = {
  getLocale: () => 'en',
  onSessionExpired: () => {},
  baseUrl: '',
};

export function configureClient(partial: Partial<ClientConfig>): void {
  Object.assign(config, partial);
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Ask for a hydra collection (Accept: application/ld+json). */
  hydra?: boolean;
  /** Send no Authorization header (public calls, refresh). */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** Let the request finish even if the page navigates away (small settings writes). */
  keepalive?: boolean;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${config.baseUrl}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

export function buildHeaders(options: RequestOptions, token: string | undefined): Headers {
  const headers = new Headers();
  headers.set('Accept', options.hydra ? 'application/ld+json' : 'application/json');
  if (options.body !== undefined) {
    headers.set(
      'Content-Type',
      options.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
    );
  }
  if (token) headers.set('Authorization', `Bearer ${token}`);
  headers.set('Accept-Language', config.getLocale());
  return headers;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One refresh at a time: concurrent 401s wait for the same call. */
let refreshing: Promise<boolean> | null = null;

async function rotate(refreshToken: string): Promise<boolean> {
  const response = await fetch(buildUrl('/api/token/refresh'), {
    method: 'POST',
    headers: buildHeaders({ method: 'POST', body: {} }, undefined),
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  if (!response.ok) return false;
  const pair = (await parseBody(response)) as Partial<TokenPair> | undefined;
  if (!pair?.token || !pair.refresh_token) return false;
  updateTokens(pair.token, pair.refresh_token);
  return true;
}

/**
 * The server revokes a session when a rotated refresh token is presented again, so two tabs
 * must never refresh with the same token. A Web Lock serialises refreshes across tabs; a tab
 * that gets the lock after another one rotated finds new tokens in localStorage and uses them.
 */
async function refreshAcrossTabs(startedWith: string): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return rotate(startedWith);
  return locks.request('memoria-token-refresh', async () => {
    resetSessionCache();
    const current = getSession()?.refreshToken;
    if (!current) return false;
    if (current !== startedWith) return true;
    return rotate(current);
  });
}

export function refreshSession(): Promise<boolean> {
  if (refreshing) return refreshing;
  const refreshToken = getSession()?.refreshToken;
  if (!refreshToken) return Promise.resolve(false);
  refreshing = refreshAcrossTabs(refreshToken)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function endSession(): void {
  clearSession();
  config.onSessionExpired();
}

/** What the session rules need of an answer, whichever transport carried it. */
export interface SentAnswer {
  status: number;
  header: (name: string) => string | null;
  body: () => Promise<unknown>;
}

/**
 * Sends with the session's token and applies the 401 rules (docs/API.md, Errors) for every
 * transport (fetch here, XMLHttpRequest for uploads): x-token-expired ends the session; any
 * other 401 refreshes the token once (shared with concurrent requests) and sends again, and
 * a refresh that fails or a second 401 ends the session. Resolves with the answer's body.
 */
export async function sendWithSession<T>(
  send: (token: string | undefined) => Promise<SentAnswer>,
  { anonymous = false }: { anonymous?: boolean } = {},
): Promise<T> {
  const token = anonymous ? undefined : getSession()?.token;
  let answer = await send(token);

  if (answer.header('x-token-expired') && token) {
    endSession();
    throw new ApiError(401, await answer.body());
  }

  if (answer.status === 401 && token) {
    // Retry once with a fresh token; without one the session is over.
    const refreshed = await refreshSession();
    if (!refreshed) {
      endSession();
      throw new ApiError(401, await answer.body());
    }
    answer = await send(getSession()?.token);
    if (answer.status === 401 || answer.header('x-token-expired')) {
      endSession();
      throw new ApiError(401, await answer.body());
    }
  }

  const body = await answer.body();
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, body);
  return body as T;
}

async function send(path: string, options: RequestOptions, token: string | undefined) {
  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  const early = method === 'GET' ? takeEarlyRead(url, Boolean(options.hydra), token) : undefined;
  const response =
    (early && (await early.catch(() => undefined))) ||
    (await fetch(url, {
      method,
      headers: buildHeaders(options, token),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    }));
  return {
    status: response.status,
    header: (name: string) => response.headers.get(name),
    body: () => parseBody(response),
  };
}

export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return sendWithSession<T>((token) => send(path, options, token), {
    anonymous: options.anonymous,
  });
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
