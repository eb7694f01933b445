import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRANSFER } from '@memoria/domain';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { showSuccess } from '../../ui/toasts';
import { completeTransfer, deleteTransfer, myTransfers, transferKeys } from './api';
import { formatSize } from './display';

/** The signed-in person's transfers, a page at a time, each deletable before it expires. */
export function MyTransfers({ version }: { version: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const client = useQueryClient();
  const list = useQuery({
    queryKey: [...transferKeys.mine(page), version],
    queryFn: () => myTransfers(page),
    // while a collection transfer is being filed, its state changes on the server
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'filing') ? 3000 : false,
  });
  const remove = useMutation({
    mutationFn: deleteTransfer,
    onSuccess: async () => {
      showSuccess(t('transfer.deleted'));
      await client.invalidateQueries({ queryKey: ['transfer', 'mine'] });
    },
  });
  // a failed collection transfer is queued again (its files are still there)
  const retry = useMutation({
    mutationFn: completeTransfer,
    onSettled: () => client.invalidateQueries({ queryKey: ['transfer', 'mine'] }),
  });
  const items = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / TRANSFER.pageSize));
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-transfers">
      <Title order={2} size="h3" id="my-transfers">
        {t('transfer.mine')}
      </Title>
      {list.isSuccess && items.length === 0 && <Text c="dimmed">{t('transfer.mineEmpty')}</Text>}
      <Stack gap="xs" component="ul" p={0} m={0}>
        {items.map((item) => (
          <Paper key={item.id} withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2}>
                <Text size="sm">{formatDateTime(item.created_at, locale)}</Text>
                <Text size="sm" c="dimmed">
                  {t('transfer.mineRow', {
                    count: item.file_count,
                    size: formatSize(item.total_size, locale),
                    downloads: item.downloads,
                    max: item.max_downloads,
                    date: formatDateTime(item.expires_at, locale),
                  })}
                </Text>
                {item.status === 'uploading' && (
                  <Badge color="yellow" variant="light">
                    {t('transfer.uploading')}
                  </Badge>
                )}
                {item.status === 'filing' && (
                  <Badge color="blue" variant="light">
                    {t('transfer.state.filing')}
                  </Badge>
                )}
                {item.status === 'filed' && (
                  <Group gap="xs">
                    <Badge color="green" variant="light">
                      {t('transfer.state.filed')}
                    </Badge>
                    {item.memo && (
                      <Anchor component={Link} size="sm" to={`/memo/${item.memo.split('/').pop()}`}>
                        {t('transfer.collection.open')}
                      </Anchor>
                    )}
                  </Group>
                )}
                {item.status === 'failed' && (
                  <Stack gap={4}>
                    <Badge color="red" variant="light">
                      {t('transfer.state.failed')}
                    </Badge>
                    <Text size="sm" c="red">
                      {item.filing_error}
                    </Text>
                    <Button
                      variant="light"
                      size="xs"
                      w="fit-content"
                      loading={retry.isPending && retry.variables === item.id}
                      onClick={() => retry.mutate(item.id)}
                    >
                      {t('transfer.state.retry')}
                    </Button>
                  </Stack>
                )}
              </Stack>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                aria-label={t('transfer.deleteLabel', {
                  date: formatDateTime(item.created_at, locale),
                })}
                loading={remove.isPending && remove.variables === item.id}
                onClick={() => remove.mutate(item.id)}
              >
                {t('transfer.delete')}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
      {pages > 1 && (
        <Group>
          <Button
            variant="default"
            size="xs"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('transfer.previous')}
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('transfer.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
