import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { PAGE_SIZES, TIMINGS, type HydraCollection, type Memo } from '@memoria/domain';
import { api, type QueryValue } from '../../api/client';
import { hydraMembers, hydraTotal } from '../../api/hydra';
import {
  FIRST_POSITION,
  nextPosition,
  type ListPosition,
  type MemoPage,
} from '../memos/list-cache';
import { withMemoCards } from '../memos/memo-card-lazy';

/**
 * The feed (GET /api/feed), 10 memos per page by offset and from the last memo held. Its key lives under the memo lists
 * (['memos', 'list', …]) so the memo mutations keep it right in place: a memo deleted or
 * edited anywhere leaves or changes here too, and the next offset moves with it (docs/DOMAIN.md,
 * States: Offsets). The first page also carries the newest date of the feed at the time it was
 * loaded: the stored timestamp the new-content check compares with.
 */
export interface FeedPage extends MemoPage {
  /** GET /api/feed/latest when this (first) page was loaded */
  latest?: string | null;
}

export const feedKeys = {
  all: ['memos', 'list', 'feed'] as const,
  list: (search: string) => ['memos', 'list', 'feed', 'me', { search }] as const,
  latest: ['feed', 'latest'] as const,
};

interface LatestAnswer {
  latest: string | null;
}

export function fetchFeedLatest(signal?: AbortSignal): Promise<LatestAnswer> {
  return api.get<LatestAnswer>('/api/feed/latest', { signal });
}

/**
 * A page of the feed. The top page also reads the feed's newest date; with `client`, that
 * answer also counts as the new-content check's first one (useFeedLatest), so the check does
 * not ask the same address again as soon as the feed shows.
 */
export async function fetchFeedPage(
  search: string,
  { offset, after }: ListPosition,
  signal?: AbortSignal,
  client?: QueryClient,
): Promise<FeedPage> {
  const query: Record<string, QueryValue> = {
    offset,
    itemsPerPage: PAGE_SIZES.memos,
    search: search.trim() || undefined,
    after_memo: after,
  };
  const [answer, latest] = await Promise.all([
    api.get<HydraCollection<Memo> | Memo[]>('/api/feed', { hydra: true, query, signal }),
    offset === 0 && !search.trim() ? fetchFeedLatest(signal) : Promise.resolve(undefined),
  ]);
  if (latest && client) client.setQueryData(feedKeys.latest, latest);
  return withMemoCards({
    items: hydraMembers(answer),
    total: hydraTotal(answer),
    offset,
    ...(latest ? { latest: latest.latest } : {}),
  });
}

/** The feed's list: its key, pages and where each next one starts. */
export function feedListOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: feedKeys.list(search),
    queryFn: ({ pageParam, signal, client }) => fetchFeedPage(search, pageParam, signal, client),
    initialPageParam: FIRST_POSITION,
    getNextPageParam: (_last: FeedPage, pages: FeedPage[]) => nextPosition(pages),
    // docs/RULES.md, Limits: "Feed freshness constant"
    staleTime: TIMINGS.feedFreshnessMs,
  });
}

export function useFeed(search: string, enabled = true) {
  return useInfiniteQuery({ ...feedListOptions(search), enabled });
}

/** The new-content check: at most once per 60000 ms while the feed is shown. */
export function useFeedLatest(enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.latest,
    queryFn: ({ signal }) => fetchFeedLatest(signal),
    refetchInterval: TIMINGS.feedNewContentCheckMs,
    staleTime: TIMINGS.feedNewContentCheckMs,
    refetchOnWindowFocus: true,
    enabled,
  });
}
