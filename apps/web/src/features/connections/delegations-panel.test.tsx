import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DelegationAuditEntry, DelegationListItem } from '@memoria/domain';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';
import { showSuccess } from '../../ui/toasts';
import type * as Toasts from '../../ui/toasts';
import { card, connection, hydra } from './test-support';

vi.mock('../../ui/toasts', async (original) => ({
  ...(await original<typeof Toasts>()),
  showSuccess: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showSuccess).mockClear();
});

const slow = { timeout: 20_000 };
vi.setConfig({ testTimeout: 45_000 });

function delegation(
  id: number,
  direction: 'given' | 'held',
  extra: Partial<DelegationListItem> = {},
): DelegationListItem {
  const given = direction === 'given';
  return {
    id,
    account_user: given ? '/api/user/7' : '/api/user/40',
    delegate_user: given ? '/api/user/30' : '/api/user/7',
    account_name: given ? 'Ada' : 'Cleo',
    delegate_name: given ? 'Ben Brown' : 'Ada',
    direction,
    secure_token: given ? null : 'token-40',
    created_at: '2025-01-02T10:00:00.000Z',
    admin: false,
    profile: true,
    public_profile: true,
    settings: true,
    connections: true,
    collections: true,
    memos: true,
    workspaces: false,
    ...extra,
  };
}

const entry: DelegationAuditEntry = {
  id: 1,
  account_user: '/api/user/7',
  delegate_user: '/api/user/30',
  delegate_name: 'Ben Brown',
  method: 'POST',
  route: '/api/collection',
  status: 201,
  created_at: new Date().toISOString(),
};

function api(
  delegations: DelegationListItem[],
  extra?: (url: string, init: RequestInit) => Response | undefined,
  user: object = testUser(),
) {
  signIn();
  return mockApi((url, init) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url === '/api/profile') return json(200, user);
    if (url === '/api/user/contact/count') {
      return json(200, { connections: 1, followers: 0, delegations: 0, followings: 0 });
    }
    if (url.startsWith('/api/account/role/audit')) return json(200, hydra([entry]));
    if (url.startsWith('/api/account/role?')) return json(200, hydra(delegations));
    if (url.startsWith('/api/user/connection?')) {
      return json(200, hydra([connection(100, card(30, 'Ben Brown'))]));
    }
    if (url.startsWith('/api/followings')) return json(200, hydra([]));
    return undefined;
  });
}

