import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';

export interface ConfirmRequest {
  title: string;
  text: string;
  confirmLabel: string;
  /** runs the action; the dialog closes when it resolves and stays open when it throws */
  onConfirm: () => Promise<unknown>;
}

/**
 * The remove/block confirmation (docs/DOMAIN.md, States: Confirmation dialog): Escape and a click
 * on the backdrop close it, except while the action runs; a second confirm while it runs is
 * ignored.
 */
export function ConfirmDialog({
  request,
  onClose,
}: {
  request: ConfirmRequest | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // Opened only from its second render: a Modal mounted open does not note what had the focus,
  // and would not give it back (a dialog loaded on demand mounts with its first request).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const confirm = async () => {
    if (!request || busy) return;
    setBusy(true);
    try {
      await request.onConfirm();
      onClose();
    } catch {
      // The action showed its own error toast; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={mounted && request !== null}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={request?.title}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      centered
      size="sm"
    >
      <Stack gap="lg" data-testid="confirm-dialog">
        <Text size="sm">{request?.text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => void confirm()}
            data-testid="confirm-action"
          >
            {request?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
