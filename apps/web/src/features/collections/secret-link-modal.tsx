import { Button, CopyButton, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { TIMINGS, type Collection } from '@memoria/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { QueryErrorView } from '../../ui/query-error';
import { showSuccess } from '../../ui/toasts';
import { useSecretLink } from './queries';

/**
 * The collection's secret link (GET /api/collection/{id}/secret-link): whoever holds it may
 * read the collection. A new link invalidates the old one.
 */
export function SecretLinkModal({
  collection,
  opened,
  onClose,
}: {
  collection: Collection;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const secretLink = useSecretLink();
  const [link, setLink] = useState<string | null>(null);
  const { mutate } = secretLink;

  useEffect(() => {
    if (!opened) return;
    setLink(null);
    mutate(
      { id: collection.id, refresh: false },
      { onSuccess: (answer) => setLink(answer.secret_link) },
    );
  }, [opened, collection.id, mutate]);

  const refresh = () =>
    secretLink.mutate(
      { id: collection.id, refresh: true },
      {
        onSuccess: (answer) => {
          setLink(answer.secret_link);
          showSuccess(t('collections.secretLink.refreshed'));
        },
      },
    );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('collections.secretLink.title')}
      centered
      data-testid="secret-link-modal"
    >
      <Stack gap="md">
        <Text size="sm">{t('collections.secretLink.text')}</Text>
        {secretLink.isError && <QueryErrorView error={secretLink.error} />}
        {link === null && secretLink.isPending && (
          <Loader size="sm" aria-label={t('app.loading')} />
        )}
        {link !== null && (
          <>
            <TextInput
              value={link}
              readOnly
              label={t('collections.secretLink.label')}
              onFocus={(event) => event.currentTarget.select()}
              data-testid="secret-link-value"
            />
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Button
                variant="subtle"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={refresh}
                loading={secretLink.isPending}
                data-testid="secret-link-refresh"
              >
                {t('collections.secretLink.refresh')}
              </Button>
              <CopyButton value={link} timeout={TIMINGS.copiedStateMs}>
                {({ copied, copy }) => (
                  <Button
                    leftSection={
                      copied ? (
                        <IconCheck size={16} aria-hidden />
                      ) : (
                        <IconCopy size={16} aria-hidden />
                      )
                    }
                    onClick={copy}
                    data-testid="secret-link-copy"
                  >
                    {copied ? t('common.copied') : t('common.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              {t('collections.secretLink.refreshHint')}
            </Text>
          </>
        )}
      </Stack>
    </Modal>
  );
}
