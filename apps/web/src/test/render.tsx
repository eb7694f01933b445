import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, type Location } from 'react-router';
import { vi } from 'vitest';
import { configureClient } from '../api/client';
import { resetSessionCache, setSession } from '../api/session';
import { queryClient } from '../api/query-client';
import { AppRoutes } from '../app/router';
import { NAMESPACES, initI18n, loadNamespaces } from '../i18n';
import { buildTheme } from '../ui/theme';

export type FetchRoute = (url: string, init: RequestInit) => Response | undefined;

export function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Stubs fetch with a list of handlers; unmatched calls answer 404. Returns the call log. */
export function mockApi(handler: FetchRoute) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ url, method: init.method ?? 'GET', body });
      return handler(url, init) ?? json(404, { message: 'not found' });
    }),
  );
  return calls;
}

export function signIn(kind: 'full' | 'activation' = 'full') {
  setSession({ token: 'T', refreshToken: 'R', kind });
}

export const testUser = (name = 'Ada') => ({
  id: 7,
  '@id': '/api/user/7',
  profile_id: 7,
  usermail: 'ada@example.com',
  user_type: 'normal',
  workspace_type: null,
  is_active: true,
  user_profile: {
    id: 7,
    name,
    locale: 'en',
    country: 'BE',
    custom_colour: null,
    two_factor_authentication: false,
    two_factor_method: null,
  },
  user_picture: null,
  user_cover: null,
  rules: {},
  has_lock_code: false,
});

/** What tests see of the router: the current location and a way to navigate. */
export interface TestRouter {
  state: { location: Location };
  navigate: (to: string) => Promise<void>;
}

function RouterProbe({ router }: { router: TestRouter }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    router.state.location = location;
    router.navigate = async (to) => {
      await act(async () => {
        await navigate(to);
      });
    };
  }, [router, location, navigate]);
  return null;
}

/** Renders the real route table at `path` inside the app's providers. */
export async function renderApp(path: string) {
  await initI18n('en');
  resetSessionCache();
  queryClient.clear();
  configureClient({ getLocale: () => 'en', onSessionExpired: () => {}, baseUrl: '' });
  const router = { state: {} } as TestRouter;
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={buildTheme(null)} env="test">
        <MemoryRouter initialEntries={[path]}>
          <RouterProbe router={router} />
          <AppRoutes />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

/**
 * Renders one component (a dialog, a panel, a page without its route) inside the app's
 * providers with a fresh query client, at `path`; returns the client for cache checks.
 */
export async function renderWidget(ui: ReactNode, { path = '/' } = {}) {
  await initI18n('en');
  // A component rendered on its own has no lazy page to load its texts; importing the app's
  // router anywhere in the graph switches initI18n to on-demand loading.
  await loadNamespaces(...NAMESPACES);
  resetSessionCache();
  configureClient({ getLocale: () => 'en', onSessionExpired: () => {}, baseUrl: '' });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const utils = render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={buildTheme(null)} env="test">
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...utils, queryClient: client };
}
