import { Badge, Card, Checkbox, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconNotes, IconUser } from '@tabler/icons-react';
import type { Collection } from '@memoria/domain';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { CollectionAvatar } from './collection-avatar';
import { CollectionMenu } from './collection-menu';
import { FavouriteToggle } from './favourite-toggle';
import classes from './collections.module.css';
import { TypeLabel } from './type-meta';

export interface CollectionCardProps {
  collection: Collection;
  /** on public routes the card links to /p and has no menu */
  publicRoute?: boolean;
  /** selectable mode (the save-in-collection picker): a checkbox instead of link and menu */
  selectable?: boolean;
  selected?: boolean;
  onToggle?: (collection: Collection) => void;
}

function CardBody({ collection, title }: { collection: Collection; title: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <CollectionAvatar collection={collection} />
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        {title}
        <TypeLabel collection={collection} />
        <Group gap="xs" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <IconNotes size={14} aria-hidden />
            <Text size="xs" c="dimmed" data-testid="collection-memos-count">
              {t('collections.card.memos', { count: collection.memos_count })}
            </Text>
          </Group>
          {collection.is_collaboration && collection.isOwner && (
            <Badge
              size="sm"
              variant="dot"
              tt="none"
              color="teal"
              data-testid="collection-collaborative"
            >
              {t('collections.types.collaboration')}
            </Badge>
          )}
          {collection.group_name && (
            <Badge size="sm" variant="light" radius="sm" tt="none" data-testid="collection-group">
              {collection.group_name}
            </Badge>
          )}
        </Group>
        {!collection.isOwner && (
          <Group gap={4} wrap="nowrap" data-testid="collection-author">
            <IconUser size={14} aria-hidden />
            <Text size="xs" c="dimmed" truncate>
              {t('collections.card.by', { name: collection.author.name })}
            </Text>
          </Group>
        )}
      </Stack>
    </Group>
  );
}

/**
 * A collection card (docs/SCREENS.md, Lists and forms): picture, name, audience, memo count, group,
 * author.
 */
export function CollectionCard({
  collection,
  publicRoute = false,
  selectable = false,
  selected = false,
  onToggle,
}: CollectionCardProps) {
  const name = (
    <Text fw={600} lineClamp={2} style={{ wordBreak: 'break-word' }}>
      {collection.name}
    </Text>
  );

  if (selectable) {
    return (
      <UnstyledButton
        onClick={() => onToggle?.(collection)}
        role="checkbox"
        aria-checked={selected}
        w="100%"
        h="100%"
        data-testid={`collection-option-${collection.id}`}
      >
        <Card
          withBorder
          padding="sm"
          className={`${classes.card} ${selected ? classes.selected : ''}`}
        >
          <Group wrap="nowrap" align="flex-start" gap="xs">
            <div style={{ flex: 1, minWidth: 0 }}>
              <CardBody collection={collection} title={name} />
            </div>
            <Checkbox
              checked={selected}
              readOnly
              tabIndex={-1}
              aria-hidden
              styles={{ input: { cursor: 'pointer' } }}
            />
          </Group>
        </Card>
      </UnstyledButton>
    );
  }

  const to = publicRoute ? `/p/collections/${collection.id}` : `/collections/${collection.id}`;
  return (
    <Card
      withBorder
      padding="sm"
      className={classes.card}
      data-testid={`collection-card-${collection.id}`}
    >
      <Group wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ flex: 1, minWidth: 0 }}>
          <CardBody
            collection={collection}
            title={
              <Link to={to} className={classes.cardLink}>
                {name}
              </Link>
            }
          />
        </div>
        {!publicRoute && (
          <Group gap={0} wrap="nowrap" className={classes.cardAction}>
            <FavouriteToggle collection={collection} />
            <CollectionMenu collection={collection} />
          </Group>
        )}
      </Group>
    </Card>
  );
}
