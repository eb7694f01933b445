import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';
import { card, connection } from '../connections/test-support';
import { ADA, BEN, CHLOE, hydra, member, thread } from './test-support';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 45_000 });
const slow = { timeout: 20_000 };

const group = (adaAdmin: boolean) =>
  thread(1, {
    thread_type: 'group',
    name: 'Team',
    users: [{ ...ADA, isAdmin: adaAdmin, admin: adaAdmin }, BEN, CHLOE],
  });

function api(adaAdmin: boolean) {
  signIn();
  let current = group(adaAdmin);
  const calls = mockApi((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/profile') return json(200, testUser());
    if (url.startsWith('/api/user/connection?')) {
      return json(
        200,
        hydra([connection(50, card(8, 'Ben Brown')), connection(52, card(10, 'Dirk de Vries'))]),
      );
    }
    if (url.startsWith('/api/user/threads')) return json(200, hydra([current]));
    if (url === '/api/thread/unread') return json(200, { unread: 0, threads: 0 });
    if (url === '/api/thread/1' && method === 'GET') return json(200, current);
    if (url === '/api/thread/1' && method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as {
        add_users?: string[];
        admins?: { user: string; admin: boolean }[];
      };
      const users = [
        ...current.users,
        ...(body.add_users ?? []).map((iri) =>
          member(Number(iri.split('/').pop()), 'Dirk de Vries'),
        ),
      ];
      current = {
        ...current,
        users: users.map((u) => {
          const flag = body.admins?.find((a) => a.user === u['@id']);
          return flag ? { ...u, isAdmin: flag.admin, admin: flag.admin } : u;
        }),
      };
      return json(200, current);
    }
    if (url === '/api/thread/1/user/9' && method === 'DELETE') {
      current = { ...current, users: current.users.filter((u) => u.user_id !== 9) };
      return new Response(null, { status: 204 });
    }
    if (url === '/api/thread/1/mute') return json(200, { thread_id: 1, muted: true });
    if (url === '/api/thread/1/exit') return new Response(null, { status: 204 });
    if (url.startsWith('/api/thread/1/messages')) return json(200, hydra([]));
    return undefined;
  });
  return calls;
}

describe('members panel', () => {
  it('an admin grants admin and removes people; mutes; leaves', async () => {
    const calls = api(true);
    const { router } = await renderApp('/messages/t/1');
    await userEvent.click(await screen.findByTestId('open-members', {}, slow));
    const panel = await screen.findByTestId('member-list');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);

    await userEvent.click(screen.getByTestId('member-menu-8'));
    await userEvent.click(await screen.findByTestId('toggle-admin'));
    await waitFor(() =>
      expect(within(screen.getByTestId('member-8')).getByText('Admin')).toBeInTheDocument(),
    );
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      admins: [{ user: '/api/user/8', admin: true }],
    });

    await userEvent.click(screen.getByTestId('member-menu-9'));
    await userEvent.click(await screen.findByTestId('remove-member'));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove from the conversation' }),
    );
    await waitFor(() => expect(screen.queryByTestId('member-9')).not.toBeInTheDocument());

    await userEvent.click(screen.getByTestId('mute-switch'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/thread/1/mute')).toBe(true));

    await userEvent.click(screen.getByTestId('leave-thread'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this conversation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave the conversation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(calls.some((c) => c.url === '/api/thread/1/exit' && c.method === 'POST')).toBe(true);
  });

  it('a member who is not admin sees no admin controls', async () => {
    api(false);
    await renderApp('/messages/t/1');
    await userEvent.click(await screen.findByTestId('open-members', {}, slow));
    await screen.findByTestId('member-list');
    expect(screen.queryByTestId('member-menu-8')).not.toBeInTheDocument();
    expect(screen.queryByTestId('rename-input')).not.toBeInTheDocument();
    expect(screen.queryByTestId('add-members')).not.toBeInTheDocument();
    expect(screen.getByTestId('leave-thread')).toBeInTheDocument();
  });
});
