import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { TRANSFER } from '@memoria/domain';
import { useTranslation } from '../../i18n';
import { isApiError } from '../../api/errors';
import { mailTransferLink } from './api';

/** Addresses as typed: one per line, or separated by commas, semicolons or spaces. */
export function parseRecipients(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Mailing the link from our server (docs/notes/file-transfer.md, Mailing the link). The
 * link holds the key, so the form says plainly, before anything is sent, that the server
 * then sees it once; nothing leaves the page until the sender presses the button.
 */
export function MailLink({
  id,
  link,
  hasPassword,
}: {
  id: string;
  link: string;
  hasPassword: boolean;
}) {
  const { t } = useTranslation();
  const [addresses, setAddresses] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<{ sent: number; left: number }>();
  const recipients = parseRecipients(addresses);
  const tooMany = recipients.length > TRANSFER.recipientsMax;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await mailTransferLink(id, link, recipients, message);
      setDone({ sent: answer.sent, left: answer.recipients_left });
      setAddresses('');
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : t('transfer.mailForm.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="transfer-mail-title"
      data-testid="transfer-mail"
    >
      <Title order={3} size="h4" id="transfer-mail-title">
        {t('transfer.mailForm.title')}
      </Title>
      <Alert color="blue" variant="light" role="note" data-testid="transfer-mail-notice">
        <Text size="sm">{t('transfer.mailForm.notice')}</Text>
        <Text size="sm">
          {hasPassword ? t('transfer.mailForm.withPassword') : t('transfer.mailForm.noPassword')}
        </Text>
      </Alert>
      <Textarea
        label={t('transfer.mailForm.recipients', { count: TRANSFER.recipientsMax })}
        description={t('transfer.mailForm.recipientsHint')}
        value={addresses}
        onChange={(event) => setAddresses(event.currentTarget.value)}
        autosize
        minRows={2}
        error={tooMany ? t('transfer.mailForm.tooMany', { count: TRANSFER.recipientsMax }) : null}
      />
      <Textarea
        label={t('transfer.mailForm.message')}
        value={message}
        maxLength={TRANSFER.mailMessageMax}
        onChange={(event) => setMessage(event.currentTarget.value)}
        autosize
        minRows={2}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {done && (
        <Text size="sm" role="status" data-testid="transfer-mailed">
          {t('transfer.mailForm.sent', { count: done.sent, left: done.left })}
        </Text>
      )}
      <Button
        type="submit"
        variant="light"
        leftSection={<IconMail size={16} />}
        loading={busy}
        disabled={recipients.length === 0 || tooMany}
        w="fit-content"
      >
        {t('transfer.mailForm.send')}
      </Button>
    </Stack>
  );
}
