import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../api/session';
import { STAGING_CONFIRMED_KEY } from '../../session/staging';
import { json, mockApi, renderApp, testUser } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

async function fillCredentials() {
  const user = userEvent.setup();
  await user.type(await screen.findByTestId('login-usermail'), 'ada@example.com');
  await user.type(screen.getByTestId('login-password'), 'Secret123!');
  await user.click(screen.getByTestId('login-submit'));
  return user;
}

describe('login', () => {
  it('asks for the staging confirmation on localhost, then for the 2FA code', async () => {
    const calls = mockApi((url, init) => {
      if (url === '/api/profile') return json(200, testUser());
      if (url !== '/api/login') return undefined;
      const body = JSON.parse(String(init.body)) as { code?: string };
      return body.code === '123456'
        ? json(200, { token: 'T', refresh_token: 'R' })
        : json(200, { status: '2fa verification required', method: 'totp' });
    });
    const { router } = await renderApp('/auth?redirect=%2Fcollections');
    const user = await fillCredentials();
    await user.click(await screen.findByTestId('staging-confirm'));
    expect(sessionStorage.getItem(STAGING_CONFIRMED_KEY)).toBe('1');
    await user.type(await screen.findByTestId('login-code'), '123456');
    await user.click(screen.getByTestId('login-code-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collections'));
    expect(getSession()).toMatchObject({ token: 'T', kind: 'full' });
    const logins = calls.filter((call) => call.url === '/api/login');
    expect(logins[1]?.body).toEqual({
      usermail: 'ada@example.com',
      password: 'Secret123!',
      code: '123456',
    });
  });

  it('goes to the activation step for a user not activated, with resend', async () => {
    sessionStorage.setItem(STAGING_CONFIRMED_KEY, '1');
    const calls = mockApi((url) => {
      if (url === '/api/login')
        return json(401, { error: 'user not activated', message: 'Not activated' });
      if (url === '/api/account/resend-verification') return json(200, {});
      return undefined;
    });
    await renderApp('/auth');
    const user = await fillCredentials();
    expect(await screen.findByTestId('login-code')).toBeInTheDocument();
    await user.click(screen.getByTestId('login-resend'));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/account/resend-verification')?.body).toEqual({
        usermail: 'ada@example.com',
      }),
    );
  });

  it('shows the server message for wrong credentials', async () => {
    sessionStorage.setItem(STAGING_CONFIRMED_KEY, '1');
    mockApi((url) =>
      url === '/api/login'
        ? json(401, { error: 'Invalid credentials.', message: 'Wrong email or password.' })
        : undefined,
    );
    await renderApp('/auth');
    await fillCredentials();
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Wrong email or password.');
  });
});
