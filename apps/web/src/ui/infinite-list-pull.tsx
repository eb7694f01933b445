import { Center, Loader, Text } from '@mantine/core';
import { TIMINGS } from '@memoria/domain';
import { Suspense, lazy, type ReactElement } from 'react';
import { useTranslation } from '../i18n';

// The pull-to-refresh gesture only exists on touch screens: the library loads there alone.
const Pull = lazy(() => import('react-simple-pull-to-refresh'));

function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;
}

/** Pull down past 80 px at the top of the page to refresh (docs/RULES.md, Limits). */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactElement;
}) {
  const { t } = useTranslation();
  if (!isTouchScreen()) return children;
  return (
    <Suspense fallback={children}>
      <Pull
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
      </Pull>
    </Suspense>
  );
}
