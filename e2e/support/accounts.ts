import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.js';
import { STRONG_PASSWORD } from './session.js';

export interface TokenPair {
  token: string;
  refresh_token: string;
}

/** Signs a user up through the API and leaves the account unactivated (the code is mailed). */
export async function seedUnactivatedUser(
  request: APIRequestContext,
  name: string,
  usermail: string,
  password = STRONG_PASSWORD,
): Promise<void> {
  const signup = await request.post('/api/signup', {
    data: { usermail, password, userProfile: { name, locale: 'en', country: 'BE' } },
  });
  expect(signup.status()).toBe(201);
}

/** Logs in through the API (no second factor) and returns the token pair. */
export async function apiLogin(
  request: APIRequestContext,
  usermail: string,
  password = STRONG_PASSWORD,
): Promise<TokenPair> {
  const response = await request.post('/api/login', { data: { usermail, password } });
  expect(response.status()).toBe(200);
  return (await response.json()) as TokenPair;
}

export function bearer(pair: TokenPair): { Authorization: string } {
  return { Authorization: `Bearer ${pair.token}` };
}

/** The signed-in user's id (GET /api/profile). */
export async function apiUserId(request: APIRequestContext, pair: TokenPair): Promise<number> {
  const response = await request.get('/api/profile', { headers: bearer(pair) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

/** Sets a PIN through the API. */
export async function apiSetPin(
  request: APIRequestContext,
  pair: TokenPair,
  pin: string,
): Promise<void> {
  const response = await request.patch('/api/lock-code', {
    data: { lock_code: pin },
    headers: bearer(pair),
  });
  expect(response.status()).toBe(200);
}

/** The web app's own session keys in localStorage (apps/web/src/api/session.ts). */
function sessionEntries({
  token,
  refresh_token,
}: TokenPair): Array<{ name: string; value: string }> {
  return [
    { name: 'token', value: token },
    { name: 'refresh_token', value: refresh_token },
    { name: 'session_kind', value: 'full' },
  ];
}

/**
 * A browser context's storage state holding an API session, for `browser.newContext({
 * storageState })`: the context starts signed in, without loading a page first.
 */
export function sessionState(pair: TokenPair) {
  return {
    cookies: [],
    origins: [{ origin: E2E_BASE_URL, localStorage: sessionEntries(pair) }],
  };
}

/**
 * Signs the page's context in before its first page load, for a journey that gets the
 * `page` fixture and is not about signing in. The session is put in place once (a marker
 * says so), so a token the app rotates, or a sign-out, is not undone by the next load.
 */
export async function signInContext(page: Page, pair: TokenPair): Promise<void> {
  await page.context().addInitScript((entries) => {
    if (location.origin === 'null' || localStorage.getItem('e2e-session-seeded')) return;
    for (const { name, value } of entries) localStorage.setItem(name, value);
    localStorage.setItem('e2e-session-seeded', '1');
  }, sessionEntries(pair));
}

/**
 * Hands the web app an API session the way it stores its own (localStorage), so a journey
 * that is not about signing in starts signed in. Call on a page of the app's origin.
 */
export async function useSessionInBrowser(page: Page, pair: TokenPair): Promise<void> {
  await page.evaluate((entries) => {
    for (const { name, value } of entries) localStorage.setItem(name, value);
  }, sessionEntries(pair));
}

/** Escapes a string for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
