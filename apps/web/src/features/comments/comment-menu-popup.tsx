import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import type { CommentMenuProps } from './comment-menu';

export interface CommentMenuPopupProps extends CommentMenuProps {
  /** the trigger was pressed before this chunk had loaded */
  initiallyOpened?: boolean;
  /** the trigger had the focus before this chunk had loaded */
  takeFocus?: boolean;
}

/** A comment's actions once loaded (comment-menu.tsx loads them on the first hover, focus or press). */
export function CommentMenuPopup({
  comment,
  describedBy,
  buttonRef,
  onEdit,
  onDelete,
  initiallyOpened = false,
  takeFocus = false,
}: CommentMenuPopupProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(initiallyOpened);
  // The lazy swap replaced a focused trigger: keep the keyboard user's place.
  useEffect(() => {
    if (takeFocus) buttonRef.current?.focus();
  }, [takeFocus, buttonRef]);

  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <ActionIcon
          ref={buttonRef}
          variant="subtle"
          color="gray"
          aria-label={t('engagement.comments.actions')}
          aria-describedby={describedBy}
          data-testid="comment-menu"
        >
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {comment.can_edit && (
          <Menu.Item
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
            data-testid="comment-edit-action"
          >
            {t('engagement.comments.edit')}
          </Menu.Item>
        )}
        {comment.can_delete && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={onDelete}
            data-testid="comment-delete-action"
          >
            {t('engagement.comments.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
