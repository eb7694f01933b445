import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../api/session';
import { STAGING_CONFIRMED_KEY } from '../../session/staging';
import { json, mockApi, renderApp, testUser } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signup and verification', () => {
  it('signs up, keeps the activation session, verifies and lands home', async () => {
    sessionStorage.setItem(STAGING_CONFIRMED_KEY, '1');
    // a Belgian browser in English: the country follows the browser, not the interface
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-BE', 'en']);
    const calls = mockApi((url) => {
      if (url === '/api/signup') return json(201, { token: 'A', refresh_token: 'AR' });
      if (url === '/api/profile') return json(200, testUser('Ada'));
      if (url === '/api/user/account/verification') {
        return json(200, { status: 'ok', token: 'F', refresh_token: 'FR' });
      }
      return undefined;
    });
    const { router } = await renderApp('/auth/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('signup-name'), 'Ada');
    // one language picker: the form's (the welcome panel's is left out on this page)
    expect(await screen.findByTestId('guest-welcome')).toBeInTheDocument();
    expect(screen.getAllByRole('combobox', { name: /language/i })).toHaveLength(1);
    expect(screen.getByTestId('signup-country')).toHaveValue('BE');
    await user.type(screen.getByTestId('signup-usermail'), 'ada@example.com');
    await user.type(screen.getByTestId('signup-password'), 'weak');
    await user.click(screen.getByTestId('signup-submit'));
    expect(calls.find((call) => call.url === '/api/signup')).toBeUndefined();

    await user.type(screen.getByTestId('signup-password'), 'Pass123!');
    await user.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signup/verification'));
    expect(calls.find((call) => call.url === '/api/signup')?.body).toMatchObject({
      usermail: 'ada@example.com',
      password: 'weakPass123!',
      userProfile: { name: 'Ada', locale: 'en', country: 'BE' },
    });
    expect(getSession()?.kind).toBe('activation');

    await user.type(await screen.findByTestId('verification-code'), '123456');
    await user.click(screen.getByTestId('verification-submit'));
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(getSession()).toMatchObject({ token: 'F', kind: 'full' });
    expect(calls.find((call) => call.url === '/api/user/account/verification')?.body).toEqual({
      code: '123456',
    });
  });

  it('an invitation link fills the address and lands where it points after activation', async () => {
    sessionStorage.setItem(STAGING_CONFIRMED_KEY, '1');
    mockApi((url) => {
      if (url === '/api/signup') return json(201, { token: 'A', refresh_token: 'AR' });
      if (url === '/api/profile') return json(200, testUser('Ada'));
      if (url === '/api/user/account/verification') {
        return json(200, { status: 'ok', token: 'F', refresh_token: 'FR' });
      }
      return json(200, []);
    });
    const { router } = await renderApp(
      '/auth/signup?usermail=ada%40example.com&redirect=%2Fconnections%2Faccept%2Ftok123',
    );
    const user = userEvent.setup();
    expect(await screen.findByTestId('signup-usermail')).toHaveValue('ada@example.com');
    await user.type(screen.getByTestId('signup-name'), 'Ada');
    await user.type(screen.getByTestId('signup-password'), 'weakPass123!');
    await user.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signup/verification'));
    expect(router.state.location.search).toContain('redirect=');
    await user.type(await screen.findByTestId('verification-code'), '123456');
    await user.click(screen.getByTestId('verification-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/connections/accept/tok123'));
  });

  it('puts server violations on the fields', async () => {
    sessionStorage.setItem(STAGING_CONFIRMED_KEY, '1');
    mockApi((url) =>
      url === '/api/signup'
        ? json(422, {
            violations: [{ propertyPath: 'usermail', message: 'This address is taken.' }],
          })
        : undefined,
    );
    await renderApp('/auth/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('signup-name'), 'Ada');
    await user.type(screen.getByTestId('signup-usermail'), 'ada@example.com');
    await user.type(screen.getByTestId('signup-password'), 'Pass123!');
    await user.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText('This address is taken.')).toBeInTheDocument();
  });

  it('sends an activation session from protected routes to verification', async () => {
    mockApi((url) => (url === '/api/profile' ? json(200, testUser()) : undefined));
    const { setSession } = await import('../../api/session');
    setSession({ token: 'A', refreshToken: 'AR', kind: 'activation' });
    const { router } = await renderApp('/collections');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signup/verification'));
  });
});
