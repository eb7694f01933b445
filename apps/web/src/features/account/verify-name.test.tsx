import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@memoria/domain';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

function userWith(profile: Record<string, unknown>) {
  const user = testUser();
  return { ...user, user_profile: { ...user.user_profile, ...profile } };
}

const pending = userWith({
  user_identified: false,
  has_pending_identification: true,
  name_official: null,
});
const verified = userWith({
  user_identified: true,
  has_pending_identification: false,
  name_official: 'Ada King Lovelace',
});

describe('/account-settings/verify-name', () => {
  it('back from the service: polls the profile until the name is verified', async () => {
    signIn();
    let reads = 0;
    mockApi((url) => {
      if (url === '/api/pim/provider') return json(200, { enabled: true, name: 'Test ID' });
      if (url !== '/api/profile') return undefined;
      reads += 1;
      return json(200, reads <= 2 ? pending : verified);
    });
    // The clock runs as it would, and jumps over the polls' waits (1 s, then 3 s each).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderApp('/account-settings/verify-name?result=done');
      expect(
        await screen.findByTestId('verify-waiting', {}, { timeout: 20_000 }),
      ).toHaveTextContent(/Waiting for .+ to confirm your name/);
      for (const wait of [
        TIMINGS.pollFirstCallMs,
        TIMINGS.pollIntervalMs,
        TIMINGS.pollIntervalMs,
      ]) {
        await vi.advanceTimersByTimeAsync(wait);
      }
      expect(await screen.findByTestId('verify-done', {}, { timeout: 20_000 })).toHaveTextContent(
        'Your name is verified: Ada King Lovelace',
      );
      expect(screen.queryByTestId('verify-waiting')).toBeNull();
      expect(reads).toBeGreaterThanOrEqual(3);
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);

  it('marks the verification pending, then shows why the server refused to start it', async () => {
    signIn();
    const calls = mockApi((url, init) => {
      if (url === '/api/pim/provider') return json(200, { enabled: false, name: null });
      if (url === '/api/profile') return json(200, testUser());
      if (url === '/api/user/profile/7' && init.method === 'PATCH') return json(200, pending);
      if (url.startsWith('/api/identify_user_pim'))
        return json(403, { message: 'User verification is not allowed' });
      return undefined;
    });
    await renderApp('/account-settings/verify-name');
    await userEvent
      .setup()
      .click(await screen.findByTestId('verify-start', {}, { timeout: 20_000 }));
    expect(await screen.findByTestId('verify-error')).toHaveTextContent(
      'User verification is not allowed',
    );
    const patch = calls.find((c) => c.url === '/api/user/profile/7');
    expect(patch?.body).toEqual({ has_pending_identification: true });
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/identify_user_pim?locale=en')).toBe(true),
    );
  }, 60_000);

  it('says so when the service did not confirm the name', async () => {
    signIn();
    mockApi((url) => (url === '/api/profile' ? json(200, testUser()) : undefined));
    await renderApp('/account-settings/verify-name?result=failed');
    expect(await screen.findByTestId('verify-error', {}, { timeout: 20_000 })).toHaveTextContent(
      'Your name could not be verified.',
    );
  }, 60_000);
});
