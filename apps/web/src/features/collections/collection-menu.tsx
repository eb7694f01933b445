import { ActionIcon } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { useTranslation } from '../../i18n';
import { popupLoader, useLazyPopup } from '../../ui/lazy-popup';
import type { CollectionMenuPopupProps, CollectionMenuProps } from './collection-menu-popup';

const loadPopup = popupLoader<CollectionMenuPopupProps>(() =>
  import('./collection-menu-popup').then((m) => m.CollectionMenuPopup),
);

/**
 * A collection's context menu (docs/SCREENS.md, Lists and forms). Only the trigger is on the
 * first screen; the menu with its dialogs (edit form, secret link, delete confirmation: Menu,
 * Modal, MultiSelect, Floating UI) loads on the first hover, focus or press: the collections
 * page has one per card.
 */
export function CollectionMenu(props: CollectionMenuProps) {
  const { collection, variant = 'subtle' } = props;
  const { t } = useTranslation();
  const { loaded, triggerProps } = useLazyPopup(loadPopup, 'collection menu');
  if (loaded) {
    return <loaded.Popup {...props} initiallyOpened={loaded.opened} takeFocus={loaded.focus} />;
  }
  return (
    <ActionIcon
      {...triggerProps}
      variant={variant}
      color="gray"
      size="lg"
      aria-label={t('collections.menu.label', { name: collection.name })}
      data-testid={`collection-menu-${collection.id}`}
    >
      <IconDotsVertical size={18} aria-hidden />
    </ActionIcon>
  );
}
