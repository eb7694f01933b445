import { Anchor, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { QueryErrorView } from '../../ui/query-error';
import type { CollectionAccess } from '../collections/queries';
import { sizeText } from './document-text';
import { useDocumentVersions, type CollectionDocument } from './queries';

/** A document's kept earlier versions, folded away until asked for (then loaded). */
export function DocumentVersions({
  document,
  access,
}: {
  document: CollectionDocument;
  access: CollectionAccess;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const versions = useDocumentVersions(document.id, access, shown);
  return (
    <Stack gap={4} mt="xs" pl={36}>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconHistory size={14} />}
        onClick={() => setShown((open) => !open)}
        aria-expanded={shown}
        style={{ alignSelf: 'flex-start' }}
        data-testid="document-versions-toggle"
      >
        {t('media.documents.versions', {
          n: versions.data ? versions.data.total : '…',
        })}
      </Button>
      <Collapse expanded={shown}>
        {versions.isError && (
          <QueryErrorView error={versions.error} onRetry={() => void versions.refetch()} />
        )}
        <Stack
          gap={4}
          component="ol"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          data-testid="document-versions"
        >
          {(versions.data?.items ?? []).map((version, index, all) => (
            <li key={version.id}>
              <Group gap={6} wrap="wrap">
                <Text size="xs" c="dimmed">
                  {t('media.documents.version', { n: all.length - index })}
                </Text>
                <Anchor
                  size="sm"
                  href={version.secure_url ?? version.content_url}
                  download={version.file_name}
                >
                  {version.file_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('media.documents.meta', {
                    size: sizeText(version.size),
                    date: formatDate(version.created_at, currentLocale()),
                  })}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
