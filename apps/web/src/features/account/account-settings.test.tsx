import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

describe('account settings', () => {
  it('sets up two-step verification with an authenticator app', async () => {
    signIn();
    let enabled = false;
    const calls = mockApi((url) => {
      if (url === '/api/profile') {
        const user = testUser();
        return json(200, {
          ...user,
          user_profile: {
            ...user.user_profile,
            two_factor_authentication: enabled,
            two_factor_method: enabled ? 'totp' : null,
          },
        });
      }
      if (url === '/api/lock-code-exist') return json(200, { exists: false });
      if (url === '/api/profile/2fa') {
        return json(200, {
          method: 'totp',
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/x',
          qr_code: 'data:image/png;base64,iVBORw0KGgo=',
        });
      }
      if (url === '/api/profile/2fa-confirm') {
        enabled = true;
        return json(200, {
          two_factor_authentication: true,
          method: 'totp',
          backup_codes: ['aaaa-bbbb', 'cccc-dddd'],
        });
      }
      return undefined;
    });
    await renderApp('/account-settings');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('twofa-method-totp', {}, { timeout: 20_000 }));
    expect(await screen.findByTestId('twofa-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByAltText('QR code for your authenticator app')).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    await user.type(screen.getByTestId('twofa-code'), '654321');
    await user.click(screen.getByTestId('twofa-confirm'));
    const codes = await screen.findByTestId('twofa-backup-codes');
    expect(within(codes).getByText('aaaa-bbbb')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/profile/2fa')?.body).toEqual({ method: 'totp' });
    expect(calls.find((call) => call.url === '/api/profile/2fa-confirm')?.body).toEqual({
      code: '654321',
    });
    await waitFor(() =>
      expect(screen.getByTestId('twofa-status')).toHaveTextContent('authenticator app'),
    );
  });

  it('saves the profile name with a merge-patch', async () => {
    signIn();
    const calls = mockApi((url, init) => {
      if (url === '/api/profile') return json(200, testUser(''));
      if (url === '/api/lock-code-exist') return json(200, { exists: false });
      if (url === '/api/user/profile/7' && init.method === 'PATCH') {
        return json(200, testUser('Grace'));
      }
      return undefined;
    });
    await renderApp('/feed');
    // the page is a lazy chunk: on a loaded machine it may take longer than the default wait
    expect(await screen.findByTestId('name-needed', {}, { timeout: 20_000 })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('profile-name'), 'Grace');
    await user.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(screen.queryByTestId('name-needed')).not.toBeInTheDocument());
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({
      name: 'Grace',
      country: 'BE',
      phone_number: null,
      description: null,
      function: null,
      organization_name: null,
      location: null,
      custom_colour: null,
    });
  });

  it('edits the bio, job, organisation and city that the profile shows', async () => {
    signIn();
    const me = testUser('Ada');
    const stored = {
      ...me,
      user_profile: {
        ...me.user_profile,
        description: 'Counting engines',
        function: 'Analyst',
        organization_name: 'Engines Ltd',
        location: 'London',
      },
    };
    const calls = mockApi((url, init) => {
      if (url === '/api/profile') return json(200, stored);
      if (url === '/api/lock-code-exist') return json(200, { exists: false });
      if (url === '/api/user/profile/7' && init.method === 'PATCH') return json(200, stored);
      return undefined;
    });
    await renderApp('/account-settings');
    const job = await screen.findByTestId('profile-function', {}, { timeout: 20_000 });
    expect(job).toHaveValue('Analyst');
    expect(screen.getByTestId('profile-organisation')).toHaveValue('Engines Ltd');
    expect(screen.getByTestId('profile-location')).toHaveValue('London');
    expect(screen.getByTestId('profile-bio')).toHaveValue('Counting engines');
    expect(screen.getByLabelText('Job title')).toBe(job);

    const user = userEvent.setup();
    await user.clear(job);
    await user.type(job, 'Programmer ');
    await user.clear(screen.getByTestId('profile-location'));
    await user.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Ada',
      country: 'BE',
      phone_number: null,
      description: 'Counting engines',
      function: 'Programmer',
      organization_name: 'Engines Ltd',
      location: null,
      custom_colour: null,
    });
  });

  it('saves the colour, phone and language with the one save of the profile section', async () => {
    signIn();
    const calls = mockApi((url, init) => {
      if (url === '/api/profile') return json(200, testUser());
      if (url === '/api/lock-code-exist') return json(200, { exists: false });
      if (init.method === 'PATCH') return json(200, testUser());
      return undefined;
    });
    await renderApp('/account-settings');
    const input = await screen.findByTestId('profile-colour', {}, { timeout: 20_000 });
    const user = userEvent.setup();
    await user.click(input);
    await user.paste('e8590c');
    await user.type(screen.getByTestId('profile-phone'), '0470');
    await user.click(screen.getByTestId('profile-save'));
    // a bad phone number is refused before anything is sent
    expect(
      await screen.findByText('The phone number must match +XXXXXXXXXX (with country code).'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
    await user.clear(screen.getByTestId('profile-phone'));
    await user.type(screen.getByTestId('profile-phone'), '+32470123456');
    await user.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      custom_colour: '#e8590c',
      phone_number: '+32470123456',
    });
    await user.clear(input);
    await user.type(input, '#12');
    await user.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Invalid colour code')).toBeInTheDocument();
  });

  it('shows the error view with status when the profile cannot load', async () => {
    signIn();
    mockApi((url) =>
      url === '/api/profile' ? json(500, { message: 'Connection issue' }) : undefined,
    );
    await renderApp('/account-settings');
    const view = await screen.findByTestId('query-error', {}, { timeout: 9000 });
    expect(view).toHaveTextContent('Connection issue (500)');
    // server errors are retried twice before the view shows
  }, 12000);
});
