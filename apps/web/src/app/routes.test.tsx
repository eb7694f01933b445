import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession } from '../api/session';
import { browserSettings } from '../session/settings';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn, testUser } from '../test/render';
import { openLazyMenu } from '../test/lazy-menu';

afterEach(() => vi.unstubAllGlobals());

const profileApi = (user: unknown) =>
  mockApi((url) => (url === '/api/profile' ? json(200, user) : undefined));

describe('route guards in the route table', () => {
  it('sends a visitor from a protected route to /auth with the route remembered', async () => {
    mockApi(() => undefined);
    const { router } = await renderApp('/collections/abcdefghij?tab=1');
    expect(await screen.findByTestId('login-usermail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/collections/abcdefghij?tab=1',
    );
  });

  it('prefills the usermail carried over from /connections', async () => {
    mockApi(() => undefined);
    await renderApp('/connections?usermail=ada%40example.com');
    expect(await screen.findByTestId('login-usermail')).toHaveValue('ada@example.com');
  });

  it('sends a user without a name to account settings', async () => {
    signIn();
    profileApi(testUser(''));
    const { router } = await renderApp('/feed');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-settings'));
  });

  it('sends a signed-in user away from /auth unless login_type is present', async () => {
    signIn();
    profileApi(testUser());
    const { router } = await renderApp('/auth/forgot-password');
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await router.navigate('/auth?login_type=pim');
    expect(await screen.findByTestId('login-usermail')).toBeInTheDocument();
  });

  it('opens a protected route for a visitor holding a secure_token link', async () => {
    mockApi(() => undefined);
    const { router } = await renderApp('/collections/abcdefghij?secure_token=xyz');
    // the collection page reads it as a visitor; this token is unknown to the API
    expect(
      await screen.findByText('This public link is invalid or has expired.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/collections/abcdefghij');
  }, 15000);

  it('redirects /transfer and /messages/t, and shows 404 elsewhere', async () => {
    signIn();
    profileApi(testUser());
    const { router } = await renderApp('/transfer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/file-transfer'));
    await router.navigate('/messages/t');
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    await router.navigate('/no/such/page');
    expect(await screen.findByText("That page doesn't exist")).toBeInTheDocument();
  });

  it('shows the side menu and bottom bar for a signed-in user', async () => {
    signIn();
    profileApi({ ...testUser(), rules: { workspaces: false } });
    await renderApp('/discover');
    expect(await screen.findByTestId('side-menu')).toBeInTheDocument();
    expect(screen.getByTestId('bottom-bar')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-workspaces')).not.toBeInTheDocument();
    expect(screen.getByTestId('nav-collections')).toBeInTheDocument();
  });

  it('shows the guest welcome on public routes for visitors', async () => {
    mockApi(() => undefined);
    await renderApp('/discover');
    expect(await screen.findByTestId('guest-welcome')).toBeInTheDocument();
    expect(screen.getByTestId('language-select')).toBeInTheDocument();
    expect(screen.queryByTestId('bottom-bar')).not.toBeInTheDocument();
  });
});

describe('logout', () => {
  it('ends the session, goes to /auth and remembers the last route', async () => {
    signIn();
    const calls = mockApi((url) => {
      if (url === '/api/profile') return json(200, testUser());
      if (url === '/api/logout') return new Response(null, { status: 204 });
      return undefined;
    });
    window.history.replaceState(null, '', '/collections?tab=own');
    const { router } = await renderApp('/collections?tab=own');
    const user = userEvent.setup();
    await openLazyMenu(user, () => screen.getByTestId('account-menu'));
    await user.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('');
    expect(getSession()).toBeNull();
    expect(browserSettings.get().lastRoute).toBe('/collections?tab=own');
    expect(calls.find((call) => call.url === '/api/logout')?.body).toEqual({ refresh_token: 'R' });
  });
});
