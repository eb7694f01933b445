import { Suspense, useEffect, useMemo } from 'react';
import { Navigate, Outlet, matchRoutes, useLocation } from 'react-router';
import { isLocale } from '@memoria/domain';
import { useProfile } from '../features/profile/queries';
import { useSecureMode } from '../features/secure-mode/secure-mode';
import { changeLocale, currentLocale } from '../i18n';
import { PageLoader } from '../ui/page-loader';
import { lazyPage } from '../ui/lazy-page';
// routes.tsx imports this module too; the table is only read while rendering.
import { routes } from './routes';
import { decideNavigation, type RouteAccess } from '../session/navigation-rules';
import {
  isLoggingOut,
  postLoginDestination,
  setLoggingOut,
  setPostLoginDestination,
} from '../session/session-actions';
import { useSession } from '../session/use-session';

const PinLockScreen = lazyPage(
  () => import('../features/secure-mode/pin-lock-screen'),
  'PinLockScreen',
);

export interface RouteHandle {
  access?: RouteAccess;
}

/** The access of the deepest matched route that declares one (default public). */
function routeAccess(pathname: string): RouteAccess {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const access = (matches[i]?.route.handle as RouteHandle | undefined)?.access;
    if (access) return access;
  }
  return 'public';
}

/** Applies the navigation rules and secure mode before any page renders. */
export function RouteGuard() {
  const location = useLocation();
  // Matching walks the whole route table: once per address, not on every profile change.
  const access = useMemo(() => routeAccess(location.pathname), [location.pathname]);
  const session = useSession();
  const profile = useProfile();
  const user = profile.data;
  const locked = useSecureMode(session?.kind === 'full' ? user?.id : undefined);

  // The signed-in user's profile locale wins over the cookie and the browser.
  const profileLocale = user?.user_profile.locale;
  useEffect(() => {
    if (isLocale(profileLocale) && profileLocale !== currentLocale()) {
      void changeLocale(profileLocale);
    }
  }, [profileLocale]);

  // Once past the sign-in screens, a finished login's destination is spent.
  useEffect(() => {
    if (access !== 'loggedOut') setPostLoginDestination(undefined);
    else setLoggingOut(false);
  }, [access]);

  let known: { name: string } | null | undefined = null;
  if (session) known = profile.isError ? null : user ? { name: user.user_profile.name } : undefined;

  const decision = decideNavigation({
    pathname: location.pathname,
    search: location.search,
    access,
    session: session ? session.kind : 'none',
    user: known,
    afterLogin: postLoginDestination(),
    loggingOut: isLoggingOut(),
  });

  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.type === 'wait') return <PageLoader />;
  if (locked && access !== 'loggedOut') {
    return (
      <Suspense fallback={<PageLoader />}>
        <PinLockScreen />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
