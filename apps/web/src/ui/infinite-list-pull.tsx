import { Center, Loader, Text } from '@mantine/core';
import { TIMINGS } from '@memoria/domain';
import { useSyncExternalStore, type ReactElement } from 'react';
import type PullToRefreshComponent from 'react-simple-pull-to-refresh';
import { useTranslation } from '../i18n';

function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;
}

/**
 * The pull-to-refresh gesture only exists on touch screens: the library loads there alone, as
 * soon as the lists' module is evaluated, so it is in before a list's first page. A list drawn
 * before it arrived is wrapped once it does, which mounts the list again: with React.lazy and
 * Suspense that happened on every phone, every card built twice in one task (docs/PERFORMANCE.md,
 * Lighthouse, twelfth round).
 */
let Pull: typeof PullToRefreshComponent | null = null;
const arrivals = new Set<() => void>();
if (isTouchScreen()) {
  void import('react-simple-pull-to-refresh').then(
    (module) => {
      Pull = module.default;
      for (const listener of arrivals) listener();
    },
    // without it the list still works; the next load of the app tries again
    () => undefined,
  );
}

function subscribe(listener: () => void) {
  arrivals.add(listener);
  return () => arrivals.delete(listener);
}

const loadedPull = () => Pull;

/** Pull down past 80 px at the top of the page to refresh (docs/RULES.md, Limits). */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactElement;
}) {
  const { t } = useTranslation();
  const Loaded = useSyncExternalStore(subscribe, loadedPull, () => null);
  if (!Loaded) return children;
  return (
    <Loaded
      onRefresh={onRefresh}
      pullDownThreshold={TIMINGS.pullToRefreshPx}
      maxPullDownDistance={TIMINGS.pullToRefreshPx * 1.5}
      backgroundColor="transparent"
      pullingContent={
        <Text ta="center" size="sm" c="dimmed" py="xs">
          {t('memos.list.pull')}
        </Text>
      }
      refreshingContent={
        <Center py="xs">
          <Loader size="sm" aria-label={t('memos.list.loading')} />
        </Center>
      }
    >
      {children}
    </Loaded>
  );
}
