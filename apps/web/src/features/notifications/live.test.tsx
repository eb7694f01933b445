import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocketHandler } from '../../api/socket';
import { json, mockApi, signIn, renderWidget } from '../../test/render';
import { NotificationBell } from './bell';
import { useNotificationsLive } from './live';

const handlers = new Map<string, SocketHandler>();
vi.mock('../../api/socket', () => ({
  useSocketMessage: (type: string, handler: SocketHandler) => {
    handlers.set(type, handler);
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  handlers.clear();
});

function Live() {
  useNotificationsLive(true);
  return <NotificationBell />;
}

describe('live notifications', () => {
  it('a pushed notification raises the badge and the tab title; unread_count sets them', async () => {
    signIn();
    mockApi((url) => (url === '/api/notifications/unread' ? json(200, { count: 0 }) : undefined));
    document.title = 'Feed · Memoria';
    await renderWidget(<Live />);
    const badge = await screen.findByTestId('notification-bell-badge');
    await waitFor(() => expect(badge).toHaveAttribute('data-count', '0'));

    act(() => {
      handlers.get('notification')!({
        message_type: 'notification',
        unread: 3,
        notification: { id: 9, type: 'new_follower' },
      });
    });
    await waitFor(() => expect(badge).toHaveAttribute('data-count', '3'));
    expect(document.title).toBe('(3) Feed · Memoria');
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 3 unread');

    // a screen changing its title keeps the counter in front
    document.title = 'Discover · Memoria';
    await waitFor(() => expect(document.title).toBe('(3) Discover · Memoria'));

    act(() => {
      handlers.get('unread_count')!({ message_type: 'unread_count', unread: -2 });
    });
    await waitFor(() => expect(badge).toHaveAttribute('data-count', '0'));
    expect(document.title).toBe('Discover · Memoria');
  });

  it('a count pushed while the first read is under way is not undone by that read', async () => {
    signIn();
    let answerFirst: (response: Response) => void = () => undefined;
    let reads = 0;
    mockApi((url) => {
      if (url !== '/api/notifications/unread') return undefined;
      reads += 1;
      if (reads > 1) return json(200, { count: 2 });
      // held: the test answers it after the push, with what it read before
      return new Promise<Response>((resolve) => {
        answerFirst = resolve;
      }) as unknown as Response;
    });
    await renderWidget(<Live />);
    const badge = await screen.findByTestId('notification-bell-badge');
    await waitFor(() => expect(reads).toBe(1));

    act(() => {
      handlers.get('notification')!({
        message_type: 'notification',
        unread: 2,
        notification: { id: 10, type: 'new_follower' },
      });
    });
    answerFirst(json(200, { count: 1 }));
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(badge).toHaveAttribute('data-count', '2'));
  });
});
