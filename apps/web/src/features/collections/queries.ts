import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  type Collection,
  type CollectionWrite,
  type HydraCollection,
  type UserSummary,
} from '@memoria/domain';
import { api } from '../../api/client';
import { hydraMembers, hydraTotal } from '../../api/hydra';
import { useSession } from '../../session/use-session';
import { memoCache } from '../memos/queries';
import { useProfile } from '../profile/queries';

/**
 * How a collection is read: signed in through /api, or as a visitor through /api/p; a
 * secret link's token travels as collection_sec_link (docs/API.md, Conventions).
 */
export interface CollectionAccess {
  visitor: boolean;
  secureToken?: string | null;
}

export const SIGNED_IN: CollectionAccess = { visitor: false };

function prefix(access: CollectionAccess): string {
  return access.visitor ? '/api/p' : '/api';
}

/** The query a read under this access carries (the secret link's token, if any). */
export function accessQuery(access: CollectionAccess) {
  return access.secureToken ? { collection_sec_link: access.secureToken } : {};
}

/** The part of a query key that tells reads under different accesses apart. */
export function accessKey(access: CollectionAccess) {
  return [access.visitor ? 'p' : 'a', access.secureToken ?? ''] as const;
}

export const collectionKeys = {
  all: ['collections'] as const,
  lists: ['collections', 'list'] as const,
  userList: (userId: number) => ['collections', 'list', userId] as const,
  details: ['collections', 'detail'] as const,
  detail: (id: string, access: CollectionAccess) =>
    ['collections', 'detail', id, ...accessKey(access)] as const,
  members: (id: string, access: CollectionAccess) =>
    ['collections', 'members', id, ...accessKey(access)] as const,
  groups: ['collections', 'groups'] as const,
  contacts: ['collections', 'contacts'] as const,
};

/** GET /api/user/{id}/collection: the viewer's own collections plus collaborations. */
export function fetchUserCollections(userId: number): Promise<Collection[]> {
  return api
    .get<Collection[] | HydraCollection<Collection>>(`/api/user/${userId}/collection`, {
      query: { itemsPerPage: PAGE_SIZES.collections },
    })
    .then(hydraMembers);
}

/** The signed-in user's collection list (own and collaboration). */
export function useMyCollections() {
  const session = useSession();
  const me = useProfile().data;
  return useQuery({
    queryKey: collectionKeys.userList(me?.id ?? 0),
    queryFn: () => fetchUserCollections(me?.id ?? 0),
    enabled: session?.kind === 'full' && Boolean(me),
  });
}

export function fetchCollection(id: string, access: CollectionAccess): Promise<Collection> {
  return api.get<Collection>(`${prefix(access)}/collection/${encodeURIComponent(id)}`, {
    query: accessQuery(access),
    anonymous: access.visitor,
  });
}

export function useCollection(id: string, access: CollectionAccess, enabled = true) {
  return useQuery({
    queryKey: collectionKeys.detail(id, access),
    queryFn: () => fetchCollection(id, access),
    enabled: enabled && id !== '',
  });
}

export interface CollectionMemberEntry {
  id: number;
  user: UserSummary;
  role: 'owner' | 'member';
}

/** GET /api/collection/{id}/user (hydra): the first members and how many there are. */
export function useCollectionMembers(id: string, access: CollectionAccess, enabled = true) {
  return useQuery({
    queryKey: collectionKeys.members(id, access),
    queryFn: async () => {
      const answer = await api.get<
        HydraCollection<CollectionMemberEntry> | CollectionMemberEntry[]
      >(`/api/collection/${encodeURIComponent(id)}/user`, {
        hydra: true,
        query: { ...accessQuery(access), page: 1, itemsPerPage: 10 },
      });
      return { items: hydraMembers(answer), total: hydraTotal(answer) };
    },
    enabled: enabled && !access.visitor,
    retry: false,
  });
}

/** GET /api/collection/groups: the group names of the viewer's collections. */
export function useCollectionGroups(enabled: boolean) {
  return useQuery({
    queryKey: collectionKeys.groups,
    queryFn: () => api.get<string[]>('/api/collection/groups'),
    enabled,
    retry: false,
  });
}

interface ConnectionEntry {
  id: number;
  user?: UserSummary | null;
}

/**
 * The viewer's active connections for the selected-contacts picker. Built by the
 * connections work; while that is missing the picker says so and keeps who is selected.
 */
