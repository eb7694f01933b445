import { ActionIcon, Button, Group, Menu, Modal, Text } from '@mantine/core';
import {
  IconBellOff,
  IconBell,
  IconCopy,
  IconDots,
  IconLink,
  IconPencil,
  IconPin,
  IconPinnedOff,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation, type TranslationKey } from '../../i18n';
import type { MemoAction, MemoMenuPopupProps } from './memo-menu-actions';
import { useMemoActions } from './use-memo-actions';

const ENTRIES: Record<MemoAction, { label: TranslationKey; icon: ReactNode }> = {
  edit: { label: 'memos.actions.edit', icon: <IconPencil size={16} /> },
  pin: { label: 'memos.actions.pin', icon: <IconPin size={16} /> },
  unpin: { label: 'memos.actions.unpin', icon: <IconPinnedOff size={16} /> },
  copy: { label: 'memos.actions.copy', icon: <IconCopy size={16} /> },
  mute: { label: 'memos.actions.mute', icon: <IconBellOff size={16} /> },
  unmute: { label: 'memos.actions.unmute', icon: <IconBell size={16} /> },
  secretLink: { label: 'memos.actions.secretLink', icon: <IconLink size={16} /> },
  pushAudience: { label: 'memos.actions.pushAudience', icon: <IconSend size={16} /> },
  delete: { label: 'memos.actions.delete', icon: <IconTrash size={16} /> },
};

/** The memo menu once loaded: its entries and the delete confirmation. */
export function MemoMenuPopup({
  memo,
  actions,
  collectionId,
  initiallyOpened = false,
  takeFocus = false,
  onDeleted,
}: MemoMenuPopupProps) {
  const { t } = useTranslation();
  const trigger = useRef<HTMLButtonElement>(null);
  // The lazy swap replaced a focused trigger: keep the keyboard user's place.
  useEffect(() => {
    if (takeFocus) trigger.current?.focus();
  }, [takeFocus]);
  const [opened, setOpened] = useState(initiallyOpened);
  const [confirming, setConfirming] = useState(false);
  const { run, runDelete, deleting } = useMemoActions(memo, collectionId);

  return (
    <>
      <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon
            ref={trigger}
            variant="subtle"
            color="gray"
            aria-label={t('memos.card.actions', { title: memo.title })}
            data-testid="memo-menu"
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown data-testid="memo-menu-dropdown">
          {actions.map((action) => (
            <Menu.Item
              key={action}
              leftSection={ENTRIES[action].icon}
              color={action === 'delete' ? 'red' : undefined}
              onClick={() => (action === 'delete' ? setConfirming(true) : run(action))}
              data-testid={`memo-action-${action}`}
            >
              {t(ENTRIES[action].label)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={confirming}
        onClose={() => !deleting && setConfirming(false)}
        title={t('memos.actions.deleteTitle')}
        centered
      >
        <Text mb="lg" style={{ overflowWrap: 'anywhere' }}>
          {t('memos.actions.deleteText', { title: memo.title })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={deleting}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={deleting}
            onClick={() =>
              runDelete(() => {
                setConfirming(false);
                onDeleted?.();
              })
            }
            data-testid="memo-delete-confirm"
          >
            {t('memos.actions.delete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
