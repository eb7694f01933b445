import { Button, EmptyState, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconFolders, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { PageLoader } from '../../ui/page-loader';
import { useDeferredPending } from '../../ui/deferred-pending';
import { QueryErrorView } from '../../ui/query-error';
import { usePageTitle } from '../../ui/use-page-title';
import { CollectionList } from './collection-list';
import { effectiveTab, splitTabs, type CollectionTab } from './list-rules';
import { useMyCollections } from './queries';
import { pageWidth } from '../../ui/page-width';
import { loadChunk } from '../../ui/lazy-page';

// The create dialog (its form: MultiSelect, Modal, the request schemas) loads when it opens,
// not with the list (docs/PERFORMANCE.md, Lighthouse).
const CollectionDialog = lazy(() =>
  loadChunk(() => import('./collection-dialog')).then((m) => ({ default: m.CollectionDialog })),
);

const TAB_PATHS: Record<CollectionTab, string> = {
  own: '/collections',
  collaboration: '/collections/collaboration',
};

/** /collections and /collections/collaboration: the viewer's collection list by tab. */
export function CollectionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [creating, setCreating] = useState(false);
  const list = useMyCollections();
  usePageTitle(t('collections.title'));

  const requested: CollectionTab = pathname.startsWith(TAB_PATHS.collaboration)
    ? 'collaboration'
    : 'own';
  const tabs = useMemo(() => splitTabs(list.data ?? []), [list.data]);
  const tab = list.data ? effectiveTab(requested, tabs) : requested;

  // Own is empty but collaborations exist: switch to that tab (docs/SCREENS.md, Lists and forms).
  useEffect(() => {
    if (tab !== requested) void navigate(TAB_PATHS[tab], { replace: true });
  }, [tab, requested, navigate]);

  const loading = useDeferredPending(list.status);
  let body;
  if (loading || list.isPending) body = <PageLoader />;
  else if (list.isError) {
    body = <QueryErrorView error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    const empty =
      tab === 'own' ? (
        <EmptyState
          icon={<IconFolders size={36} />}
          variant="light"
          title={t('collections.empty.ownTitle')}
          description={t('collections.empty.ownText')}
          py="xl"
          data-testid="collections-empty-own"
        >
          <EmptyState.Actions>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setCreating(true)}
            >
              {t('collections.create')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <EmptyState
          icon={<IconUsersGroup size={36} />}
          variant="light"
          title={t('collections.empty.collaborationTitle')}
          description={t('collections.empty.collaborationText')}
          py="xl"
          data-testid="collections-empty-collaboration"
        />
      );
    body = <CollectionList key={tab} collections={tabs[tab]} empty={empty} />;
  }

  return (
    <Stack gap="md" {...pageWidth('content')} data-testid="collections-page">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('collections.title')}
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setCreating(true)}
          data-testid="collection-create"
        >
          {t('collections.create')}
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value === 'own' || value === 'collaboration') void navigate(TAB_PATHS[value]);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="own" data-testid="tab-own">
            {t('collections.tabs.own')}
            {list.data ? ` (${tabs.own.length})` : ''}
          </Tabs.Tab>
          <Tabs.Tab value="collaboration" data-testid="tab-collaboration">
            {t('collections.tabs.collaboration')}
            {list.data ? ` (${tabs.collaboration.length})` : ''}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={tab} pt="md">
          {body}
        </Tabs.Panel>
      </Tabs>
      {creating && (
        <Suspense fallback={null}>
          <CollectionDialog
            opened
            onClose={() => setCreating(false)}
            // a new collection is where its first memo goes: open it
            onSaved={(saved) => void navigate(`/collections/${saved.id}`)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
