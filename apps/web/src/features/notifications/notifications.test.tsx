import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../i18n';
import { json, mockApi, signIn, renderWidget } from '../../test/render';
import { NotificationBell } from './bell';
import { linkOf, sentenceOf } from './describe';
import { setTabIconActive, tabIconActive, titleWithCount, withDot } from './live';
import { NotificationSettingsPage } from './notification-settings-page';
import { NotificationsDrawer } from './notifications-drawer';
import { NotificationsPanel } from './notifications-panel';
import { prependNotification } from './queries';
import type { AppNotification } from './types';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ada = { id: 3, '@id': '/api/user/3', name: 'Ada Lovelace', picture: null, label: 'AL' };

function notification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: 1,
    type: 'new_memo_collaboration',
    created_at: '2026-11-21T10:00:00+00:00',
    reviewed_at: null,
    from_user: ada,
    memo: { id: 42, title: 'Minutes' },
    collection: { id: 'AbCdEf1234', name: 'Team' },
    connection: null,
    thread: null,
    system_notification: null,
    memo_document: null,
    replaced_memo_document: null,
    ...overrides,
  };
}

const page = (items: AppNotification[], total = items.length) =>
  json(200, {
    '@context': '/api/contexts/Collection',
    '@id': '/api/notifications',
    '@type': 'hydra:Collection',
    'hydra:member': items,
    'hydra:totalItems': total,
  });

describe('notification texts and links', () => {
  it('says what happened and links to its subject', async () => {
    await renderWidget(<div />);
    expect(sentenceOf(t, notification())).toBe('Ada Lovelace added “Minutes” to Team');
    expect(linkOf(notification())).toBe('/memo/42');
    const shared = notification({ type: 'new_collection', memo: null });
    expect(sentenceOf(t, shared)).toBe('Ada Lovelace shared the collection Team with you');
    expect(linkOf(shared)).toBe('/collections/AbCdEf1234');
    const follower = notification({ type: 'new_follower', memo: null, collection: null });
    expect(sentenceOf(t, follower)).toBe('Ada Lovelace follows you now');
    expect(linkOf(follower)).toBe('/profile/3');
    const request = notification({ type: 'new_connection', memo: null, collection: null });
    expect(linkOf(request)).toBe('/connections?status=income');
    const future = notification({ type: 'renamed_connection', memo: null, collection: null });
    expect(sentenceOf(t, future)).toBe('Ada Lovelace: news about your connection');
    const gone = notification({ type: 'new_memo_for_follower', memo: null, from_user: null });
    expect(sentenceOf(t, gone)).toBe('Someone published “a memo”');
    const system = notification({
      type: 'system_notification',
      system_notification: {
        title: 'Maintenance',
        description: 'Tonight',
        url: 'https://evil.test',
      },
    });
    expect(sentenceOf(t, system)).toBe('Maintenance');
    expect(linkOf(system)).toBe('/');
  });

  it('the data export notification says it is ready and opens the export section', async () => {
    signIn();
    const ready = notification({
      id: 7,
      type: 'data_export_ready',
      from_user: null,
      memo: null,
      collection: null,
    });
    expect(linkOf(ready)).toBe('/account-settings#data-export');
    mockApi((url) => (url.startsWith('/api/notifications?') ? page([ready]) : undefined));
    let where = '';
    function Where() {
      const location = useLocation();
      where = location.pathname + location.hash;
      return null;
    }
    const opened = vi.fn();
    await renderWidget(
      <>
        <NotificationsPanel onNavigate={opened} />
        <Where />
      </>,
    );
    const row = await screen.findByTestId('notification-item');
    expect(within(row).getByTestId('notification-text')).toHaveTextContent(
      'Your data export is ready to download',
    );
    await userEvent.setup().click(within(row).getByTestId('notification-link'));
    await waitFor(() => expect(where).toBe('/account-settings#data-export'));
  });

  it('says neutrally that the reader lost access, and links only to what is still visible', async () => {
    await renderWidget(<div />);
    const hidden = notification({ memo: null, collection: null, unavailable: true });
    expect(sentenceOf(t, hidden)).toBe(
      'You no longer have access to what this notification was about',
    );
    expect(linkOf(hidden)).toBeNull();
    // the memo is still visible, only its collection is not
    const memoLeft = notification({ collection: null, unavailable: true });
    expect(sentenceOf(t, memoLeft)).not.toContain('Team');
    expect(linkOf(memoLeft)).toBe('/memo/42');
  });

  it('marks the tab icon with a dot and resets it', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect/></svg>';
    expect(decodeURIComponent(withDot(svg))).toMatch(/<rect\/><circle [^>]+\/><\/svg>$/);
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = 'http://localhost/favicon.svg';
    document.head.append(link);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(svg)),
    );
    setTabIconActive(true);
    expect(tabIconActive()).toBe(true);
    await waitFor(() => expect(link.href).toMatch(/^data:image\/svg\+xml,/));
    setTabIconActive(false);
    expect(link.href).toBe('http://localhost/favicon.svg');
    link.remove();
  });

  it('puts the unread counter in front of the tab title', () => {
    expect(titleWithCount('Memoria', 3)).toBe('(3) Memoria');
    expect(titleWithCount('(3) Memoria', 5)).toBe('(5) Memoria');
    expect(titleWithCount('(5) Feed · Memoria', 0)).toBe('Feed · Memoria');
    expect(titleWithCount('Memoria', 120)).toBe('(99+) Memoria');
  });
});

