import { Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { QueryErrorView } from '../../ui/query-error';

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
}

/** An empty list: an icon, an optional title and a sentence. */
export function EmptyState({
  icon,
  title,
  text,
  children,
  'data-testid': testId = 'empty-state',
}: {
  icon: ReactNode;
  title?: string;
  text: string;
  children?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Stack align="center" ta="center" py="xl" gap="sm" data-testid={testId}>
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      {title && (
        <Title order={2} size="h4">
          {title}
        </Title>
      )}
      <Text c="dimmed" maw={440}>
        {text}
      </Text>
      {children}
    </Stack>
  );
}

/** The search found nobody in a non-empty list. */
export function NoResults() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<IconSearch size={32} />}
      text={t('connections.noResults')}
      data-testid="no-results"
    />
  );
}

/**
 * Loading, error and "more" states around a list (docs/DOMAIN.md, States: data-fetching lists):
 * children render once the first page is in.
 */
export function ListState({ query, children }: { query: ListQuery; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader size={35} aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (query.isError) {
    return <QueryErrorView error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      {children}
      {query.hasNextPage && (
        <Center mt="md">
          <Button
            variant="light"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage?.()}
          >
            {t('connections.loadMore')}
          </Button>
        </Center>
      )}
    </>
  );
}
