import { Group, Text } from '@mantine/core';
import {
  IconLink,
  IconLock,
  IconRosetteDiscountCheck,
  IconUserCheck,
  IconUsers,
  IconUsersGroup,
  IconUsersPlus,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import type { Collection, CollectionType } from '@memoria/domain';
import { useTranslation } from '../../i18n';

/** The icon of each audience (docs/DOMAIN.md, Entities: Collection type). */
export const TYPE_ICONS: Record<CollectionType, Icon> = {
  private: IconLock,
  selected_contacts: IconUserCheck,
  identified_contacts: IconRosetteDiscountCheck,
  all_contacts: IconUsers,
  all_contacts_followers: IconUsersPlus,
  public: IconWorld,
};

/**
 * A collection's audience as icon and label. Non-owners read an empty type (the audience
 * is the owner's business); they see "shared with you" or, when they may add, collaboration.
 */
export function TypeLabel({
  collection,
  size = 'sm',
  visitor,
}: {
  collection: Collection;
  size?: string;
  /** a visitor reads a public collection, or one shared by its secret link */
  visitor?: 'public' | 'secretLink';
}) {
  const { t } = useTranslation();
  let TypeIcon: Icon = IconUsersGroup;
  let label: string;
  if (visitor === 'public') {
    TypeIcon = IconWorld;
    label = t('collections.types.public');
  } else if (visitor === 'secretLink') {
    TypeIcon = IconLink;
    label = t('collections.types.secretLink');
  } else if (collection.type !== '') {
    TypeIcon = TYPE_ICONS[collection.type];
    label = t(`collections.types.${collection.type}`);
  } else {
    label = collection.is_collaboration
      ? t('collections.types.collaboration')
      : t('collections.types.shared');
  }
  return (
    <Group gap={6} wrap="nowrap" data-testid="collection-type">
      <TypeIcon size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text size={size} c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
    </Group>
  );
}
