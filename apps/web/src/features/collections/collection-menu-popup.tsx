import { ActionIcon, Menu } from '@mantine/core';
import {
  IconBell,
  IconBellOff,
  IconDotsVertical,
  IconLink,
  IconMessageCircle,
  IconMessageOff,
  IconPencil,
  IconTrash,
  IconVolume,
  IconVolume3,
} from '@tabler/icons-react';
import type { Collection } from '@memoria/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { showApiError, showSuccess } from '../../ui/toasts';
import { CollectionDialog } from './collection-dialog';
import { ConfirmDialog } from './confirm-dialog';
import {
  useDeleteCollection,
  useMuteCollection,
  useWatchComments,
  useWatchContent,
} from './queries';
import { SecretLinkModal } from './secret-link-modal';

type Open = 'edit' | 'link' | 'delete' | null;

export interface CollectionMenuProps {
  collection: Collection;
  onDeleted?: () => void;
  variant?: 'subtle' | 'default';
}

export interface CollectionMenuPopupProps extends CollectionMenuProps {
  /** the trigger was pressed before this chunk had loaded */
  initiallyOpened?: boolean;
  /** the trigger had the focus before this chunk had loaded */
  takeFocus?: boolean;
}

/**
 * A collection's context menu once loaded (collection-menu.tsx loads it on the first hover,
 * focus or press): the owner edits, shares the secret link and deletes; everyone who sees it
 * mutes it and watches its content or comments.
 */
export function CollectionMenuPopup({
  collection,
  onDeleted,
  variant = 'subtle',
  initiallyOpened = false,
  takeFocus = false,
}: CollectionMenuPopupProps) {
  const { t } = useTranslation();
  const trigger = useRef<HTMLButtonElement>(null);
  // The lazy swap replaced a focused trigger: keep the keyboard user's place.
  useEffect(() => {
    if (takeFocus) trigger.current?.focus();
  }, [takeFocus]);
  const [menuOpened, setMenuOpened] = useState(initiallyOpened);
  const [open, setOpen] = useState<Open>(null);
  const mute = useMuteCollection();
  const watchContent = useWatchContent();
  const watchComments = useWatchComments();
  const remove = useDeleteCollection();
  const close = () => setOpen(null);

  const toggleMute = () =>
    mute.mutate(collection, {
      onSuccess: (patch) =>
        showSuccess(
          patch.is_muted ? t('collections.menu.mutedToast') : t('collections.menu.unmutedToast'),
        ),
      onError: showApiError,
    });
  const toggleContent = () =>
    watchContent.mutate(collection, {
      onSuccess: (on) =>
        showSuccess(
          on ? t('collections.menu.watchingContent') : t('collections.menu.notWatchingContent'),
        ),
      onError: showApiError,
    });
  const toggleComments = () =>
    watchComments.mutate(collection, {
      onSuccess: (on) =>
        showSuccess(
          on ? t('collections.menu.watchingComments') : t('collections.menu.notWatchingComments'),
        ),
      onError: showApiError,
    });
  const confirmDelete = () =>
    remove.mutate(collection.id, {
      onSuccess: () => {
        close();
        showSuccess(t('collections.delete.done', { name: collection.name }));
        onDeleted?.();
      },
      onError: showApiError,
    });

  return (
    <>
      <Menu
        opened={menuOpened}
        onChange={setMenuOpened}
        position="bottom-end"
        withinPortal
        shadow="md"
      >
        <Menu.Target>
          <ActionIcon
            ref={trigger}
            variant={variant}
            color="gray"
            size="lg"
            aria-label={t('collections.menu.label', { name: collection.name })}
            data-testid={`collection-menu-${collection.id}`}
          >
            <IconDotsVertical size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {collection.isOwner && (
            <>
              <Menu.Item
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setOpen('edit')}
                data-testid="collection-menu-edit"
              >
                {t('collections.menu.edit')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconLink size={16} aria-hidden />}
                onClick={() => setOpen('link')}
                data-testid="collection-menu-link"
              >
                {t('collections.menu.secretLink')}
              </Menu.Item>
            </>
          )}
          <Menu.Item
            leftSection={
              collection.is_muted ? (
                <IconVolume size={16} aria-hidden />
              ) : (
                <IconVolume3 size={16} aria-hidden />
              )
            }
            onClick={toggleMute}
            data-testid="collection-menu-mute"
          >
            {collection.is_muted ? t('collections.menu.unmute') : t('collections.menu.mute')}
          </Menu.Item>
          <Menu.Item
            leftSection={
              collection.content_watching_notify_me ? (
                <IconBellOff size={16} aria-hidden />
              ) : (
                <IconBell size={16} aria-hidden />
              )
            }
            onClick={toggleContent}
            data-testid="collection-menu-watch-content"
          >
            {collection.content_watching_notify_me
              ? t('collections.menu.unwatchContent')
              : t('collections.menu.watchContent')}
          </Menu.Item>
          <Menu.Item
            leftSection={
              collection.notify_me ? (
                <IconMessageOff size={16} aria-hidden />
              ) : (
                <IconMessageCircle size={16} aria-hidden />
              )
            }
            onClick={toggleComments}
            data-testid="collection-menu-watch-comments"
          >
            {collection.notify_me
              ? t('collections.menu.unwatchComments')
              : t('collections.menu.watchComments')}
          </Menu.Item>
          {collection.isOwner && (
            <>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setOpen('delete')}
                data-testid="collection-menu-delete"
              >
                {t('collections.menu.delete')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {open === 'edit' && <CollectionDialog opened collection={collection} onClose={close} />}
      {collection.isOwner && (
        <SecretLinkModal collection={collection} opened={open === 'link'} onClose={close} />
      )}
      <ConfirmDialog
        opened={open === 'delete'}
        title={t('collections.delete.title')}
        confirmLabel={t('collections.delete.confirm')}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={close}
        testId="collection-delete"
      >
        {t('collections.delete.text', { name: collection.name })}
      </ConfirmDialog>
    </>
  );
}
