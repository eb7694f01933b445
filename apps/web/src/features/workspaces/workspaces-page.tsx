import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Workspace } from '@memoria/domain';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { pageWidth } from '../../ui/page-width';
import { QueryErrorView } from '../../ui/query-error';
import { usePageTitle } from '../../ui/use-page-title';
import { plansOfKind } from '../subscriptions/paths';
import { useWorkspaces } from './queries';

function WorkspaceCard({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      component={Link}
      to={`/workspaces/${workspace.id}`}
      data-testid="workspace-card"
      aria-label={workspace.name}
    >
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {workspace.name}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`workspaces.list.${workspace.workspace_type}`)} ·{' '}
            {t('workspaces.list.members', { count: workspace.members_count })}
          </Text>
        </Stack>
        <Badge variant="light" color={workspace.role === 'admin' ? 'blue' : 'gray'}>
          {t(`workspaces.list.${workspace.role}`)}
        </Badge>
      </Group>
    </Card>
  );
}

/** /workspaces: the workspaces and groups I administer or belong to (docs/notes/workspaces.md). */
export function WorkspacesPage() {
  const { t } = useTranslation();
  usePageTitle(t('workspaces.title'));
  const list = useWorkspaces();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md" {...pageWidth('content')} p="md" data-testid="workspaces-page">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('workspaces.list.heading')}
        </Title>
        <Button
          component={Link}
          to={plansOfKind('group', 'workspace')}
          leftSection={<IconPlus size={18} aria-hidden />}
          variant="light"
          data-testid="workspace-create"
        >
          {t('workspaces.list.create')}
        </Button>
      </Group>
      {list.isPending && <Loader aria-label={t('app.loading')} />}
      {list.isError && <QueryErrorView error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && items.length === 0 && (
        <Text c="dimmed" data-testid="workspaces-empty">
          {t('workspaces.list.empty')}
        </Text>
      )}
      <Stack gap="sm">
        {items.map((workspace) => (
          <WorkspaceCard key={workspace.id} workspace={workspace} />
        ))}
      </Stack>
      {list.hasNextPage && (
        <Button variant="subtle" onClick={() => void list.fetchNextPage()}>
          {t('workspaces.detail.more')}
        </Button>
      )}
    </Stack>
  );
}
