import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';
import { NAMES, card, connection, followEntry, hydra } from './test-support';

afterEach(() => vi.unstubAllGlobals());

/** Lazy page chunks and twenty cards with menus render slowly in jsdom on a busy machine. */
const slow = { timeout: 20_000 };
vi.setConfig({ testTimeout: 45_000 });

const counts = { connections: 0, followers: 0, delegations: 0, followings: 0 };

/** A signed-in API with the given active connections; other lists are empty. */
function api(
  active: ReturnType<typeof connection>[],
  extra?: (url: string, init: RequestInit) => Response | undefined,
) {
  signIn();
  return mockApi((url, init) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url === '/api/profile') return json(200, testUser());
    if (url === '/api/user/contact/count')
      return json(200, { ...counts, connections: active.length });
    if (url.startsWith('/api/user/connection?')) {
      const status = new URL(url, 'http://x').searchParams.get('status');
      return json(200, hydra(status === 'active' ? active : []));
    }
    if (url.startsWith('/api/followings') || url.startsWith('/api/followers')) {
      return json(200, hydra([]));
    }
    return undefined;
  });
}

const actives = (count: number) =>
  NAMES.slice(0, count).map((name, index) => connection(100 + index, card(200 + index, name)));

describe('connections page', () => {
  it('shows up to 20 connections as one list', async () => {
    api(actives(20));
    await renderApp('/connections');
    const list = await screen.findByTestId('active-list', {}, slow);
    expect(within(list).getAllByTestId('card-name')).toHaveLength(20);
    expect(screen.queryByTestId('group-A')).not.toBeInTheDocument();
  });

  it('groups more than 20 connections by letter with favourites first', async () => {
    const list = actives(22);
    list[5] = { ...list[5]!, favourite_id: 9 };
    api(list);
    await renderApp('/connections');
    const pinned = await screen.findByTestId('group-pinned', {}, slow);
    expect(within(pinned).getByText('Eva Engel')).toBeInTheDocument();
    expect(within(screen.getByTestId('group-E')).getByText('Émile Evans')).toBeInTheDocument();
    expect(within(screen.getByTestId('group-E')).queryByText('Eva Engel')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('group-#')).getByText('42 Studio')).toBeInTheDocument();
    expect(screen.getByTestId('group-#').previousElementSibling).toBe(
      screen.getByTestId('group-T'),
    );
  });

  it('filters by search with the match in bold', async () => {
    api(actives(4));
    await renderApp('/connections');
    await screen.findByTestId('active-list', {}, slow);
    await userEvent.setup().type(screen.getByTestId('connections-search'), 'chlo');
    const names = screen.getAllByTestId('card-name');
    expect(names).toHaveLength(1);
    expect(names[0]!.querySelector('strong')).toHaveTextContent('Chlo');
  });

  it('shows the workspace contact info the server sends, marked as shared through a workspace', async () => {
    api([
      connection(
        101,
        card(201, 'Mia Member', {
          usermail: 'mia@example.com',
          phone_number: '+32470111222',
          function: 'Nurse',
        }),
        { workspace_contact: true },
      ),
      connection(102, card(202, 'Noor Normal', { usermail: null })),
      connection(
        103,
        card(203, 'Acme', { usermail: null, user_type: 'workspace', workspace_type: 'workspace' }),
      ),
      connection(
        104,
        card(204, 'Choir', { usermail: null, user_type: 'workspace', workspace_type: 'group' }),
      ),
    ]);
    await renderApp('/connections');
    const mia = await screen.findByTestId('connection-201', {}, slow);
    expect(within(mia).getByText('mia@example.com')).toHaveAttribute(
      'href',
      'mailto:mia@example.com',
    );
    expect(within(mia).getByText('+32470111222')).toBeInTheDocument();
    expect(within(mia).getByTestId('workspace-contact')).toHaveTextContent(
      'Contact details shared through a workspace you both belong to',
    );
    expect(within(mia).queryByTestId('account-kind')).not.toBeInTheDocument();
    const noor = screen.getByTestId('connection-202');
    expect(within(noor).queryByTestId('workspace-contact')).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId('connection-203')).getByTestId('account-kind'),
    ).toHaveTextContent('Workspace');
    expect(
      within(screen.getByTestId('connection-204')).getByTestId('account-kind'),
    ).toHaveTextContent('Group');
  });

  it('removes a connection after confirmation, and Escape cancels', async () => {
    const calls = api(actives(1), (url, init) =>
      url === '/api/connection/100' && init.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    await renderApp('/connections');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('connection-menu', {}, slow));
    await user.click(await screen.findByTestId('menu-remove', {}, slow));
    expect(await screen.findByTestId('confirm-dialog', {}, slow)).toHaveTextContent('Anna Adams');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByTestId('connection-menu'));
    await user.click(await screen.findByTestId('menu-remove', {}, slow));
    await user.click(await screen.findByTestId('confirm-action', {}, slow));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/connection/100',
    ]);
  });

  it('keeps the block dialog open while blocking and ignores a second confirm', async () => {
    let release: (response: Response) => void = () => {};
    const calls = api(actives(1), (url) =>
      url === '/api/block'
        ? (new Promise<Response>((resolve) => {
            release = resolve;
          }) as unknown as Response)
        : undefined,
    );
    await renderApp('/connections');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('connection-menu', {}, slow));
    await user.click(await screen.findByTestId('menu-block', {}, slow));
    const confirm = await screen.findByTestId('confirm-action', {}, slow);
    await user.click(confirm);
    await user.click(confirm);
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('confirm-dialog')).toBeInTheDocument();
    release(json(201, { '@id': '/api/block/1', user: card(200, 'Anna Adams'), created_at: '' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    const blocks = calls.filter((call) => call.url === '/api/block');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.body).toEqual({ blocked: '/api/user/200' });
  });

  it('accepts a request from the requests tab', async () => {
    const request = connection(300, card(301, 'Rosa Ruiz'), {
      status: 'income',
      personal_message: 'We met at the fair',
    });
    const calls = api([], (url) => {
      if (url.startsWith('/api/user/connection?') && url.includes('status=income')) {
        return json(200, hydra([request]));
      }
      if (url === '/api/connection/300/accept') return json(200, { ...request, status: 'active' });
      return undefined;
    });
    await renderApp('/connections?status=income');
    expect(await screen.findByTestId('personal-message', {}, slow)).toHaveTextContent(
      'We met at the fair',
    );
    await userEvent.setup().click(screen.getByTestId('request-accept'));
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/connection/300/accept')).toBe(true),
    );
  });

  it('shows a request sent to an address by that address alone, with withdraw only', async () => {
    // the server names nobody until the receiver accepts (docs/RULES.md, Connection requests)
    const sent = connection(310, null, {
      status: 'outcome',
      user_to_email: 'kim@example.com',
      label: 'K',
      accepted_at: null,
    });
    api([], (url) =>
      url.startsWith('/api/user/connection?') && url.includes('status=outcome')
        ? json(200, hydra([sent]))
        : undefined,
    );
    await renderApp('/connections?status=outcome');
    const item = await screen.findByTestId('sent-310', {}, slow);
    expect(within(item).getByTestId('card-name')).toHaveTextContent('kim@example.com');
    expect(within(item).getByTestId('request-cancel')).toBeInTheDocument();
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();
  });

  it('opens the invite dialog when an empty Discover › People sends someone here', async () => {
    api([], (url) => (url.startsWith('/api/discover/people') ? json(200, hydra([])) : undefined));
    const { router } = await renderApp('/discover/people');
    await userEvent.setup().click(await screen.findByTestId('discover-people-invite', {}, slow));
    expect(await screen.findByTestId('invite-dialog', {}, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/connections');
  });

  it('shows verified contacts with their official name', async () => {
    const verified = connection(
      400,
      card(401, 'Bo', { user_identified: true, name_official: 'Bodil Olsen' }),
    );
    api([], (url) =>
      url.startsWith('/api/identified_contacts') ? json(200, hydra([verified])) : undefined,
    );
    await renderApp('/connections?status=verified');
    expect(await screen.findByTestId('official-name', {}, slow)).toHaveTextContent('Bodil Olsen');
    expect(screen.getByTestId('verified-badge')).toBeInTheDocument();
  });

  it('lists followers with follow back', async () => {
    const calls = api([], (url) =>
      url.startsWith('/api/followers')
        ? json(200, hydra([followEntry(card(501, 'Nora Novak'))]))
        : url === '/api/follow'
          ? json(201, {})
          : undefined,
    );
    await renderApp('/connections/followers');
    await userEvent.setup().click(await screen.findByTestId('follow-back', {}, slow));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/follow')?.body).toEqual({
        following: '/api/user/501',
      }),
    );
  });

  it('shows the delegations tab with nothing given or held', async () => {
    api([], (url) => (url.startsWith('/api/account/role') ? json(200, hydra([])) : undefined));
    await renderApp('/connections/delegations');
    expect(await screen.findByTestId('delegations-given-empty', {}, slow)).toHaveTextContent(
      'You have not given anyone access to your account.',
    );
  });
});
