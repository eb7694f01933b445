import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { myTransfers } from './api';

const POLL_MS = 1500;

/**
 * A collection transfer after its upload: a durable job makes the memo (docs/notes/
 * file-transfer.md, Sending into a collection), so the page follows the transfer in the
 * sender's list until it is filed (a link to the memo) or failed (why, from the server).
 * The newest transfer is on the list's first page.
 */
export function FilingStatus({
  id,
  collection,
  onAnother,
  onSettled,
}: {
  id: string;
  collection: string;
  onAnother: () => void;
  onSettled: () => void;
}) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: ['transfer', 'filing', id],
    queryFn: () => myTransfers(1),
    refetchInterval: (query) => {
      const item = query.state.data?.items.find((entry) => entry.id === id);
      return item && item.status !== 'filing' ? false : POLL_MS;
    },
  });
  const item = list.data?.items.find((entry) => entry.id === id);
  const settled = item !== undefined && item.status !== 'filing';
  // once: the parent's callback is a new function on every render
  const told = useRef(false);
  useEffect(() => {
    if (settled && !told.current) {
      told.current = true;
      onSettled();
    }
  }, [settled, onSettled]);

  return (
    <Stack gap="sm" data-testid="transfer-filed" aria-live="polite">
      {(!item || item.status === 'filing') && (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text>{t('transfer.collection.filing', { name: collection })}</Text>
        </Group>
      )}
      {item?.status === 'filed' && (
        <Title order={2} size="h3">
          {t('transfer.collection.done', { name: collection })}
        </Title>
      )}
      {item?.status === 'failed' && (
        <Alert color="red" role="alert">
          {item.filing_error ?? t('transfer.collection.failed')}
        </Alert>
      )}
      <Group>
        {item?.status === 'filed' && item.memo && (
          <Button component={Link} to={`/memo/${item.memo.split('/').pop() ?? ''}`}>
            {t('transfer.collection.open')}
          </Button>
        )}
        <Button variant="subtle" onClick={onAnother}>
          {t('transfer.another')}
        </Button>
      </Group>
    </Stack>
  );
}
