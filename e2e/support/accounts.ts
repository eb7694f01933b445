import { expect, type APIRequestContext, type Page } from '@playwright/test';
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

/**
 * Hands the web app an API session the way it stores its own (localStorage), so a journey
 * that is not about signing in starts signed in. Call on a page of the app's origin.
 */
export async function useSessionInBrowser(page: Page, pair: TokenPair): Promise<void> {
  await page.evaluate(({ token, refresh_token }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('refresh_token', refresh_token);
    localStorage.setItem('session_kind', 'full');
  }, pair);
}

/** Escapes a string for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