describe('notifications panel', () => {
  it('lists, reviews with a sticky note that clears itself, and deletes', async () => {
    signIn();
    const items = [notification(), notification({ id: 2, type: 'new_follower', memo: null })];
    const calls = mockApi((url, init) => {
      if (url.startsWith('/api/notifications?')) return page(items);
      if (url === '/api/notifications/review' && init.method === 'PATCH')
        return json(200, { unread: 1 });
      if (url === '/api/notification/2' && init.method === 'DELETE')
        return new Response(null, { status: 204 });
      return undefined;
    });
    await renderWidget(<NotificationsPanel onNavigate={() => {}} />);
    const rows = await screen.findAllByTestId('notification-item');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAttribute('data-unread', 'true');
    expect(within(rows[0]!).getByText('Ada Lovelace added “Minutes” to Team')).toBeInTheDocument();
    // every menu button says the same; each is described by its notification
    const menus = rows.map((row) => within(row).getByTestId('notification-menu'));
    expect(menus[0]).toHaveAccessibleName('Actions for this notification');
    expect(menus[0]).toHaveAccessibleDescription('Ada Lovelace added “Minutes” to Team');
    expect(menus[1]).toHaveAccessibleDescription(
      within(rows[1]!).getByTestId('notification-text').textContent ?? '',
    );
    expect(menus[1]).not.toHaveAccessibleDescription('');

    const user = userEvent.setup();
    await user.click(within(rows[0]!).getByTestId('notification-menu'));
    await user.click(await screen.findByTestId('notification-review'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ ids: [1] });
    const sticky = await screen.findByTestId('sticky-notification');
    expect(sticky).toHaveAttribute('data-status', 'success');
    expect(sticky).toHaveTextContent('Marked as read');
    await waitFor(() =>
      expect(screen.getAllByTestId('notification-item')[0]).toHaveAttribute('data-unread', 'false'),
    );
    await waitFor(() => expect(screen.queryByTestId('sticky-notification')).toBeNull(), {
      timeout: 2500,
    });

    await user.click(
      within(screen.getAllByTestId('notification-item')[1]!).getByTestId('notification-menu'),
    );
    await user.click(await screen.findByTestId('notification-delete'));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(1));
  });

  it('shows an error sticky when an action fails, and the empty state', async () => {
    signIn();
    mockApi((url) => {
      if (url.startsWith('/api/notifications?')) return page([notification()]);
      return json(500, { message: 'boom' });
    });
    await renderWidget(<NotificationsPanel onNavigate={() => {}} />);
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByTestId('notification-item')).getByTestId('notification-menu'),
    );
    await user.click(await screen.findByTestId('notification-review'));
    expect(await screen.findByTestId('sticky-notification')).toHaveAttribute(
      'data-status',
      'error',
    );
  });

  it('an entry the reader can no longer see has no link, and can still be reviewed', async () => {
    signIn();
    const hidden = notification({ id: 5, memo: null, collection: null, unavailable: true });
    const calls = mockApi((url, init) => {
      if (url.startsWith('/api/notifications?')) return page([hidden, notification()]);
      if (url === '/api/notifications/review' && init.method === 'PATCH')
        return json(200, { unread: 1 });
      return undefined;
    });
    await renderWidget(<NotificationsPanel onNavigate={() => {}} />);
    const [row, other] = await screen.findAllByTestId('notification-item');
    expect(row).toHaveTextContent('You no longer have access to what this notification was about');
    expect(within(row!).queryByTestId('notification-link')).toBeNull();
    expect(within(row!).queryByRole('link')).toBeNull();
    expect(within(other!).getByTestId('notification-link')).toHaveAttribute('href', '/memo/42');
    const user = userEvent.setup();
    await user.click(within(row!).getByTestId('notification-menu'));
    await user.click(await screen.findByTestId('notification-review'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ ids: [5] });
  });

  it('after a delete from the keyboard the focus goes to the next row, the previous, then the empty list', async () => {
    signIn();
    let items = [1, 2, 3].map((id) => notification({ id, memo: { id, title: `Memo ${id}` } }));
    mockApi((url, init) => {
      if (url.startsWith('/api/notifications?')) return page(items);
      const deleted = /^\/api\/notification\/(\d+)$/.exec(url);
      if (deleted && init.method === 'DELETE') {
        items = items.filter((n) => n.id !== Number(deleted[1]));
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    await renderWidget(<NotificationsPanel onNavigate={() => {}} />);
    await screen.findAllByTestId('notification-item');
    const user = userEvent.setup();
    const menuOf = (id: number) =>
      within(document.querySelector<HTMLElement>(`[data-notification-id="${id}"]`)!).getByTestId(
        'notification-menu',
      );
    const deleteWithKeyboard = async (id: number) => {
      menuOf(id).focus();
      await user.keyboard('{Enter}');
      const remove = await screen.findByTestId('notification-delete');
      remove.focus();
      await user.keyboard('{Enter}');
      await waitFor(() =>
        expect(document.querySelector(`[data-notification-id="${id}"]`)).toBeNull(),
      );
    };
    await deleteWithKeyboard(2);
    await waitFor(() => expect(menuOf(3)).toHaveFocus());
    await deleteWithKeyboard(3);
    await waitFor(() => expect(menuOf(1)).toHaveFocus());
    await deleteWithKeyboard(1);
    await waitFor(() => expect(screen.getByTestId('notifications-empty')).toHaveFocus());
  });

  it('empty list', async () => {
    signIn();
    mockApi((url) => (url.startsWith('/api/notifications?') ? page([]) : undefined));
    await renderWidget(<NotificationsPanel onNavigate={() => {}} />);
    expect(await screen.findByTestId('notifications-empty')).toBeInTheDocument();
    expect(screen.getByTestId('notifications-review-all')).toBeDisabled();
  });
});

describe('notifications drawer', () => {
  /** 25 notifications on the server, newest first; answers pages by offset. */
  function serverOf(count: number) {
    const all = Array.from({ length: count }, (_, i) =>
      notification({ id: 1000 - i, memo: { id: 1000 - i, title: `Memo ${count - i}` } }),
    );
    const offsets: number[] = [];
    mockApi((url) => {
      if (!url.startsWith('/api/notifications?')) return undefined;
      const query = new URL(url, 'http://localhost').searchParams;
      const offset = Number(query.get('offset'));
      offsets.push(offset);
      return page(all.slice(offset, offset + Number(query.get('itemsPerPage'))), all.length);
    });
    return { all, offsets };
  }
  const titles = () =>
    screen.getAllByTestId('notification-text').map((node) => node.textContent ?? '');

  it('loads the next page when its own body is scrolled to the end, then says it is over', async () => {
    signIn();
    const { offsets } = serverOf(25);
    await renderWidget(<NotificationsDrawer opened onClose={() => {}} />);
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(20));
    expect(screen.queryByTestId('list-over')).toBeNull();
    // the drawer scrolls, not the window
    fireEvent.scroll(screen.getByRole('dialog'));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(25), {
      timeout: 3000,
    });
    expect(offsets).toEqual([0, 20]);
    expect(screen.getByTestId('list-over')).toHaveTextContent('You have seen every notification.');
    expect(new Set(titles()).size).toBe(25);
  });

  it('a notification arriving live moves the next offset, so none shows twice', async () => {
    signIn();
    const { all, offsets } = serverOf(25);
    let client: QueryClient | undefined;
    function ClientProbe() {
      client = useQueryClient();
      return null;
    }
    await renderWidget(
      <>
        <ClientProbe />
        <NotificationsDrawer opened onClose={() => {}} />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(20));
    const arrived = notification({ id: 2000, memo: { id: 2000, title: 'Just now' } });
    all.unshift(arrived);
    act(() => prependNotification(client!, arrived));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(21));
    await userEvent.setup().click(screen.getByTestId('list-more'));
    await waitFor(() => expect(screen.getByTestId('list-over')).toBeInTheDocument());
    expect(offsets).toEqual([0, 21]);
    expect(titles()).toHaveLength(26);
    expect(new Set(titles()).size).toBe(26);
  });
});

