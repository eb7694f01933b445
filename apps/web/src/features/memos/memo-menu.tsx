import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { Memo } from '@memoria/domain';
import { useTranslation } from '../../i18n';
import { useProfile } from '../profile/queries';
import { popupLoader, useLazyPopup } from '../../ui/lazy-popup';
import { availableActions, type MemoMenuPopupProps } from './memo-menu-actions';

const loadPopup = popupLoader<MemoMenuPopupProps>(() =>
  import('./memo-menu-popup').then((m) => m.MemoMenuPopup),
);

/**
 * A memo's context menu. Only the trigger is on the first screen; the menu itself (Mantine
 * Menu, Floating UI, the actions) loads on the first hover, focus or click.
 */
export function MemoMenu({
  memo,
  collectionId,
  onDeleted,
}: {
  memo: Memo;
  collectionId?: string;
  /** after a deletion (the memo page goes back to the list) */
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const viewer = useProfile().data;
  const { loaded, triggerProps } = useLazyPopup(loadPopup, 'memo menu');
  const actions = availableActions(memo, viewer?.id);
  if (actions.length === 0) return null;

  if (loaded) {
    return (
      <loaded.Popup
        memo={memo}
        actions={actions}
        collectionId={collectionId}
        initiallyOpened={loaded.opened}
        takeFocus={loaded.focus}
        onDeleted={onDeleted}
      />
    );
  }
  return (
    <ActionIcon
      {...triggerProps}
      variant="subtle"
      color="gray"
      aria-label={t('memos.card.actions', { title: memo.title })}
      data-testid="memo-menu"
    >
      <IconDots size={18} />
    </ActionIcon>
  );
}
