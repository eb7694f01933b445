import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { PERSONAL_MESSAGE_MAX, type PublicProfile } from '@memoria/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { applyViolations } from '../../ui/form-errors';
import { showApiError, showSuccess } from '../../ui/toasts';
import { useDirectRequest } from '../connections/queries';

/**
 * A connection request from a profile (POST /api/connection-direct) with a personal message,
 * mandatory when the person requires one (their hint shows as the field description).
 */
export function ConnectDialog({
  profile,
  opened,
  onClose,
}: {
  profile: PublicProfile;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const request = useDirectRequest();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const required = profile.connection_message_required;

  const close = () => {
    if (request.isPending) return;
    setMessage('');
    setError(undefined);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    if (required && !message.trim()) {
      setError(t('profile.connect.messageRequired'));
      return;
    }
    try {
      await request.mutateAsync({ userId: profile.id, message: message.trim() || null });
      showSuccess(t('connections.toast.requestSent'));
      setMessage('');
      onClose();
    } catch (failure) {
      const form = { setFieldError: (_: string, text: string) => setError(text) };
      if (!applyViolations(form, failure, ['personal_message'])) showApiError(failure);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('profile.connect.title', { name: profile.name })}
      closeOnEscape={!request.isPending}
      closeOnClickOutside={!request.isPending}
      centered
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="connect-dialog">
        <Stack gap="md">
          <Textarea
            label={t('profile.connect.message')}
            description={profile.connection_message_hint ?? undefined}
            value={message}
            onChange={(event) => {
              setMessage(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            required={required}
            maxLength={PERSONAL_MESSAGE_MAX}
            autosize
            minRows={3}
            data-autofocus
            data-testid="connect-message"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={request.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={request.isPending} data-testid="connect-send">
              {t('profile.connect.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
