import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { HydraCollection } from '@memoria/domain';
import { api } from '../../api/client';
import { hydraMembers, hydraTotal } from '../../api/hydra';
import type { AppNotification, GroupSetting } from './types';

/** Notifications (docs/API.md, Calls): the list, the unread counter and the settings. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  settings: ['notifications', 'settings'] as const,
};

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** A page of the list; `total` is kept right as notifications arrive or go. */
export interface NotificationPage {
  items: AppNotification[];
  total: number;
  offset: number;
}

type ListData = InfiniteData<NotificationPage, number>;

/**
 * The next page starts after what is loaded: live arrivals on top and deletions move it by
 * one (docs/DOMAIN.md, States: Offsets), so no notification shows twice or is skipped.
 */
function nextOffset(last: NotificationPage, pages: NotificationPage[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded < last.total && last.items.length > 0 ? loaded : undefined;
}

async function fetchPage(offset: number, signal: AbortSignal): Promise<NotificationPage> {
  const answer = await api.get<HydraCollection<AppNotification>>('/api/notifications', {
    hydra: true,
    query: { offset, itemsPerPage: NOTIFICATIONS_PAGE_SIZE },
    signal,
  });
  return { items: hydraMembers(answer), total: hydraTotal(answer), offset };
}

/** The bell's count (GET /api/notifications/unread). */
export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: async () =>
    Math.max(0, (await api.get<{ count: number }>('/api/notifications/unread')).count),
});

export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQuery, enabled });
}

export function useNotificationList(enabled = true) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled,
  });
}

/** The counter the server answered or pushed; never below 0 (docs/DOMAIN.md, States). */
/**
 * Puts a newer value into a cached query. A read of it still under way may have been
 * answered before that value existed and would overwrite it on arrival: it is cancelled
 * (keeping `write`'s value) and the query read again.
 */
function writeNewer(client: QueryClient, queryKey: readonly string[], write: () => void): void {
  const reading = client.isFetching({ queryKey, exact: true }) > 0;
  write();
  if (!reading) return;
  void client
    .cancelQueries({ queryKey, exact: true })
    .then(() => client.invalidateQueries({ queryKey, exact: true }));
}

export function setUnread(client: QueryClient, unread: unknown): void {
  if (typeof unread === 'number' && Number.isFinite(unread)) {
    writeNewer(client, notificationKeys.unread, () =>
      client.setQueryData(notificationKeys.unread, Math.max(0, unread)),
    );
  }
}

function patchList(client: QueryClient, change: (items: AppNotification[]) => AppNotification[]) {
  client.setQueryData<ListData>(notificationKeys.list, (data) => {
    if (!data) return data;
    let removed = 0;
    const pages = data.pages.map((page) => {
      const items = change(page.items);
      removed += page.items.length - items.length;
      return { ...page, items };
    });
    return {
      ...data,
      pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - removed) })),
    };
  });
}

/** A notification pushed over the socket goes on top of the first page. */
export function prependNotification(client: QueryClient, notification: AppNotification): void {
  writeNewer(client, notificationKeys.list, () =>
    client.setQueryData<ListData>(notificationKeys.list, (data) => {
      if (!data || data.pages.length === 0) return data;
      if (data.pages.some((page) => page.items.some((n) => n.id === notification.id))) {
        return data;
      }
      const [first, ...rest] = data.pages;
      return {
        ...data,
        pages: [
          { ...first!, items: [notification, ...first!.items], total: first!.total + 1 },
          ...rest.map((page) => ({ ...page, total: page.total + 1 })),
        ],
      };
    }),
  );
}

function useNotificationMutation<V>(
  run: (value: V) => Promise<{ unread: number } | void>,
  patch: (client: QueryClient, value: V) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer, value) => {
      patch(client, value);
      if (answer) setUnread(client, answer.unread);
      else void client.invalidateQueries({ queryKey: notificationKeys.unread });
    },
  });
}

const markReviewed =
  (ids: number[] | 'all', reviewedAt: string | null) => (items: AppNotification[]) =>
    items.map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, reviewed_at: reviewedAt } : n));

export function useReview() {
  return useNotificationMutation(
    (ids: number[]) => api.patch<{ unread: number }>('/api/notifications/review', { ids }),
    (client, ids) => patchList(client, markReviewed(ids, new Date().toISOString())),
  );
}

export function useUnreview() {
  return useNotificationMutation(
    (id: number) => api.patch<{ unread: number }>(`/api/notification/${id}/unreview`, {}),
    (client, id) => patchList(client, markReviewed([id], null)),
  );
}

export function useDeleteNotification() {
  return useNotificationMutation(
    (id: number) => api.delete<void>(`/api/notification/${id}`),
    (client, id) => patchList(client, (items) => items.filter((n) => n.id !== id)),
  );
}

export function useReviewAll() {
  return useNotificationMutation(
    () => api.patch<{ unread: number }>('/api/notifications/bulk/review', {}),
    (client) => patchList(client, markReviewed('all', new Date().toISOString())),
  );
}

export function useDeleteAll() {
  return useNotificationMutation(
    () => api.delete<void>('/api/notifications/bulk/delete'),
    (client) => patchList(client, () => []),
  );
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: async () =>
      (await api.get<{ settings: GroupSetting[] }>('/api/notification-settings')).settings,
  });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Array<Partial<GroupSetting> & { group: string }>) =>
      (
        await api.put<{ settings: GroupSetting[] }>('/api/notification-settings', {
          settings: changes,
        })
      ).settings,
    onSuccess: (settings) => {
      client.setQueryData(notificationKeys.settings, settings);
      // a group turned off in the app leaves the list and the counter
      void client.invalidateQueries({ queryKey: notificationKeys.list });
      void client.invalidateQueries({ queryKey: notificationKeys.unread });
    },
  });
}