describe('the delegations tab', () => {
  it('lists access given and held, and the audit log', async () => {
    api([delegation(1, 'given', { memos: false }), delegation(2, 'held')]);
    await renderApp('/connections/delegations');
    const given = await screen.findByTestId('delegation-given', {}, slow);
    expect(given).toHaveTextContent('Ben Brown');
    expect(given).toHaveTextContent('Collections');
    expect(given).not.toHaveTextContent('Memos');
    expect(screen.getByTestId('delegation-held')).toHaveTextContent('Cleo');
    expect(screen.getByTestId('delegation-switch')).toHaveTextContent('Act as Cleo');
    expect(await screen.findByTestId('delegation-audit-entry', {}, slow)).toHaveTextContent(
      'Ben Brown: POST /api/collection',
    );
  });

  it('offers the connections that arrive after the dialog was opened', async () => {
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    api([], (url) =>
      url.startsWith('/api/user/connection?')
        ? // answered late: the dialog is already open
          (arrived.then(() =>
            json(200, hydra([connection(100, card(30, 'Ben Brown'))])),
          ) as unknown as Response)
        : undefined,
    );
    await renderApp('/connections/delegations');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('delegation-create', {}, slow));
    const dialog = await screen.findByTestId('delegation-dialog', {}, slow);
    release();
    await user.click(within(dialog).getByTestId('delegation-person'));
    expect(await screen.findByRole('option', { name: 'Ben Brown' }, slow)).toBeTruthy();
  });

  it('creates a delegation with the chosen rights and says so', async () => {
    const calls = api([], (url, init) =>
      url === '/api/account/role' && init.method === 'POST'
        ? json(201, delegation(5, 'given'))
        : undefined,
    );
    await renderApp('/connections/delegations');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('delegation-create', {}, slow));
    const dialog = await screen.findByTestId('delegation-dialog', {}, slow);
    // the defaults: admin off, the others on; no workspaces right for a normal account
    expect(within(dialog).getByTestId('delegation-right-admin')).not.toBeChecked();
    expect(within(dialog).getByTestId('delegation-right-memos')).toBeChecked();
    expect(within(dialog).queryByTestId('delegation-right-workspaces')).not.toBeInTheDocument();
    // no person chosen: refused on the spot
    await user.click(within(dialog).getByTestId('delegation-save'));
    expect(await within(dialog).findByText('Choose a connection', { selector: 'p' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByTestId('delegation-person'));
    await user.click(await screen.findByRole('option', { name: 'Ben Brown' }, slow));
    await user.click(within(dialog).getByTestId('delegation-right-memos'));
    await user.click(within(dialog).getByTestId('delegation-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        delegate_user: '/api/user/30',
        admin: false,
        profile: true,
        public_profile: true,
        settings: true,
        connections: true,
        collections: true,
        memos: false,
      }),
    );
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Access given'));
  });

  it('edits the rights of a delegation with PATCH', async () => {
    const calls = api([delegation(1, 'given')], (url, init) =>
      url === '/api/account/role/1' && init.method === 'PATCH'
        ? json(200, delegation(1, 'given', { admin: true }))
        : undefined,
    );
    await renderApp('/connections/delegations');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('delegation-edit', {}, slow));
    const dialog = await screen.findByTestId('delegation-dialog', {}, slow);
    await user.click(within(dialog).getByTestId('delegation-right-admin'));
    await user.click(within(dialog).getByTestId('delegation-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
        admin: true,
        memos: true,
      }),
    );
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Rights updated'));
  });

  it('revokes after confirmation', async () => {
    const calls = api([delegation(1, 'given')], (url, init) =>
      url === '/api/account/role/1' && init.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    await renderApp('/connections/delegations');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('delegation-revoke', {}, slow));
    expect(await screen.findByTestId('confirm-dialog', {}, slow)).toHaveTextContent('Ben Brown');
    await user.click(screen.getByTestId('confirm-action'));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
        '/api/account/role/1',
      ]),
    );
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Access revoked'));
  });

  it('a delegate without the admin right is told who manages delegations', async () => {
    const acting = {
      ...testUser(),
      root_user: { id: 30, '@id': '/api/user/30', name: 'Ben Brown' },
      rules: { admin: false },
    };
    const calls = api([], undefined, acting);
    await renderApp('/connections/delegations');
    expect(await screen.findByTestId('delegations-not-allowed', {}, slow)).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/account/role'))).toBe(false);
  });
});

describe('the connection menu', () => {
  it("offers giving access to one's own account", async () => {
    api([]);
    await renderApp('/connections');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('connection-menu', {}, slow));
    expect(
      await screen.findByRole('menuitem', { name: 'Give access to my account' }, slow),
    ).toHaveAttribute('href', '/connections/delegations');
  });
});

describe('the new-memo button', () => {
  it('is disabled for a delegate without the memos right', async () => {
    api([], (url) => (url.startsWith('/api/user/7/memo') ? json(200, hydra([])) : undefined), {
      ...testUser(),
      root_user: { id: 30, '@id': '/api/user/30', name: 'Ben Brown' },
      rules: { memos: false },
    });
    await renderApp('/');
    expect(await screen.findByTestId('memo-create', {}, slow)).toBeDisabled();
  });

  it('is enabled otherwise', async () => {
    api([], (url) => (url.startsWith('/api/user/7/memo') ? json(200, hydra([])) : undefined));
    await renderApp('/');
    expect(await screen.findByTestId('memo-create', {}, slow)).toBeEnabled();
  });
});
