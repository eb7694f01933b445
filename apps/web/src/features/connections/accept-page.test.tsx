import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';
import { card } from './test-support';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 45_000 });
const slow = { timeout: 20_000 };

const grace = card(9, 'Grace Hopper');
const qrAnswer = (extra: object = {}) => ({
  user: { ...grace, user_identified: true },
  valid_until: '2030-01-01T00:00:00.000Z',
  connection_status: null,
  own: false,
  ...extra,
});
const invitation = (extra: object = {}) => ({
  user_outbound: grace,
  user_to_email: 'ada@example.com',
  personal_message: 'Join my collections',
  valid_until: '2030-01-01T00:00:00.000Z',
  has_account: true,
  connected: false,
  ...extra,
});

function signedIn(handler: (url: string) => Response | undefined) {
  signIn();
  return mockApi((url) => (url === '/api/profile' ? json(200, testUser()) : handler(url)));
}

describe('accept by QR link', () => {
  it('shows whose code it is, connects on confirm', async () => {
    const calls = signedIn((url) => {
      if (url === '/api/qr_connection/TOKEN12345') return json(200, qrAnswer());
      if (url === '/api/qr_connection/TOKEN12345/confirm') return json(200, {});
      return undefined;
    });
    await renderApp('/connections/accept/TOKEN12345?qr=1');
    expect(await screen.findByTestId('accept-person', {}, slow)).toHaveTextContent('Grace Hopper');
    await userEvent.setup().click(screen.getByTestId('accept-confirm'));
    expect(await screen.findByTestId('accept-done')).toHaveTextContent(
      'You are now connected with Grace Hopper.',
    );
    expect(calls.some((call) => call.url === '/api/qr_connection/TOKEN12345/confirm')).toBe(true);
  });

  it('says so for an own code and for an existing connection', async () => {
    signedIn((url) =>
      url === '/api/qr_connection/OWNTOKEN123' ? json(200, qrAnswer({ own: true })) : undefined,
    );
    const { router } = await renderApp('/connections/accept/OWNTOKEN123?qr=1');
    expect(await screen.findByTestId('accept-own', {}, slow)).toBeInTheDocument();
    expect(screen.queryByTestId('accept-confirm')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
    signedIn((url) =>
      url === '/api/qr_connection/FRIEND1234'
        ? json(200, qrAnswer({ connection_status: 'active' }))
        : undefined,
    );
    await router.navigate('/connections/accept/FRIEND1234?qr=1');
    expect(await screen.findByTestId('accept-already', {}, slow)).toHaveTextContent(
      'already connected with Grace Hopper',
    );
  });

  it('reports an unknown or expired code', async () => {
    signedIn((url) =>
      url === '/api/qr_connection/EXPIRED123' ? json(404, { message: 'gone' }) : undefined,
    );
    await renderApp('/connections/accept/EXPIRED123?qr=1');
    expect(await screen.findByTestId('accept-invalid', {}, slow)).toHaveTextContent(
      'This invitation is invalid or has expired.',
    );
  });
});

describe('accept by invitation link', () => {
  it('shows the inviter and message, accepts, and shows a server refusal', async () => {
    let attempt = 0;
    signedIn((url) => {
      if (url === '/api/p/connection-invitation/INVITE1234') return json(200, invitation());
      if (url === '/api/connection-token/INVITE1234/accept') {
        attempt += 1;
        return attempt === 1
          ? json(403, { message: 'This invitation was sent to another address.' })
          : json(200, {});
      }
      return undefined;
    });
    await renderApp('/connections/accept/INVITE1234');
    expect(await screen.findByTestId('accept-message', {}, slow)).toHaveTextContent(
      'Join my collections',
    );
    const user = userEvent.setup();
    await user.click(screen.getByTestId('accept-confirm'));
    expect(await screen.findByTestId('accept-invalid')).toHaveTextContent(
      'This invitation was sent to another address.',
    );
    await user.click(screen.getByTestId('accept-confirm'));
    expect(await screen.findByTestId('accept-done')).toBeInTheDocument();
  });

  it('sends a visitor on the protected link to log in, remembering it', async () => {
    mockApi(() => undefined);
    const { router } = await renderApp('/connections/accept/INVITE1234');
    expect(await screen.findByTestId('login-usermail', {}, slow)).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/connections/accept/INVITE1234',
    );
  });
});

describe('public accept page', () => {
  it('offers log in for an invited account, with redirect and usermail', async () => {
    mockApi((url) =>
      url === '/api/p/connection-invitation/INVITE1234' ? json(200, invitation()) : undefined,
    );
    await renderApp('/p/connections/accept/INVITE1234');
    const login = await screen.findByTestId('accept-login', {}, slow);
    const params = new URLSearchParams(login.getAttribute('href')?.split('?')[1]);
    expect(login.getAttribute('href')?.startsWith('/auth?')).toBe(true);
    expect(params.get('redirect')).toBe('/connections/accept/INVITE1234');
    expect(params.get('usermail')).toBe('ada@example.com');
    expect(screen.getByTestId('accept-visitor')).toBeInTheDocument();
  });

  it('offers sign up first to an address without account', async () => {
    mockApi((url) =>
      url === '/api/p/connection-invitation/NEWBIE1234'
        ? json(200, invitation({ has_account: false, user_to_email: 'new@example.com' }))
        : undefined,
    );
    await renderApp('/p/connections/accept/NEWBIE1234');
    const signup = await screen.findByTestId('accept-signup', {}, slow);
    expect(signup.getAttribute('href')).toContain('/auth/signup?');
    expect(signup.getAttribute('href')).toContain('usermail=new%40example.com');
  });

  it('sends a signed-in user to the accept route', async () => {
    signedIn((url) =>
      url === '/api/p/connection-invitation/INVITE1234' ? json(200, invitation()) : undefined,
    );
    const { router } = await renderApp('/p/connections/accept/INVITE1234');
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/connections/accept/INVITE1234'),
      slow,
    );
    expect(await screen.findByTestId('accept-confirm', {}, slow)).toBeInTheDocument();
  });

  it('shows an invalid link to a visitor', async () => {
    mockApi((url) =>
      url === '/api/p/connection-invitation/BADLINK123' ? json(404, {}) : undefined,
    );
    await renderApp('/p/connections/accept/BADLINK123');
    expect(await screen.findByTestId('accept-invalid', {}, slow)).toBeInTheDocument();
    expect(screen.queryByTestId('accept-login')).not.toBeInTheDocument();
  });
});
