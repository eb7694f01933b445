import {
  ActionIcon,
  Anchor,
  Card,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconFileText, IconReplace, IconTrash } from '@tabler/icons-react';
import { acceptAttribute } from '@memoria/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { showApiError, showError, showSuccess } from '../../ui/toasts';
import type { CollectionAccess } from '../collections/queries';
import { memoIdOf, sizeText } from './document-text';
import { DocumentVersions } from './document-versions';
import { useRemoveDocument, useReplaceDocument, type CollectionDocument } from './queries';
import { RemoveDocumentDialog } from './remove-document-dialog';
import { checkFile } from './upload';

/**
 * One document: download, and where the server allows it a new version (with its upload
 * progress) and delete; its kept versions below.
 */
export function DocumentRow({
  document,
  access,
}: {
  document: CollectionDocument;
  access: CollectionAccess;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const replace = useReplaceDocument(document.id, setProgress);
  const remove = useRemoveDocument(document.id);
  const href = document.secure_url ?? document.content_url;
  const name = document.file_name;
  const meta = t('media.documents.meta', {
    size: sizeText(document.size),
    date: formatDate(document.created_at, currentLocale()),
  });

  const chooseNewVersion = (file: File | null) => {
    if (!file) return;
    const check = checkFile(file, 'memo', ['document']);
    if (!('kind' in check)) {
      showError(
        check.code === 'invalidFileType'
          ? t('media.upload.invalidFileType')
          : t('media.upload.maxFileSize', { limit: check.limit }),
      );
      return;
    }
    replace.mutate(file, {
      onSuccess: () => showSuccess(t('media.documents.replaced')),
      onError: showApiError,
      onSettled: () => setProgress(null),
    });
  };
  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        showSuccess(t('media.documents.removed'));
      },
      onError: showApiError,
    });

  return (
    <Card withBorder padding="sm" role="listitem" data-testid="collection-document">
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <IconFileText size={24} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Anchor href={href} download={name} fw={600} style={{ wordBreak: 'break-word' }}>
            {name}
          </Anchor>
          {document.description && <Text size="sm">{document.description}</Text>}
          <Text size="xs" c="dimmed">
            {meta} ·{' '}
            <Anchor component={Link} to={`/memo/${memoIdOf(document.memo)}`} inherit>
              {document.memo_title}
            </Anchor>
          </Text>
          {progress !== null && (
            <Progress
              value={progress * 100}
              size="sm"
              aria-label={t('media.upload.progress', { name })}
            />
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('media.view.download', { name })}>
            <ActionIcon
              component="a"
              href={href}
              download={name}
              variant="subtle"
              aria-label={t('media.view.download', { name })}
            >
              <IconDownload size={18} />
            </ActionIcon>
          </Tooltip>
          {document.can_replace && (
            <FileButton onChange={chooseNewVersion} accept={acceptAttribute('document')}>
              {(props) => (
                <Tooltip label={t('media.documents.replace', { name })}>
                  <ActionIcon
                    {...props}
                    variant="subtle"
                    loading={replace.isPending}
                    aria-label={t('media.documents.replace', { name })}
                    data-testid="document-replace"
                  >
                    <IconReplace size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </FileButton>
          )}
          {document.can_delete && (
            <Tooltip label={t('media.documents.remove', { name })}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => setConfirming(true)}
                aria-label={t('media.documents.remove', { name })}
                data-testid="document-delete"
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {document.has_versions && <DocumentVersions document={document} access={access} />}
      <RemoveDocumentDialog
        opened={confirming}
        fileName={name}
        removing={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
