import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { currentLocale, useTranslation } from '../../i18n';
import { OTHER_GROUP, groupByLetter } from './grouping';

export interface PeopleListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  name: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** group by first letter above the threshold of docs/RULES.md, Limits, pinned items first */
  grouped?: boolean;
  pinned?: (item: T) => boolean;
  /** overrides the grouping threshold (tests) */
  threshold?: number;
  'data-testid'?: string;
}

function Items<T>({
  items,
  itemKey,
  renderItem,
  label,
}: {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  label?: string;
}) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {items.map((item) => (
        <li key={itemKey(item)}>{renderItem(item)}</li>
      ))}
    </Stack>
  );
}

/**
 * A list of people. Active connections (docs/SCREENS.md, Lists and forms): favourites first, then
 * sorted by name, grouped under letter headings above 20 items.
 */
export function PeopleList<T>({
  items,
  itemKey,
  name,
  renderItem,
  grouped = false,
  pinned,
  threshold,
  'data-testid': testId,
}: PeopleListProps<T>) {
  const { t } = useTranslation();
  if (!grouped) {
    return (
      <div data-testid={testId}>
        <Items items={items} itemKey={itemKey} renderItem={renderItem} />
      </div>
    );
  }
  const list = groupByLetter(items, { name, pinned, threshold, locale: currentLocale() });
  return (
    <Stack gap="md" data-testid={testId}>
      {list.pinned.length > 0 && (
        <section data-testid="group-pinned">
          <Title order={2} size="sm" c="dimmed" mb={6}>
            {t('connections.favourites')}
          </Title>
          <Items items={list.pinned} itemKey={itemKey} renderItem={renderItem} />
        </section>
      )}
      {list.groups.map((group) =>
        list.grouped ? (
          <section key={group.letter} data-testid={`group-${group.letter}`}>
            <Title order={2} size="sm" c="dimmed" mb={6}>
              {group.letter === OTHER_GROUP ? t('connections.otherLetter') : group.letter}
            </Title>
            <Items items={group.items} itemKey={itemKey} renderItem={renderItem} />
          </section>
        ) : (
          <div key="all">
            {list.pinned.length > 0 && (
              <Title order={2} size="sm" c="dimmed" mb={6}>
                {t('connections.tabs.active')}
              </Title>
            )}
            <Items items={group.items} itemKey={itemKey} renderItem={renderItem} />
          </div>
        ),
      )}
    </Stack>
  );
}