describe('notifications drawer focus and layers', () => {
  function server() {
    mockApi((url) => {
      if (url === '/api/notifications/unread') return json(200, { count: 1 });
      if (url.startsWith('/api/notifications?')) return page([notification()]);
      return undefined;
    });
  }

  it('Escape returns the focus to the bell, from the first opening on', async () => {
    signIn();
    server();
    await renderWidget(<NotificationBell />);
    const bell = screen.getByTestId('notification-bell');
    const user = userEvent.setup();
    for (let opening = 1; opening <= 2; opening++) {
      await user.click(bell);
      await screen.findByTestId('notification-item');
      expect(bell).not.toHaveFocus();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByTestId('notifications-panel')).toBeNull());
      await waitFor(() => expect(bell).toHaveFocus());
    }
  });

  it('Escape in the delete-all confirmation closes only that, and focuses "Delete all" again', async () => {
    signIn();
    server();
    const onClose = vi.fn();
    await renderWidget(<NotificationsDrawer opened onClose={onClose} />);
    await screen.findByTestId('notification-item');
    const deleteAll = screen.getByTestId('notifications-delete-all');
    const user = userEvent.setup();
    await user.click(deleteAll);
    expect(await screen.findByTestId('notifications-delete-all-confirm')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByTestId('notifications-delete-all-confirm')).toBeNull(),
    );
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(deleteAll).toHaveFocus());
    // with the confirmation gone, Escape closes the drawer again
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('after "Delete all" is confirmed, the focus goes to the empty list, not out of the drawer', async () => {
    signIn();
    const calls = mockApi((url, init) => {
      if (url === '/api/notifications/unread') return json(200, { count: 1 });
      if (url.startsWith('/api/notifications?')) return page([notification()]);
      if (url === '/api/notifications/bulk/delete' && init.method === 'DELETE')
        return new Response(null, { status: 204 });
      return undefined;
    });
    await renderWidget(<NotificationsDrawer opened onClose={() => {}} />);
    await screen.findByTestId('notification-item');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('notifications-delete-all'));
    await user.click(await screen.findByTestId('notifications-delete-all-confirm'));
    await waitFor(() =>
      expect(screen.queryByTestId('notifications-delete-all-confirm')).toBeNull(),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('notifications-empty')).toHaveFocus());
    expect(screen.getByTestId('notifications-delete-all')).toBeDisabled();
    // and it stays there once the confirmation has finished giving the focus back
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('notifications-empty')).toHaveFocus();
  });
});

