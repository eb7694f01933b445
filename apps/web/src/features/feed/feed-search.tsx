import { CloseButton, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { TIMINGS } from '@memoria/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { DefaultEmpty } from '../memos/memo-list';
import { FeedList } from './feed-list';

/** /feed/search: a modal searching within the feed (`search`, debounced 500 ms). */
export function FeedSearch({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const apply = useDebouncedCallback(
    (value: string) => setSearch(value.trim()),
    TIMINGS.searchDebounceMs,
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('feed.feed.searchTitle')}
      size="lg"
      data-testid="feed-search"
    >
      <Stack gap="md">
        <TextInput
          type="search"
          data-autofocus
          aria-label={t('feed.feed.searchLabel')}
          placeholder={t('feed.feed.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            apply(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') apply.flush();
          }}
          rightSection={
            typed ? (
              <CloseButton
                size="sm"
                aria-label={t('memos.home.clearSearch')}
                onClick={() => {
                  setTyped('');
                  apply('');
                  apply.flush();
                }}
              />
            ) : null
          }
          data-testid="feed-search-input"
        />
        {search ? (
          <FeedList
            search={search}
            label={t('feed.feed.label')}
            overText={t('feed.feed.over')}
            testId="feed-search-results"
            empty={<DefaultEmpty title={t('feed.feed.noResults', { search })} />}
          />
        ) : (
          <Text c="dimmed" size="sm">
            {t('feed.feed.searchHint')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