export function useActiveContacts(enabled: boolean) {
  return useQuery({
    queryKey: collectionKeys.contacts,
    queryFn: async () => {
      const answer = await api.get<HydraCollection<ConnectionEntry> | ConnectionEntry[]>(
        '/api/user/connection',
        { hydra: true, query: { status: 'active', itemsPerPage: PAGE_SIZES.connections } },
      );
      return hydraMembers(answer)
        .map((connection) => connection.user)
        .filter((user): user is UserSummary => Boolean(user));
    },
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** Replaces a collection in every cached list and detail after a write. */
export function storeCollection(queryClient: QueryClient, collection: Collection): void {
  queryClient.setQueriesData<Collection[]>({ queryKey: collectionKeys.lists }, (list) =>
    list?.map((item) => (item.id === collection.id ? { ...item, ...collection } : item)),
  );
  queryClient.setQueriesData<Collection>(
    { queryKey: [...collectionKeys.details, collection.id] },
    (current) => (current ? { ...current, ...collection } : current),
  );
}

export function patchCollection(
  queryClient: QueryClient,
  id: string,
  patch: Partial<Collection>,
): void {
  queryClient.setQueriesData<Collection[]>({ queryKey: collectionKeys.lists }, (list) =>
    list?.map((item) => (item.id === id ? { ...item, ...patch } : item)),
  );
  queryClient.setQueriesData<Collection>(
    { queryKey: [...collectionKeys.details, id] },
    (current) => (current ? { ...current, ...patch } : current),
  );
}

export function useSaveCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CollectionWrite }) =>
      id
        ? api.put<Collection>(`/api/collection/${encodeURIComponent(id)}`, body)
        : api.post<Collection>('/api/collection', body),
    onSuccess: async (collection, { id }) => {
      if (id) storeCollection(queryClient, collection);
      else {
        queryClient.setQueriesData<Collection[]>({ queryKey: collectionKeys.lists }, (list) =>
          list ? [collection, ...list.filter((item) => item.id !== collection.id)] : list,
        );
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: collectionKeys.lists }),
        queryClient.invalidateQueries({ queryKey: collectionKeys.groups }),
        id
          ? queryClient.invalidateQueries({ queryKey: collectionKeys.members(id, SIGNED_IN) })
          : undefined,
      ]);
    },
  });
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/collection/${encodeURIComponent(id)}`),
    onSuccess: async (_, id) => {
      queryClient.setQueriesData<Collection[]>({ queryKey: collectionKeys.lists }, (list) =>
        list?.filter((item) => item.id !== id),
      );
      queryClient.removeQueries({ queryKey: [...collectionKeys.details, id] });
      await queryClient.invalidateQueries({ queryKey: collectionKeys.lists });
      // memos that lived only in this collection are gone too
      await queryClient.invalidateQueries({ queryKey: ['memos'] });
    },
  });
}

/** GET /api/collection/{id}/secret-link[?refresh=1]; turns public_link_on on. */
export function useSecretLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, refresh }: { id: string; refresh: boolean }) =>
      api.get<{ secret_link: string }>(`/api/collection/${encodeURIComponent(id)}/secret-link`, {
        query: refresh ? { refresh: 1 } : {},
      }),
    onSuccess: (_, { id }) => patchCollection(queryClient, id, { public_link_on: true }),
  });
}

/**
 * What muting needs of a collection: a full Collection (its menu) or the reference a memo
 * carries (a memo's menu), which does not know the mute row's id.
 */
export type MuteTarget = Pick<Collection, 'id' | '@id' | 'is_muted'> &
  Partial<Pick<Collection, 'muted_collection_id'>>;

/**
 * Mute or unmute a collection (the opposite of its is_muted). The collection's cached lists
 * and details take the new state at once; memo lists (the feed, discover, collections' and
 * users' lists) and memos refetch, because whether a memo is hidden depends on every
 * collection it sits in, which only the server knows.
 */
export function useMuteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (collection: MuteTarget) => {
      if (collection.is_muted) {
        // The contract accepts the collection id in place of the mute row's id.
        const rowId = collection.muted_collection_id ?? collection.id;
        await api.delete<void>(`/api/muted/collection/${encodeURIComponent(String(rowId))}`);
        return { is_muted: false, muted_collection_id: null };
      }
      const row = await api.post<{ id: number }>('/api/muted/collection', {
        collection: collection['@id'],
      });
      return { is_muted: true, muted_collection_id: row.id };
    },
    onSuccess: async (patch, collection) => {
      patchCollection(queryClient, collection.id, patch);
      await memoCache.refetchAll(queryClient);
    },
  });
}

/**
 * Turns one of the viewer's watch flags of a collection on or off (the opposite of its
 * value); the flag changes in the caches once the call succeeds. Resolves with the new value.
 */
function useWatchToggle(
  flag: 'content_watching_notify_me' | 'notify_me',
  calls: {
    watch: (collection: Collection) => Promise<unknown>;
    stop: (encodedId: string) => Promise<unknown>;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (collection: Collection) => {
      if (collection[flag]) {
        await calls.stop(encodeURIComponent(collection.id));
        return false;
      }
      await calls.watch(collection);
      return true;
    },
    onSuccess: (on, collection) => patchCollection(queryClient, collection.id, { [flag]: on }),
  });
}

/** Watch new content (content_watching_notify_me). */
export function useWatchContent() {
  return useWatchToggle('content_watching_notify_me', {
    watch: (collection) =>
      api.post<unknown>('/api/content/watching', { collection: collection['@id'] }),
    stop: (encodedId) => api.delete<void>(`/api/collection/${encodedId}/delete-content-watching`),
  });
}

/** Watch comments (notify_me). */
export function useWatchComments() {
  return useWatchToggle('notify_me', {
    watch: (collection) =>
      api.post<unknown>('/api/comment_watching', { collection: collection['@id'] }),
    stop: (encodedId) => api.delete<void>(`/api/collection/${encodedId}/delete-comment-watching`),
  });
}
