import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceDetail, WorkspaceMember } from '@memoria/domain';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';
import { card, hydra } from '../connections/test-support';

afterEach(() => vi.unstubAllGlobals());

const slow = { timeout: 20_000 };
vi.setConfig({ testTimeout: 45_000 });

const flags = {
  connections_require_function: false,
  connections_require_location: false,
  connections_require_organisation_name: false,
  connections_require_profile_photo: false,
  connections_share_phone_to_workspace_members: false,
  connections_share_email_to_workspace_members: false,
  connections_share_email_to_admin: false,
  share_member_info_to_workspace_members: false,
};

function workspace(
  role: 'admin' | 'member',
  extra: Partial<WorkspaceDetail> = {},
): WorkspaceDetail {
  return {
    id: 50,
    '@id': '/api/user/50',
    name: 'Acme',
    workspace_type: 'workspace',
    role,
    maximum_users: 2,
    members_count: 1,
    admins: [{ id: 7, '@id': '/api/user/7', name: 'Ada' }],
    ...flags,
    ...extra,
  };
}

const member = (
  id: number,
  name: string,
  extra: Partial<WorkspaceMember> = {},
): WorkspaceMember => ({
  ...card(id, name, { usermail: null }),
  is_admin: false,
  ...extra,
});

function api(
  routes: (url: string, init: RequestInit) => Response | undefined,
  user: object = testUser(),
) {
  signIn();
  return mockApi((url, init) => {
    const answer = routes(url, init);
    if (answer) return answer;
    if (url === '/api/profile') return json(200, user);
    return undefined;
  });
}

describe('/workspaces', () => {
  it('lists the workspaces with my role in each', async () => {
    api((url) =>
      url.startsWith('/api/user/workspace?')
        ? json(
            200,
            hydra([
              workspace('admin'),
              workspace('member', { id: 51, name: 'Choir', workspace_type: 'group' }),
            ]),
          )
        : undefined,
    );
    await renderApp('/workspaces');
    const cards = await screen.findAllByTestId('workspace-card', {}, slow);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Acme');
    expect(cards[0]).toHaveTextContent('Admin');
    expect(cards[1]).toHaveTextContent('Group');
    expect(cards[1]).toHaveTextContent('Member');
    expect(cards[1]).toHaveAttribute('href', '/workspaces/51');
  });

  it('offers the group and workspace plans to make a new one', async () => {
    api((url) => (url.startsWith('/api/user/workspace?') ? json(200, hydra([])) : undefined));
    await renderApp('/workspaces');
    expect(await screen.findByTestId('workspace-create', {}, slow)).toHaveAttribute(
      'href',
      '/account-settings/subscriptions?workspace_type=group,workspace',
    );
  });
});

describe('the side-menu entry', () => {
  it.each([
    ['a normal account', {}, true],
    ['a main account', { user_type: 'main' }, false],
    ['a workspace', { user_type: 'workspace', workspace_type: 'group' }, false],
  ])('for %s: shown %s', async (_name, kind, shown) => {
    api((url) => (url.startsWith('/api/user/workspace?') ? json(200, hydra([])) : undefined), {
      ...testUser(),
      ...kind,
    });
    await renderApp('/workspaces');
    await screen.findByTestId('workspaces-empty', {}, slow);
    for (const kind of ['group', 'workspace']) {
      const entry = screen.queryByTestId(`nav-create-${kind}`);
      if (shown) {
        expect(entry).toHaveAttribute(
          'href',
          `/account-settings/subscriptions?workspace_type=${kind}`,
        );
      } else expect(entry).not.toBeInTheDocument();
    }
  });
});

describe('/workspaces/{id}', () => {
  it('shows an admin the members with what is shared, saves flags, and removes after confirming', async () => {
    const calls = api((url, init) => {
      if (url === '/api/workspace/50' && init.method === 'PATCH') {
        return json(
          200,
          workspace('admin', { connections_share_email_to_workspace_members: true }),
        );
      }
      if (url === '/api/workspace/50') return json(200, workspace('admin'));
      if (url.startsWith('/api/workspace/50/members')) {
        return json(200, hydra([member(30, 'Ben Brown', { usermail: 'ben@example.com' })]));
      }
      if (url === '/api/workspace/50/members/30' && init.method === 'DELETE') {
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    await renderApp('/workspaces/50');
    const card = await screen.findByTestId('workspace-member', {}, slow);
    expect(within(card).getByTestId('member-email')).toHaveTextContent('ben@example.com');
    expect(screen.getByTestId('workspace-limit')).toHaveTextContent('Up to 2 members');
    expect(screen.getByTestId('workspace-admins')).toHaveTextContent('Ada');
    expect(screen.getByRole('link', { name: 'Audit log of the admins' })).toHaveAttribute(
      'href',
      '/connections/delegations',
    );

    const user = userEvent.setup();
    await user.click(
      screen.getByTestId('workspace-flag-connections_share_email_to_workspace_members'),
    );
    await user.click(screen.getByTestId('workspace-settings-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        ...flags,
        connections_share_email_to_workspace_members: true,
      }),
    );

    await user.click(within(card).getByRole('button', { name: 'Remove Ben Brown' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Ben Brown leaves the workspace');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByTestId('confirm-action'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.url === '/api/workspace/50/members/30'),
      ).toBe(true),
    );
  });

  it('shows a member the list without the admin tools, and searches by name', async () => {
    const calls = api((url) => {
      if (url === '/api/workspace/50') return json(200, workspace('member'));
      if (url.startsWith('/api/workspace/50/members')) {
        return json(200, hydra(url.includes('search=zo') ? [] : [member(30, 'Ben Brown')]));
      }
      return undefined;
    });
    await renderApp('/workspaces/50');
    const card = await screen.findByTestId('workspace-member', {}, slow);
    expect(within(card).queryByTestId('member-email')).not.toBeInTheDocument();
    expect(within(card).queryByTestId('member-remove')).not.toBeInTheDocument();
    expect(screen.queryByTestId('workspace-settings-save')).not.toBeInTheDocument();
    expect(screen.queryByTestId('workspace-invite-form')).not.toBeInTheDocument();
    await userEvent.setup().type(screen.getByTestId('workspace-member-search'), 'zo');
    expect(await screen.findByTestId('workspace-members-empty', {}, slow)).toHaveTextContent(
      'No member matches your search.',
    );
    expect(calls.some((c) => c.url.includes('search=zo'))).toBe(true);
  });

  it('says so when the workspace is not one of mine', async () => {
    api((url) =>
      url === '/api/workspace/99' ? json(404, { message: 'Workspace not found.' }) : undefined,
    );
    await renderApp('/workspaces/99');
    expect(await screen.findByTestId('workspace-not-found', {}, slow)).toBeTruthy();
  });
});
