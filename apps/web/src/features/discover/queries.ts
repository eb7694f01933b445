import { useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type HydraCollection, type Memo, type PublicProfile } from '@memoria/domain';
import { api } from '../../api/client';
import { hydraMembers, hydraTotal } from '../../api/hydra';
import {
  FIRST_POSITION,
  nextOffset,
  nextPosition,
  type ListPosition,
  type MemoPage,
} from '../memos/list-cache';
import { withMemoCards } from '../memos/memo-card-lazy';

/**
 * Discover (GET /api/discover, GET /api/discover/people), for visitors and signed-in people.
 * Posts are a memo list (under ['memos', 'list', …], so memo edits and deletions reach them);
 * visitors ask without a token.
 */
export const discoverKeys = {
  posts: (visitor: boolean, search = '') =>
    ['memos', 'list', 'discover', 'posts', { visitor, search }] as const,
  people: (visitor: boolean) => ['discover', 'people', { visitor }] as const,
};

export interface PeoplePage {
  items: PublicProfile[];
  total: number;
  offset: number;
}

export async function fetchDiscoverPosts(
  visitor: boolean,
  { offset, after }: ListPosition,
  signal?: AbortSignal,
  /** words (a hashtag) every post must match; '' for all */
  search = '',
): Promise<MemoPage> {
  const answer = await api.get<HydraCollection<Memo> | Memo[]>('/api/discover', {
    hydra: true,
    query: {
      offset,
      itemsPerPage: PAGE_SIZES.memos,
      ...(search ? { search } : {}),
      after_memo: after,
    },
    signal,
    anonymous: visitor,
  });
  return withMemoCards({ items: hydraMembers(answer), total: hydraTotal(answer), offset });
}

export async function fetchDiscoverPeople(
  visitor: boolean,
  offset: number,
  signal?: AbortSignal,
): Promise<PeoplePage> {
  const answer = await api.get<HydraCollection<PublicProfile> | PublicProfile[]>(
    '/api/discover/people',
    {
      hydra: true,
      query: { offset, itemsPerPage: PAGE_SIZES.publicProfiles },
      signal,
      anonymous: visitor,
    },
  );
  return { items: hydraMembers(answer), total: hydraTotal(answer), offset };
}

export function useDiscoverPosts(visitor: boolean, search = '', enabled = true) {
  return useInfiniteQuery({
    queryKey: discoverKeys.posts(visitor, search),
    queryFn: ({ pageParam, signal }) => fetchDiscoverPosts(visitor, pageParam, signal, search),
    initialPageParam: FIRST_POSITION,
    getNextPageParam: (_last: MemoPage, pages: MemoPage[]) => nextPosition(pages),
    enabled,
  });
}

export function useDiscoverPeople(visitor: boolean, enabled = true) {
  return useInfiniteQuery({
    queryKey: discoverKeys.people(visitor),
    queryFn: ({ pageParam, signal }) => fetchDiscoverPeople(visitor, pageParam, signal),
    initialPageParam: 0,
    // the same paging rule as the memo lists: the next page starts after what is held
    getNextPageParam: (_last: PeoplePage, pages: PeoplePage[]) =>
      nextOffset(pages as unknown as MemoPage[]),
    enabled,
  });
}
