import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

/**
 * Unread messages (muted threads left out), for the menus' badges. A module of its own: the
 * entry asks for it before the first render (app/first-data.ts) without the messenger's code.
 */
export const unreadMessagesQuery = queryOptions({
  queryKey: ['messenger', 'unread'] as const,
  queryFn: async () =>
    Math.max(0, (await api.get<{ unread: number; threads: number }>('/api/thread/unread')).unread),
});
