import { Alert, Button, Group, List, Modal, Stack, Textarea } from '@mantine/core';
import { PERSONAL_MESSAGE_MAX } from '@memoria/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../api/errors';
import { useTranslation } from '../../i18n';
import { errorText, showSuccess } from '../../ui/toasts';
import { parseEmailList } from './email-list';
import { invalidateSocial, sendConnectionRequest } from './queries';

interface Failure {
  email: string;
  message: string;
}

/** The violation on personal_message: the receiver wants a message with each request. */
function messageViolation(error: unknown): string | undefined {
  if (!isApiError(error) || error.status !== 422) return undefined;
  const violations = (error.body as { violations?: { propertyPath: string; message: string }[] })
    ?.violations;
  return violations?.find((v) => v.propertyPath === 'personal_message')?.message;
}

/**
 * Invite by email (docs/API.md, Calls: POST /api/connection): several addresses separated by
 * comma, semicolon or newline, an optional personal message that becomes mandatory when a
 * receiver requires it (the server answers 422 on personal_message). Addresses that failed
 * stay in the field with the reason listed.
 */
export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [emails, setEmails] = useState('');
  const [message, setMessage] = useState('');
  const [emailsError, setEmailsError] = useState<string>();
  const [messageError, setMessageError] = useState<string>();
  const [messageRequired, setMessageRequired] = useState(false);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [sending, setSending] = useState(false);
  const parsed = parseEmailList(emails);

  const reset = () => {
    setEmails('');
    setMessage('');
    setEmailsError(undefined);
    setMessageError(undefined);
    setMessageRequired(false);
    setFailures([]);
  };

  const close = () => {
    if (sending) return;
    reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const { valid, invalid } = parseEmailList(emails);
    if (invalid.length > 0) {
      setEmailsError(t('connections.invite.invalidEmails', { emails: invalid.join(', ') }));
      return;
    }
    if (valid.length === 0) {
      setEmailsError(t('connections.invite.emailsRequired'));
      return;
    }
    if (messageRequired && !message.trim()) {
      setMessageError(t('connections.invite.messageRequired'));
      return;
    }
    setSending(true);
    setFailures([]);
    const failed: Failure[] = [];
    let sent = 0;
    let needsMessage: string | undefined;
    for (const email of valid) {
      try {
        await sendConnectionRequest(email, message.trim() || null);
        sent += 1;
      } catch (error) {
        const violation = messageViolation(error);
        if (violation) needsMessage = violation;
        failed.push({ email, message: violation ?? errorText(error) });
      }
    }
    setSending(false);
    if (sent > 0) {
      showSuccess(t('connections.invite.sent', { count: sent }));
      void invalidateSocial(queryClient);
    }
    if (failed.length === 0) {
      reset();
      onClose();
      return;
    }
    setEmails(failed.map((failure) => failure.email).join('\n'));
    setFailures(failed);
    if (needsMessage) {
      setMessageRequired(true);
      setMessageError(needsMessage);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('connections.invite.title')}
      closeOnEscape={!sending}
      closeOnClickOutside={!sending}
      centered
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="invite-dialog">
        <Stack gap="md">
          <Textarea
            label={t('connections.invite.emails')}
            description={
              parsed.valid.length > 0
                ? `${t('connections.invite.emailsHint')} ${t('connections.invite.count', { count: parsed.valid.length })}`
                : t('connections.invite.emailsHint')
            }
            value={emails}
            onChange={(event) => {
              setEmails(event.currentTarget.value);
              setEmailsError(undefined);
            }}
            error={emailsError}
            autosize
            minRows={3}
            maxRows={8}
            required
            data-autofocus
            data-testid="invite-emails"
          />
          <Textarea
            label={t('connections.invite.message')}
            description={messageRequired ? t('connections.invite.messageRequired') : undefined}
            value={message}
            onChange={(event) => {
              setMessage(event.currentTarget.value);
              setMessageError(undefined);
            }}
            error={messageError}
            required={messageRequired}
            maxLength={PERSONAL_MESSAGE_MAX}
            autosize
            minRows={3}
            data-testid="invite-message"
          />
          {failures.length > 0 && (
            <Alert
              color="red"
              title={t('connections.invite.failedTitle')}
              data-testid="invite-failures"
            >
              <List size="sm">
                {failures.map((failure) => (
                  <List.Item key={failure.email}>
                    {failure.email}: {failure.message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={sending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={sending} data-testid="invite-submit">
              {t('connections.invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
