import { Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { QueryErrorView } from '../../ui/query-error';
import { useThreadSearch, useThreads } from './queries';
import { ThreadRow } from './thread-row';
import classes from './messenger.module.css';

/** The conversation list with its search (by name, member and message text on the server). */
export function ThreadList({ myId, activeId }: { myId: number; activeId: number | null }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const all = useThreads();
  const found = useThreadSearch(search);
  const query = search ? found : all;
  const threads = query.data ?? [];

  return (
    <Stack gap="xs" p="sm" style={{ flex: 1, minHeight: 0 }}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h3">
          {t('messenger.title')}
        </Title>
        <Button
          component={Link}
          to="/messages/c"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          data-testid="new-thread"
        >
          {t('messenger.list.newThread')}
        </Button>
      </Group>
      <TextInput
        type="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        placeholder={t('messenger.list.search')}
        aria-label={t('messenger.list.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        data-testid="thread-search"
      />
      <nav aria-label={t('messenger.list.heading')} className={classes.scroll}>
        {query.isPending && query.fetchStatus !== 'idle' ? (
          <Group justify="center" p="md">
            <Loader size="sm" />
          </Group>
        ) : query.isError ? (
          <QueryErrorView error={query.error} onRetry={() => void query.refetch()} />
        ) : threads.length === 0 ? (
          <Text c="dimmed" ta="center" p="md" data-testid="threads-empty">
            {search ? t('messenger.list.noResults') : t('messenger.list.empty')}
          </Text>
        ) : (
          <Stack gap={2} data-testid="thread-list">
            {threads.map((thread) => (
              <ThreadRow
                key={thread.id}
                thread={thread}
                myId={myId}
                active={thread.id === activeId}
              />
            ))}
          </Stack>
        )}
      </nav>
    </Stack>
  );
}
