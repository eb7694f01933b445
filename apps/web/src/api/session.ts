/**
 * The session tokens, kept in localStorage so a reload keeps the user signed in.
 * A tiny observable store: React reads it through useSyncExternalStore (useSession).
 */
export type SessionKind = 'full' | 'activation';

export interface Session {
  token: string;
  refreshToken: string;
  /** An activation session (after signup) may only read the profile and verify. */
  kind: SessionKind;
}

const KEYS = { token: 'token', refresh: 'refresh_token', kind: 'session_kind' } as const;

/**
 * A cookie that tells the server a full session is stored here, so the HTML it serves can
 * preload the signed-in screen's files (apps/web/build/boot-preload.ts). Only a hint for
 * preloading, never a credential: the boot script sets or clears it on every load too.
 */
export const SIGNED_IN_COOKIE = 'signed_in';

function writeSignedInCookie(signedIn: boolean): void {
  const set = new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=1`).test(document.cookie);
  if (set === signedIn) return;
  document.cookie = signedIn
    ? `${SIGNED_IN_COOKIE}=1; path=/; max-age=31536000; samesite=lax`
    : `${SIGNED_IN_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: Session | null | undefined;

function read(): Session | null {
  const token = localStorage.getItem(KEYS.token);
  const refreshToken = localStorage.getItem(KEYS.refresh);
  if (!token || !refreshToken) return null;
  const kind = localStorage.getItem(KEYS.kind) === 'activation' ? 'activation' : 'full';
  return { token, refreshToken, kind };
}

export function getSession(): Session | null {
  if (cached === undefined) cached = read();
  return cached;
}

function emit() {
  cached = undefined;
  for (const listener of listeners) listener();
}

export function setSession(session: Session): void {
  localStorage.setItem(KEYS.token, session.token);
  localStorage.setItem(KEYS.refresh, session.refreshToken);
  localStorage.setItem(KEYS.kind, session.kind);
  writeSignedInCookie(session.kind === 'full');
  emit();
}

/** Replaces both tokens after a refresh, keeping the session kind. */
export function updateTokens(token: string, refreshToken: string): void {
  const kind = getSession()?.kind ?? 'full';
  setSession({ token, refreshToken, kind });
}

export function clearSession(): void {
  localStorage.removeItem(KEYS.token);
  localStorage.removeItem(KEYS.refresh);
  localStorage.removeItem(KEYS.kind);
  writeSignedInCookie(false);
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes localStorage: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(KEYS).includes(event.key as never)) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Test helper: forget the cached value (localStorage changed behind our back). */
export function resetSessionCache(): void {
  cached = undefined;
}
