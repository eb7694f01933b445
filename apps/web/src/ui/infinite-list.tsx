import { Box, Button, Center, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedCallback, useIntersection, useWindowEvent } from '@mantine/hooks';
import { TIMINGS } from '@memoria/domain';
import {
  Fragment,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from '../i18n';
import { FIRST_ITEMS } from './first-items';
import { PullToRefresh } from './infinite-list-pull';
import { QueryErrorView } from './query-error';

export { FIRST_ITEMS };

/** What the list needs of a TanStack infinite query (UseInfiniteQueryResult fits). */
export interface InfiniteSource {
  status: 'pending' | 'error' | 'success';
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  isRefetchError: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

export interface InfiniteListProps<T> {
  source: InfiniteSource;
  items: T[];
  itemKey: (item: T) => string | number;
  /** `index`: the item's place in the list (the first ones are the first screen) */
  renderItem: (item: T, index: number) => ReactNode;
  /** shown when the first page came back empty */
  empty: ReactNode;
  /** accessible name of the list */
  label: string;
  /** shown below the last item once every page is loaded */
  overText?: string;
  /** pull-to-refresh on touch devices (docs/SCREENS.md, Lists and forms); defaults to refetch */
  onRefresh?: () => Promise<unknown>;
  testId?: string;
}

/** Six card skeletons while the first page loads (docs/RULES.md, Limits). */
function Placeholders() {
  return (
    <Stack gap="md" aria-hidden data-testid="list-loading">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={96} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * A list that loads further pages by itself (docs/SCREENS.md, Lists and forms; docs/DOMAIN.md,
 * States: "Data-fetching lists"; docs/RULES.md, Limits: "Infinite list"): when the end comes within
 * 250 px of the viewport (checked on intersection, scroll and resize, debounced 500 ms), through a
 * "more" button, and by pull-to-refresh on touch screens. States: loading, error (message and
 * status; an errored list refetches when the page becomes visible again), empty, and over.
 */
export function InfiniteList<T>({
  source,
  items,
  itemKey,
  renderItem,
  empty,
  label,
  overText,
  onRefresh,
  testId,
}: InfiniteListProps<T>) {
  const { t } = useTranslation();
  // An answer reaches React through the query's external store, whose renders are never split:
  // a first page of cards was one task of several hundred milliseconds on a slow phone. The
  // status the list shows follows the query's in a deferred render, which React splits into
  // slices of a few milliseconds; the placeholders stay until the items are rendered
  // (docs/PERFORMANCE.md, Lighthouse: the fifth round).
  const shown = useDeferredValue(source.status);
  const [allShown, setAllShown] = useState(false);
  const holdingBack = !allShown && shown === 'success' && items.length > FIRST_ITEMS;
  useEffect(() => {
    if (holdingBack) startTransition(() => setAllShown(true));
  }, [holdingBack]);
  const sentinel = useRef<HTMLDivElement | null>(null);
  const { ref: observe, entry } = useIntersection<HTMLDivElement>({
    rootMargin: `0px 0px ${TIMINGS.infiniteTriggerOffsetPx}px 0px`,
  });
  const canLoad =
    source.status === 'success' &&
    source.hasNextPage &&
    !source.isFetchingNextPage &&
    !source.isFetchNextPageError;

  const check = useDebouncedCallback(() => {
    const element = sentinel.current;
    if (!canLoad || !element) return;
    const distance = element.getBoundingClientRect().top - window.innerHeight;
    if (distance <= TIMINGS.infiniteTriggerOffsetPx) void source.fetchNextPage();
  }, TIMINGS.infiniteDebounceMs);

  // Captured, the scroll of any box reaches the window: lists also scroll inside drawers.
  useEffect(() => {
    window.addEventListener('scroll', check, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', check, { capture: true });
  }, [check]);
  useWindowEvent('resize', check);
  // One ref callback for the list's life: a new one each render would make React detach and
  // re-attach it, which resets the observer's entry, renders again, and so on every frame;
  // each round restarted the debounced check, so it never ran.
  const sentinelRef = useCallback(
    (node: HTMLDivElement | null) => {
      sentinel.current = node;
      // Without IntersectionObserver (old browsers, jsdom) scroll and resize still load.
      if (typeof IntersectionObserver !== 'undefined') observe(node);
    },
    [observe],
  );
  const intersecting = Boolean(entry?.isIntersecting);
  // A page that does not fill the screen leaves the sentinel in view: check again each time.
  useEffect(() => {
    if (intersecting && canLoad) check();
  }, [intersecting, canLoad, items.length, check]);

  // "An errored list refetches when re-activated": coming back to the tab or window.
  const { status, refetch } = source;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && status === 'error') void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [status, refetch]);

  let body: ReactNode;
  if (shown === 'pending') {
    body = <Placeholders />;
  } else if (shown === 'error') {
    body = <QueryErrorView error={source.error} onRetry={() => void source.refetch()} />;
  } else if (items.length === 0) {
    body = empty;
  } else {
    body = (
      <>
        <Stack component="ul" gap="md" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
          {(holdingBack ? items.slice(0, FIRST_ITEMS) : items).map((item, index) => (
            <Fragment key={itemKey(item)}>
              <li>{renderItem(item, index)}</li>
            </Fragment>
          ))}
        </Stack>
        {!holdingBack && (
          <>
            <div ref={sentinelRef} data-testid="list-sentinel" />
            {source.isFetchNextPageError && <QueryErrorView error={source.error} />}
            <Center mt="md" mih={48}>
              {source.isFetchingNextPage ? (
                <Loader size={35} aria-label={t('memos.list.loading')} />
              ) : source.hasNextPage ? (
                <Button
                  variant="light"
                  onClick={() => void source.fetchNextPage()}
                  data-testid="list-more"
                >
                  {t('memos.list.more')}
                </Button>
              ) : (
                overText && (
                  <Text c="dimmed" size="sm" data-testid="list-over">
                    {overText}
                  </Text>
                )
              )}
            </Center>
          </>
        )}
      </>
    );
  }

  return (
    <PullToRefresh onRefresh={onRefresh ?? source.refetch}>
      <Box data-testid={testId} aria-busy={shown === 'pending' || source.isFetchingNextPage}>
        {body}
      </Box>
    </PullToRefresh>
  );
}
