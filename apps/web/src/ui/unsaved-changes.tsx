import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n';

/**
 * Leaving with unsaved changes (docs/DOMAIN.md, States: "Unsaved changes"): the app asks to save or
 * to continue without saving, and the browser's own leave warning (reload, close the tab)
 * is armed once while there are changes.
 */
export function useBeforeUnloadWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn, { once: true });
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

export interface LeaveGuard {
  /** Leave at once when nothing changed; otherwise ask first. */
  requestLeave: (leave: () => void) => void;
  dialog: {
    opened: boolean;
    onSave: () => void;
    onDiscard: () => void;
    onCancel: () => void;
    saving: boolean;
  };
}

/**
 * `save` resolves true when the changes were saved (then the pending leave goes on) and
 * false when they were not (validation or a server error: the user stays in the form).
 */
export function useLeaveGuard(dirty: boolean, save: () => Promise<boolean>): LeaveGuard {
  useBeforeUnloadWarning(dirty);
  const pending = useRef<(() => void) | null>(null);
  const [opened, setOpened] = useState(false);
  const [saving, setSaving] = useState(false);

  const requestLeave = useCallback(
    (leave: () => void) => {
      if (!dirty) {
        leave();
        return;
      }
      pending.current = leave;
      // Open after the current event: an Escape that asked to leave must not also reach the
      // dialog it opens (dialogs listen for Escape on the window) and close it again.
      window.setTimeout(() => setOpened(true), 0);
    },
    [dirty],
  );

  const finish = () => {
    setOpened(false);
    const leave = pending.current;
    pending.current = null;
    leave?.();
  };

  return {
    requestLeave,
    dialog: {
      opened,
      saving,
      onSave: () => {
        setSaving(true);
        save().then(
          (saved) => {
            setSaving(false);
            if (saved) finish();
            else setOpened(false);
          },
          () => {
            setSaving(false);
            setOpened(false);
          },
        );
      },
      onDiscard: finish,
      onCancel: () => {
        pending.current = null;
        setOpened(false);
      },
    },
  };
}

/** The dialog itself: Escape or the close button keeps editing. */
export function UnsavedChangesDialog({
  opened,
  onSave,
  onDiscard,
  onCancel,
  saving,
}: LeaveGuard['dialog']) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('memos.unsaved.title')}
      centered
      zIndex={400}
      data-testid="unsaved-dialog"
    >
      <Text mb="lg">{t('memos.unsaved.text')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDiscard} data-testid="unsaved-discard">
          {t('memos.unsaved.discard')}
        </Button>
        <Button onClick={onSave} loading={saving} data-testid="unsaved-save" data-autofocus>
          {t('memos.unsaved.save')}
        </Button>
      </Group>
    </Modal>
  );
}
