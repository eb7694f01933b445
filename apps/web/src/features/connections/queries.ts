import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  PAGE_SIZES,
  iri,
  type Connection,
  type ConnectionInvitationAnswer,
  type ConnectionListStatus,
  type ConnectionTokenAnswer,
  type ContactCard,
  type ContactCounts,
  type FollowEntry,
  type QrConnectionAnswer,
} from '@memoria/domain';
import { api } from '../../api/client';
import { getHydraPage, type Page } from '../../api/hydra';

/**
 * Connections, following and blocking (docs/API.md, Calls). Every list and count lives under
 * the `connections` key, so one invalidation after a change refreshes them all.
 */
export const connectionKeys = {
  all: ['connections'] as const,
  list: (status: ConnectionListStatus) => ['connections', 'list', status] as const,
  identified: ['connections', 'identified'] as const,
  followers: ['connections', 'followers'] as const,
  followings: ['connections', 'followings'] as const,
  counts: ['connections', 'counts'] as const,
  token: ['connections', 'token'] as const,
  // Outside the `connections` prefix: a used link must not be looked up again after accepting.
  qr: (value: string) => ['connection-link', 'qr', value] as const,
  invitation: (value: string) => ['connection-link', 'invitation', value] as const,
};

/** The lists a screen shows; `verified` reads /api/identified_contacts. */
export type ConnectionTab =
  'active' | 'income' | 'outcome' | 'verified' | 'followers' | 'following' | 'delegations';

/** The user IRI the API takes in bodies (`/api/user/{id}`). */
export const userRef = (id: number) => iri('user', id);

function nextPage<T>(last: Page<T>, pages: Page<T>[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded < last.total && last.items.length > 0 ? last.page + 1 : undefined;
}

/** GET /api/user/connection?status= (hydra, 10000 a page). */
export function useConnectionList(status: ConnectionListStatus, enabled = true) {
  return useInfiniteQuery({
    queryKey: connectionKeys.list(status),
    queryFn: ({ pageParam }) =>
      getHydraPage<Connection>('/api/user/connection', pageParam, PAGE_SIZES.connections, {
        status,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

/** A verified contact: the API may answer connections or bare contact cards. */
export type IdentifiedEntry = Connection | ContactCard;

/** GET /api/identified_contacts: active connections whose identity is verified. */
export function useIdentifiedContacts(enabled = true) {
  return useInfiniteQuery({
    queryKey: connectionKeys.identified,
    queryFn: ({ pageParam }) =>
      getHydraPage<IdentifiedEntry>('/api/identified_contacts', pageParam, PAGE_SIZES.connections),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

/** GET /api/followers and /api/followings (99999 a page). */
export function useFollowList(kind: 'followers' | 'followings', enabled = true) {
  return useInfiniteQuery({
    queryKey: kind === 'followers' ? connectionKeys.followers : connectionKeys.followings,
    queryFn: ({ pageParam }) =>
      getHydraPage<FollowEntry>(`/api/${kind}`, pageParam, PAGE_SIZES.followings),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

/** GET /api/user/contact/count: the viewer's own counts. */
export function useContactCounts(enabled = true) {
  return useQuery({
    queryKey: connectionKeys.counts,
    queryFn: () => api.get<ContactCounts>('/api/user/contact/count'),
    enabled,
    staleTime: 30_000,
  });
}

/** Refetches every connection list, count and the profiles that show a relation. */
export function invalidateSocial(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['user-profile'] }),
    queryClient.invalidateQueries({ queryKey: ['favourites'] }),
  ]).then(() => undefined);
}

function useSocialMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => invalidateSocial(queryClient),
  });
}

/** POST /api/connection: one request per address (the dialog sends them in turn). */
export function sendConnectionRequest(email: string, message: string | null) {
  return api.post<Connection>('/api/connection', {
    user_to_email: email,
    personal_message: message,
  });
}

export const useAcceptConnection = () =>
  useSocialMutation((id: number) => api.get<Connection>(`/api/connection/${id}/accept`));
export const useRejectConnection = () =>
  useSocialMutation((id: number) => api.get<Connection>(`/api/connection/${id}/reject`));
/** Removes an active connection or withdraws a sent request. */
export const useRemoveConnection = () =>
  useSocialMutation((id: number) => api.delete<void>(`/api/connection/${id}`));

/** POST /api/connection-direct: a request from a profile (user_outbound = that person). */
export const useDirectRequest = () =>
  useSocialMutation(({ userId, message }: { userId: number; message: string | null }) =>
    api.post<Connection>('/api/connection-direct', {
      user_outbound: userRef(userId),
      personal_message: message,
    }),
  );

export const useFollow = () =>
  useSocialMutation((userId: number) => api.post('/api/follow', { following: userRef(userId) }));
export const useUnfollow = () =>
  useSocialMutation((userId: number) =>
    api.post('/api/follower_unfollow', { following: userRef(userId) }),
  );
export const useDeclineFollower = () =>
  useSocialMutation((userId: number) =>
    api.post('/api/follower_decline', { follower: userRef(userId) }),
  );
export const useBlock = () =>
  useSocialMutation((userId: number) => api.post('/api/block', { blocked: userRef(userId) }));

/** Watch a person's new content (POST /api/content/watching) or stop (DELETE ...). */
export const useWatchContent = () =>
  useSocialMutation(({ userId, watch }: { userId: number; watch: boolean }) =>
    watch
      ? api.post('/api/content/watching', { user_watching: userRef(userId) })
      : api.delete(`/api/user/${userId}/delete-content-watching`),
  );

/** GET /api/connection-token: the personal QR token; refresh=1 makes a new one. */
export function useConnectionToken(enabled: boolean) {
  return useQuery({
    queryKey: connectionKeys.token,
    queryFn: () => api.get<ConnectionTokenAnswer>('/api/connection-token'),
    enabled,
    staleTime: Infinity,
  });
}

export function useRefreshConnectionToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.get<ConnectionTokenAnswer>('/api/connection-token', { query: { refresh: 1 } }),
    onSuccess: (answer) => queryClient.setQueryData(connectionKeys.token, answer),
  });
}

/** GET /api/qr_connection/{value}: whose QR link this is. */
export function useQrConnection(value: string, enabled: boolean) {
  return useQuery({
    queryKey: connectionKeys.qr(value),
    queryFn: () => api.get<QrConnectionAnswer>(`/api/qr_connection/${encodeURIComponent(value)}`),
    enabled,
    retry: false,
  });
}

export const useConfirmQrConnection = () =>
  useSocialMutation((value: string) =>
    api.get<Connection>(`/api/qr_connection/${encodeURIComponent(value)}/confirm`),
  );

/** GET /api/p/connection-invitation/{value}: who invited, readable by visitors. */
/**
 * Who sent an invitation link. Signed in, the session goes along: the invited person who is
 * already connected (by signing up through the link) is told so instead of "invalid".
 */
export function useInvitation(value: string, enabled: boolean, signedIn = false) {
  return useQuery({
    queryKey: connectionKeys.invitation(value),
    queryFn: () =>
      api.get<ConnectionInvitationAnswer>(
        `/api/p/connection-invitation/${encodeURIComponent(value)}`,
        { anonymous: !signedIn },
      ),
    enabled,
    retry: false,
  });
}

export const useAcceptInvitation = () =>
  useSocialMutation((value: string) =>
    api.get<Connection>(`/api/connection-token/${encodeURIComponent(value)}/accept`),
  );
