import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Collection } from '@memoria/domain';
import { useId, useState, type ReactNode } from 'react';
import { currentLocale, useTranslation } from '../../i18n';
import { CollectionCard } from './collection-card';
import {
  GROUP_ABOVE,
  SEARCH_ABOVE,
  filterByName,
  flatFirstCount,
  groupByAuthor,
} from './list-rules';
import { useViewportMatches } from '../../ui/viewport';

/** The grid's columns by breakpoint: the flat list's first count follows them. */
const COLUMNS = { base: 1, sm: 2, xl: 3 } as const;

export interface CollectionListProps {
  collections: Collection[];
  /** cards link to /p and have no menu */
  publicRoute?: boolean;
  /** shown when there is nothing at all */
  empty?: ReactNode;
}

function Grid({ items, publicRoute }: { items: Collection[]; publicRoute: boolean }) {
  return (
    <SimpleGrid cols={COLUMNS} spacing="sm" role="list">
      {items.map((collection) => (
        <div role="listitem" key={collection.id}>
          <CollectionCard collection={collection} publicRoute={publicRoute} />
        </div>
      ))}
    </SimpleGrid>
  );
}

/**
 * A list of collection cards (docs/SCREENS.md, Lists and forms): a search bar above 15 items;
 * grouped by author above the threshold, otherwise the first few (3 in one column, two rows
 * in more) with "show more / show less".
 */
export function CollectionList({ collections, publicRoute = false, empty }: CollectionListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const first = flatFirstCount(useViewportMatches(COLUMNS));

  const searchable = collections.length > SEARCH_ABOVE;
  const shown = searchable ? filterByName(collections, search) : collections;
  const grouped = shown.length > GROUP_ABOVE;

  if (collections.length === 0) return <>{empty}</>;

  let content: ReactNode;
  if (shown.length === 0) {
    content = (
      <Text c="dimmed" ta="center" py="lg" data-testid="collections-no-match">
        {t('collections.list.noMatch', { search: search.trim() })}
      </Text>
    );
  } else if (grouped) {
    content = (
      <Stack gap="lg" data-testid="collections-grouped">
        {groupByAuthor(shown, currentLocale().replace('_', '-')).map((group) => (
          <section key={group.key} aria-labelledby={`${listId}-${group.key}`}>
            <Title order={2} size="h5" mb="xs" id={`${listId}-${group.key}`}>
              {group.name}
              <Text span c="dimmed" size="sm" ml={6}>
                ({group.items.length})
              </Text>
            </Title>
            <Grid items={group.items} publicRoute={publicRoute} />
          </section>
        ))}
      </Stack>
    );
  } else {
    const more = shown.length > first;
    const visible = expanded ? shown : shown.slice(0, first);
    content = (
      <Stack gap="sm" data-testid="collections-flat">
        <div id={listId}>
          <Grid items={visible} publicRoute={publicRoute} />
        </div>
        {more && (
          <Group justify="center">
            <Button
              variant="subtle"
              onClick={() => setExpanded((value) => !value)}
              aria-expanded={expanded}
              aria-controls={listId}
              data-testid="collections-toggle"
            >
              {expanded
                ? t('collections.list.showLess')
                : t('collections.list.showMore', { count: shown.length - first })}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {searchable && (
        <TextInput
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('collections.list.search')}
          aria-label={t('collections.list.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          data-testid="collections-search"
        />
      )}
      {content}
    </Stack>
  );
}
