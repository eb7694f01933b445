import { ActionIcon } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { IconDots } from '@tabler/icons-react';
import type { MemoComment } from '@memoria/domain';
import type { RefObject } from 'react';
import { useTranslation } from '../../i18n';
import { popupLoader, useLazyPopup } from '../../ui/lazy-popup';
import type { CommentMenuPopupProps } from './comment-menu-popup';

const loadPopup = popupLoader<CommentMenuPopupProps>(() =>
  import('./comment-menu-popup').then((m) => m.CommentMenuPopup),
);

export interface CommentMenuProps {
  comment: MemoComment;
  /** the ids of the author and the text: every menu button says "Actions for this comment" */
  describedBy: string;
  /** the button, which takes the focus back when an edit closes or a deletion is confirmed */
  buttonRef: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * A comment's actions (edit, delete). Only the button is drawn with the comments; the menu
 * (Mantine Menu and Floating UI) loads on the first hover, focus or press, so a memo's page
 * does not fetch it after its first paint (docs/PERFORMANCE.md, Lighthouse, twelfth round).
 */
export function CommentMenu(props: CommentMenuProps) {
  const { t } = useTranslation();
  const { loaded, triggerProps } = useLazyPopup(loadPopup, 'comment menu');
  const ref = useMergedRef(triggerProps.ref, props.buttonRef);
  if (loaded) {
    return <loaded.Popup {...props} initiallyOpened={loaded.opened} takeFocus={loaded.focus} />;
  }
  return (
    <ActionIcon
      {...triggerProps}
      ref={ref}
      variant="subtle"
      color="gray"
      aria-label={t('engagement.comments.actions')}
      aria-describedby={props.describedBy}
      data-testid="comment-menu"
    >
      <IconDots size={16} />
    </ActionIcon>
  );
}
