import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@memoria/domain';
import { getSession } from '../../api/session';
import { json, mockApi, renderApp, testUser } from '../../test/render';

const REQUEST_KEY = 'memoria.pim.request';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('sign-in with the identity service', () => {
  it('offers the button on the login page when a provider is configured', async () => {
    mockApi((url) =>
      url === '/api/pim/provider' ? json(200, { enabled: true, name: 'Test ID' }) : undefined,
    );
    await renderApp('/auth');
    const link = await screen.findByTestId('login-pim', {}, { timeout: 20_000 });
    expect(link).toHaveTextContent('Log in with Test ID');
    expect(link).toHaveAttribute('href', '/auth/pim');
  });

  it('shows no button without a provider', async () => {
    const calls = mockApi((url) =>
      url === '/api/pim/provider' ? json(200, { enabled: false, name: null }) : undefined,
    );
    await renderApp('/auth');
    await screen.findByTestId('login-usermail');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/pim/provider')).toBe(true));
    expect(screen.queryByTestId('login-pim')).toBeNull();
  });

  it('asks for the authorisation URL and keeps the request to poll with', async () => {
    const calls = mockApi((url) => {
      if (url === '/api/pim/provider') return json(200, { enabled: true, name: 'Test ID' });
      if (url.startsWith('/api/pim/url'))
        return json(200, { url: 'http://127.0.0.1:9/auth?x=1', request: 'secret-1' });
      return undefined;
    });
    await renderApp('/auth/pim');
    await userEvent.setup().click(await screen.findByTestId('pim-start'));
    await waitFor(() => expect(sessionStorage.getItem(REQUEST_KEY)).toBe('secret-1'));
    expect(calls.find((c) => c.url.startsWith('/api/pim/url'))?.url).toBe('/api/pim/url?locale=en');
  });

  it('back from the service: asks again while the answer is 400, then signs in', async () => {
    sessionStorage.setItem(REQUEST_KEY, 'secret-2');
    let asked = 0;
    const calls = mockApi((url) => {
      if (url === '/api/pim/provider') return json(200, { enabled: true, name: 'Test ID' });
      if (url === '/api/profile') return json(200, testUser());
      if (url !== '/api/pim/login') return undefined;
      asked += 1;
      return asked === 1
        ? json(400, { message: 'The identity service has not answered yet.' })
        : json(200, { token: 'T2', refresh_token: 'R2' });
    });
    // The clock runs as it would, and jumps over the polls' waits (1 s, then 3 s).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let router: Awaited<ReturnType<typeof renderApp>>['router'];
    try {
      ({ router } = await renderApp('/auth/pim?result=done'));
      expect(await screen.findByTestId('pim-waiting')).toBeInTheDocument();
      for (const wait of [TIMINGS.pollFirstCallMs, TIMINGS.pollIntervalMs]) {
        await vi.advanceTimersByTimeAsync(wait);
      }
      await waitFor(() => expect(getSession()).toMatchObject({ token: 'T2', kind: 'full' }), {
        timeout: 20_000,
      });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/auth/));
    expect(calls.filter((c) => c.url === '/api/pim/login').map((c) => c.body)).toEqual([
      { request: 'secret-2' },
      { request: 'secret-2' },
    ]);
    expect(sessionStorage.getItem(REQUEST_KEY)).toBeNull();
  }, 60_000);

  it("shows the server's message when the identity is linked to no account", async () => {
    sessionStorage.setItem(REQUEST_KEY, 'secret-3');
    mockApi((url) =>
      url === '/api/pim/login'
        ? json(401, { message: 'No account is linked to this identity yet.' })
        : undefined,
    );
    await renderApp('/auth/pim?result=failed');
    expect(await screen.findByTestId('pim-error', {}, { timeout: 20_000 })).toHaveTextContent(
      'No account is linked to this identity yet.',
    );
    expect(screen.getByTestId('pim-start')).toHaveTextContent('Try again');
  });
});
