/**
 * The navigation rules of docs/SCREENS.md, Navigation, as pure functions so they are easy to test.
 * The route guard (route-guard.tsx) feeds them the current location, session and user.
 */
export type RouteAccess = 'login' | 'public' | 'loggedOut';
export type SessionState = 'none' | 'activation' | 'full';

export interface GuardInput {
  pathname: string;
  search: string;
  access: RouteAccess;
  session: SessionState;
  /** undefined while the profile loads; null when there is no user. */
  user: { name: string } | null | undefined;
  /** Where a login that just finished wants to go (see afterLoginDestination). */
  afterLogin?: string;
  /** Set while a logout is under way: protected routes go straight to /auth. */
  loggingOut?: boolean;
}

export type GuardDecision =
  { type: 'render' } | { type: 'wait' } | { type: 'redirect'; to: string };

export const AUTH_PATH = '/auth';
export const VERIFICATION_PATH = '/auth/signup/verification';
export const ACCOUNT_SETTINGS_PATH = '/account-settings';

/** A secure_token (collection link) or smt (memo link) query makes any route public. */
export function effectiveAccess(access: RouteAccess, search: string): RouteAccess {
  const params = new URLSearchParams(search);
  if (params.has('secure_token') || params.has('smt')) return 'public';
  return access;
}

/** Where a protected route sends a visitor: /auth, remembering the attempted route. */
export function loginRedirect(pathname: string, search: string): string {
  const params = new URLSearchParams();
  params.set('redirect', `${pathname}${search}`);
  // The active-connections route carries its usermail query over (invitation links).
  if (pathname.startsWith('/connections')) {
    const usermail = new URLSearchParams(search).get('usermail');
    if (usermail) params.set('usermail', usermail);
  }
  return `${AUTH_PATH}?${params.toString()}`;
}

export function decideNavigation(input: GuardInput): GuardDecision {
  const access = effectiveAccess(input.access, input.search);
  const params = new URLSearchParams(input.search);

  if (access === 'loggedOut') {
    if (input.session === 'full' && !params.has('login_type')) {
      return { type: 'redirect', to: input.afterLogin ?? '/' };
    }
    return { type: 'render' };
  }

  if (access === 'login') {
    if (input.session === 'none') {
      if (input.loggingOut) return { type: 'redirect', to: AUTH_PATH };
      return { type: 'redirect', to: loginRedirect(input.pathname, input.search) };
    }
    if (input.session === 'activation') return { type: 'redirect', to: VERIFICATION_PATH };
    if (input.user === undefined) return { type: 'wait' };
  }

  const nameless = input.session === 'full' && input.user && !input.user.name.trim();
  if (nameless && !input.pathname.startsWith(ACCOUNT_SETTINGS_PATH)) {
    return { type: 'redirect', to: ACCOUNT_SETTINGS_PATH };
  }
  return { type: 'render' };
}

/** Only same-site paths are followed, never `//host` or absolute URLs. */
export function isSafeInternalPath(value: string | null | undefined): value is string {
  return Boolean(
    value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\'),
  );
}

/**
 * After login: a redirect or share query wins; otherwise the last route before logout unless
 * that was "/"; a first login goes to /.
 */
export function afterLoginDestination(
  search: string,
  remembered: { lastRoute?: string; hasLoggedIn?: boolean },
): string {
  const params = new URLSearchParams(search);
  const redirect = params.get('redirect');
  if (isSafeInternalPath(redirect) && !redirect.startsWith(AUTH_PATH)) return redirect;
  const share = params.get('share');
  if (share) return isSafeInternalPath(share) ? share : `/?share=${encodeURIComponent(share)}`;
  if (!remembered.hasLoggedIn) return '/';
  const last = remembered.lastRoute;
  if (isSafeInternalPath(last) && last !== '/' && !last.startsWith(AUTH_PATH)) return last;
  return '/';
}

/** The route worth remembering at logout (auth screens are not). */
export function rememberableRoute(pathname: string, search: string): string | undefined {
  if (pathname.startsWith(AUTH_PATH)) return undefined;
  return `${pathname}${search}`;
}