describe('notification settings', () => {
  it('shows each group with its channels and saves a switch', async () => {
    signIn();
    const settings = [
      { group: 'followers', types: ['new_follower'], in_app: true, push: true, email: false },
    ];
    const calls = mockApi((url, init) => {
      if (url === '/api/notification-settings' && init.method === 'PUT') {
        return json(200, { settings: [{ ...settings[0], email: true }] });
      }
      if (url === '/api/notification-settings') return json(200, { settings });
      return undefined;
    });
    await renderWidget(<NotificationSettingsPage />);
    // long titles (German) break instead of widening a phone's page (layout itself: no jsdom)
    expect(screen.getByRole('heading', { level: 1 }).style.overflowWrap).toBe('anywhere');
    const email = await screen.findByTestId('setting-followers-email');
    expect(email).not.toBeChecked();
    expect(screen.getByText('Followers')).toBeInTheDocument();
    await userEvent.setup().click(email);
    await waitFor(() => expect(screen.getByTestId('setting-followers-email')).toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      settings: [{ group: 'followers', email: true }],
    });
  });

  it('shows the e-mail digest of unread messages as the group of new messages', async () => {
    signIn();
    const settings = [
      { group: 'messages', types: ['new_message'], in_app: true, push: true, email: true },
    ];
    mockApi((url) => (url === '/api/notification-settings' ? json(200, { settings }) : undefined));
    await renderWidget(<NotificationSettingsPage />);
    expect(await screen.findByTestId('setting-messages-email')).toBeChecked();
    expect(screen.getByText('New messages while you are away')).toBeInTheDocument();
  });
});
