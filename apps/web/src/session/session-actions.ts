import { iri, type TokenPair } from '@memoria/domain';
import { api } from '../api/client';
import { clearSession, getSession, setSession, type SessionKind } from '../api/session';
import { browserSettings } from './settings';
import { queryClient } from '../api/query-client';
import { rememberableRoute, loginRedirect } from './navigation-rules';

/** Navigation is wired in by the router module (avoids an import cycle). */
let navigate: (to: string) => void = (to) => window.location.assign(to);
export function setNavigator(fn: (to: string) => void): void {
  navigate = fn;
}

/**
 * The login page decides the destination, but the route guard sees the new session first
 * (router location updates are transitions): it reads the destination from here.
 */
let pendingDestination: string | undefined;
export function setPostLoginDestination(to: string | undefined): void {
  pendingDestination = to;
}
export function postLoginDestination(): string | undefined {
  return pendingDestination;
}

/** A user-initiated logout goes to plain /auth, not to /auth?redirect=… (guard reads this). */
let loggingOut = false;
export function isLoggingOut(): boolean {
  return loggingOut;
}
export function setLoggingOut(value: boolean): void {
  loggingOut = value;
}

export function startSession(pair: TokenPair, kind: SessionKind = 'full'): void {
  // A new account must not see the previous account's cached data.
  queryClient.clear();
  setSession({ token: pair.token, refreshToken: pair.refresh_token, kind });
  if (kind === 'full') browserSettings.update({ hasLoggedIn: true });
}

/**
 * Acts for an account that delegated to the signed-in person (with the delegation's secure
 * token), or switches back to one's own account (own id, no token). The server ends the
 * current session and answers a new one; the page then reloads (docs/SCREENS.md, Navigation), so
 * nothing of the previous account survives in memory.
 */
export async function switchUser(
  accountUserId: number,
  secureToken = '',
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  const pair = await api.post<TokenPair>('/api/switch-user', {
    account_user: iri('user', accountUserId),
    secure_token: secureToken,
  });
  startSession(pair, 'full');
  // The first-paint name and colour were the previous account's.
  browserSettings.update({ user: undefined });
  reload();
}

function rememberCurrentRoute(): void {
  const last = rememberableRoute(window.location.pathname, window.location.search);
  if (last) browserSettings.update({ lastRoute: last });
}

function endLocally(): void {
  clearSession();
  queryClient.clear();
  browserSettings.update({ user: undefined });
}

/** User-initiated logout: tell the server, forget the session, go to /auth. */
export async function logout(): Promise<void> {
  const refreshToken = getSession()?.refreshToken;
  rememberCurrentRoute();
  if (refreshToken) {
    // This device stops getting the account's pushes (it may be shared); never blocks logout.
    await import('../features/push/push').then((push) => push.disablePush()).catch(() => undefined);
    try {
      await api.post('/api/logout', { refresh_token: refreshToken });
    } catch {
      // The session ends locally whatever the server says.
    }
  }
  loggingOut = true;
  endLocally();
  navigate('/auth');
}

/** The client found the session dead (refresh failed, x-token-expired): log out with redirect. */
export function handleSessionExpired(): void {
  rememberCurrentRoute();
  const { pathname, search } = window.location;
  endLocally();
  if (pathname.startsWith('/auth')) return;
  navigate(loginRedirect(pathname, search));
}
