import { isValidElement, type ReactNode } from 'react';
import { matchRoutes } from 'react-router';
import type { LazyPage } from '../ui/lazy-page';
import type { RouteHandle } from './route-guard';
import { routes } from './routes';
import { FIRST_DATA_WAIT_MS } from './first-data';

/** The lazy pages (layouts and page) an element of the route table renders. */
function lazyPagesOf(node: ReactNode, into: LazyPage[]): void {
  if (!isValidElement<{ children?: ReactNode }>(node)) return;
  const type: unknown = node.type;
  if (typeof type === 'function' && 'preload' in type) into.push(type as LazyPage);
  const children = node.props.children;
  for (const child of Array.isArray(children) ? children : [children]) lazyPagesOf(child, into);
}

/**
 * The first screen's layout and page before React's first render (docs/PERFORMANCE.md,
 * Lighthouse: the fifth round). The boot script has asked for their chunks already; a lazy
 * page that is not in when React renders it suspends, and the screen is rendered hidden, then
 * shown, and rendered again for every answer that came in meanwhile. Only what the route
 * guard will show for this session is loaded (a visitor's `/` goes to the sign-in, not home);
 * waits at most `waitMs`, a slower chunk suspends as before.
 */
export function firstPages(
  pathname: string,
  signedIn: boolean,
  waitMs = FIRST_DATA_WAIT_MS,
): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  let access: RouteHandle['access'] = 'public';
  for (const match of matches) access = (match.route.handle as RouteHandle)?.access ?? access;
  if ((access === 'login' && !signedIn) || (access === 'loggedOut' && signedIn)) {
    return Promise.resolve();
  }
  const pages: LazyPage[] = [];
  for (const match of matches) lazyPagesOf(match.route.element, pages);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    Promise.all(pages.map((page) => page.preload())).then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]).finally(() => clearTimeout(timer));
}
