import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { PAGE_SIZES, type HydraCollection, type Memo } from '@memoria/domain';
import { api, type QueryValue } from '../../api/client';
import { hydraMembers, hydraTotal } from '../../api/hydra';
import { withMemoCards } from './memo-card-lazy';
import {
  insertMemo,
  nextOffset,
  removeMemo,
  replaceMemo,
  updateMemo,
  type MemoPage,
  type MemoPages,
} from './list-cache';

/**
 * Where a memo list comes from: a user's memos (home, profile) or a collection's. Public
 * lists (visitors, /p routes) use the /api/p variants; a collection's secret link token
 * travels as collection_sec_link (docs/API.md, Conventions).
 */
export type MemoListSource =
  | { kind: 'user'; userId: number; search?: string; isPublic?: boolean }
  | {
      kind: 'collection';
      collectionId: string;
      search?: string;
      isPublic?: boolean;
      secureToken?: string;
    };

export const memoKeys = {
  all: ['memos'] as const,
  lists: ['memos', 'list'] as const,
  userLists: (userId: number) => ['memos', 'list', 'user', userId] as const,
  collectionLists: (collectionId: string) => ['memos', 'list', 'collection', collectionId] as const,
  list: (source: MemoListSource) =>
    source.kind === 'user'
      ? ([
          ...memoKeys.userLists(source.userId),
          { search: source.search ?? '', isPublic: Boolean(source.isPublic) },
        ] as const)
      : ([
          ...memoKeys.collectionLists(source.collectionId),
          {
            search: source.search ?? '',
            isPublic: Boolean(source.isPublic),
            secureToken: source.secureToken ?? '',
          },
        ] as const),
  details: ['memos', 'detail'] as const,
  detail: (id: number, access: MemoAccess = {}) =>
    ['memos', 'detail', id, { isPublic: Boolean(access.isPublic), smt: access.smt ?? '' }] as const,
  connections: ['memos', 'mention-connections'] as const,
  collections: (userId: number) => ['memos', 'collection-choice', userId] as const,
};

function listPath(source: MemoListSource): string {
  const prefix = source.isPublic ? '/api/p' : '/api';
  return source.kind === 'user'
    ? `${prefix}/user/${source.userId}/memo`
    : `${prefix}/collection/${encodeURIComponent(source.collectionId)}/memo`;
}

export async function fetchMemoPage(
  source: MemoListSource,
  offset: number,
  signal?: AbortSignal,
): Promise<MemoPage> {
  const query: Record<string, QueryValue> = {
    offset,
    itemsPerPage: PAGE_SIZES.memos,
    search: source.search?.trim() || undefined,
  };
  if (source.kind === 'collection' && source.secureToken) {
    query.collection_sec_link = source.secureToken;
  }
  const answer = await api.get<HydraCollection<Memo> | Memo[]>(listPath(source), {
    hydra: true,
    query,
    signal,
    anonymous: source.isPublic,
  });
  return withMemoCards({ items: hydraMembers(answer), total: hydraTotal(answer), offset });
}

/** A memo list, 10 per page by offset (docs/RULES.md, Limits), for the infinite list. */
export function useMemoList(source: MemoListSource, enabled = true) {
  return useInfiniteQuery({
    queryKey: memoKeys.list(source),
    queryFn: ({ pageParam, signal }) => fetchMemoPage(source, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last: MemoPage, pages: MemoPage[]) => nextOffset(pages),
    enabled,
  });
}

/** How a single memo is opened: signed in, public (/p, visitors), or by its secret link. */
export interface MemoAccess {
  isPublic?: boolean;
  /** the memo's secret link token (?smt=), sent as memo_sec_link */
  smt?: string;
}

export function fetchMemo(id: number, access: MemoAccess = {}): Promise<Memo> {
  return api.get<Memo>(access.isPublic ? `/api/p/memo/${id}` : `/api/memo/${id}`, {
    query: { memo_sec_link: access.smt || undefined },
    anonymous: access.isPublic,
  });
}

export function useMemoDetail(id: number, access: MemoAccess = {}) {
  return useQuery({
    queryKey: memoKeys.detail(id, access),
    queryFn: () => fetchMemo(id, access),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Lists where a new memo shows up at once: the author's own list and its collections. */
function listKeysFor(memo: Memo): { key: QueryKey; placement: 'top' | 'afterPinned' }[] {
  return [
    { key: memoKeys.userLists(memo.author.id), placement: 'top' as const },
    ...memo.memos_per_collection.map((link) => ({
      key: memoKeys.collectionLists(link.collection.id),
      placement: 'afterPinned' as const,
    })),
  ];
}

function isUnfiltered(key: QueryKey): boolean {
  const options = key[4] as { search?: string } | undefined;
  return !options?.search;
}

/**
 * Cache updates after each kind of change, shared by the mutations. Unfiltered lists take
 * the change in place (so their offsets stay right); searched lists refetch.
 */
export const memoCache = {
  created(queryClient: QueryClient, memo: Memo) {
    for (const { key, placement } of listKeysFor(memo)) {
      for (const [queryKey] of queryClient.getQueriesData<MemoPages>({ queryKey: key })) {
        if (isUnfiltered(queryKey)) {
          queryClient.setQueryData<MemoPages>(queryKey, (data) =>
            insertMemo(data, memo, placement),
          );
        } else {
          void queryClient.invalidateQueries({ queryKey, exact: true });
        }
      }
    }
  },
  updated(queryClient: QueryClient, memo: Memo) {
    queryClient.setQueriesData<MemoPages>({ queryKey: memoKeys.lists }, (data) =>
      replaceMemo(data, memo),
    );
    queryClient.setQueriesData<Memo>({ queryKey: [...memoKeys.details, memo.id] }, (old) =>
      old ? { ...old, ...memo } : old,
    );
    // Collection lists order by pin state and hold only their memos, and a search may no
    // longer match: those refetch.
    void queryClient.invalidateQueries({
      queryKey: memoKeys.lists,
      predicate: (query) => query.queryKey[2] === 'collection' || !isUnfiltered(query.queryKey),
    });
  },
  patched(queryClient: QueryClient, id: number, update: (memo: Memo) => Memo) {
    queryClient.setQueriesData<MemoPages>({ queryKey: memoKeys.lists }, (data) =>
      updateMemo(data, id, update),
    );
    queryClient.setQueriesData<Memo>({ queryKey: [...memoKeys.details, id] }, (old) =>
      old ? update(old) : old,
    );
  },
  deleted(queryClient: QueryClient, id: number) {
    queryClient.setQueriesData<MemoPages>({ queryKey: memoKeys.lists }, (data) =>
      removeMemo(data, id),
    );
    queryClient.removeQueries({ queryKey: [...memoKeys.details, id] });
  },
  /** Muting changes isHidden on many memos at once. */
  refetchAll(queryClient: QueryClient) {
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: memoKeys.lists }),
      queryClient.invalidateQueries({ queryKey: memoKeys.details }),
    ]);
  },
};

export function useMemoCache() {
  const queryClient = useQueryClient();
  return {
    created: (memo: Memo) => memoCache.created(queryClient, memo),
    updated: (memo: Memo) => memoCache.updated(queryClient, memo),
    patched: (id: number, update: (memo: Memo) => Memo) =>
      memoCache.patched(queryClient, id, update),
    deleted: (id: number) => memoCache.deleted(queryClient, id),
    queryClient,
  };
}
