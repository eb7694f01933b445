import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';
import { isSecureModeOn, setSecureMode } from './secure-mode';

afterEach(() => vi.unstubAllGlobals());

describe('secure mode', () => {
  it('shows the PIN screen on every route until the PIN checks out', async () => {
    signIn();
    setSecureMode(7, true);
    mockApi((url) => {
      if (url === '/api/profile') return json(200, { ...testUser(), has_lock_code: true });
      if (url === '/api/lock-code-validate/1111') return json(400, { message: 'Invalid' });
      if (url === '/api/lock-code-validate/2468') return json(200, { valid: true });
      return undefined;
    });
    await renderApp('/file-transfer');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('pin-input'), '1111');
    await user.click(screen.getByTestId('pin-unlock'));
    expect(await screen.findByText('Wrong PIN')).toBeInTheDocument();
    expect(isSecureModeOn(7)).toBe(true);
    await user.type(screen.getByTestId('pin-input'), '2468');
    await user.click(screen.getByTestId('pin-unlock'));
    expect(await screen.findByTestId('transfer-page')).toBeInTheDocument();
    expect(screen.queryByTestId('pin-input')).not.toBeInTheDocument();
    expect(isSecureModeOn(7)).toBe(false);
  });

  it('removes a forgotten PIN after the password check', async () => {
    signIn();
    setSecureMode(7, true);
    const calls = mockApi((url) => {
      if (url === '/api/profile') return json(200, { ...testUser(), has_lock_code: true });
      if (url === '/api/validate-password') return json(200, { valid: true });
      if (url === '/api/lock-code-reset') return json(200, {});
      return undefined;
    });
    await renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('pin-forgot'));
    await user.type(await screen.findByTestId('pin-forgot-password'), 'Secret123!');
    await user.click(screen.getByTestId('pin-forgot-confirm'));
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toEqual(
        expect.arrayContaining(['/api/validate-password', '/api/lock-code-reset']),
      ),
    );
    expect(calls.find((call) => call.url === '/api/validate-password')?.body).toEqual({
      password: 'Secret123!',
    });
  });
});
