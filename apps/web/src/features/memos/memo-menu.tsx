import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { Memo } from '@memoria/domain';
import { useRef, useState, type ComponentType } from 'react';
import { useTranslation } from '../../i18n';
import { useProfile } from '../profile/queries';
import { loadChunk } from '../../ui/lazy-page';
import { availableActions, type MemoMenuPopupProps } from './memo-menu-actions';

type Popup = ComponentType<MemoMenuPopupProps>;
let popupChunk: Promise<Popup> | undefined;

function loadPopup(onFailure: 'retry-later' | 'reload'): Promise<Popup> {
  const importer = () => import('./memo-menu-popup').then((m) => m.MemoMenuPopup);
  popupChunk ??= (onFailure === 'reload' ? loadChunk(importer) : importer()).catch(
    (error: unknown) => {
      popupChunk = undefined;
      throw error;
    },
  );
  return popupChunk;
}

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
  const [loaded, setLoaded] = useState<{ Popup: Popup; opened: boolean; focus: boolean }>();
  const wantsOpen = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const actions = availableActions(memo, viewer?.id);
  if (actions.length === 0) return null;

  const load = (onFailure: 'retry-later' | 'reload') => {
    loadPopup(onFailure).then(
      (Popup) =>
        setLoaded(
          (current) =>
            current ?? {
              Popup,
              opened: wantsOpen.current,
              focus: document.activeElement === trigger.current,
            },
        ),
      (error: unknown) => {
        if (onFailure === 'reload') console.error('the memo menu could not be loaded', error);
      },
    );
  };

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
      ref={trigger}
      variant="subtle"
      color="gray"
      aria-label={t('memos.card.actions', { title: memo.title })}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => load('retry-later')}
      onFocus={() => load('retry-later')}
      onClick={() => {
        wantsOpen.current = true;
        load('reload');
      }}
      data-testid="memo-menu"
    >
      <IconDots size={18} />
    </ActionIcon>
  );
}
