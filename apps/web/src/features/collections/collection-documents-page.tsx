import { Anchor, Button, Card, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileOff, IconFileText } from '@tabler/icons-react';
import type { Attachment, Collection, Memo } from '@memoria/domain';
import { Link } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { PageLoader } from '../../ui/page-loader';
import { QueryErrorView } from '../../ui/query-error';
import { CollectionAvatar } from './collection-avatar';
import { WithCollection } from './collection-page';
import { flatten } from '../memos/list-cache';
import { useMemoList } from '../memos/queries';
import type { CollectionAccess } from './queries';

/** Documents users see: not deleted, not replaced, not replaced by another (spec §4). */
export function shownDocuments(memos: Memo[]): { memo: Memo; document: Attachment }[] {
  return memos.flatMap((memo) =>
    memo.memo_documents
      .filter(
        (document) =>
          document.status !== 'deleted' &&
          document.action !== 'delete' &&
          document.replaced_by_document_id === null,
      )
      .map((document) => ({ memo, document })),
  );
}

function sizeText(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${formatNumber(Math.max(1, Math.round(kb)), currentLocale())} KB`;
  return `${formatNumber(Math.round((kb / 1024) * 10) / 10, currentLocale())} MB`;
}

function Documents({ collection, access }: { collection: Collection; access: CollectionAccess }) {
  const { t } = useTranslation();
  const memos = useMemoList({
    kind: 'collection',
    collectionId: collection.id,
    isPublic: access.visitor,
    secureToken: access.secureToken ?? undefined,
  });
  if (memos.isPending) return <PageLoader />;
  if (memos.isError) {
    return <QueryErrorView error={memos.error} onRetry={() => void memos.refetch()} />;
  }
  const documents = shownDocuments(flatten(memos.data));
  return (
    <Stack gap="sm">
      {documents.length === 0 && (
        <EmptyState
          icon={<IconFileOff size={36} />}
          variant="light"
          title={t('collections.documents.emptyTitle')}
          description={t('collections.documents.emptyText')}
          py="xl"
          data-testid="collection-documents-empty"
        />
      )}
      {documents.length > 0 && (
        <Stack gap="xs" role="list" data-testid="collection-documents">
          {documents.map(({ memo, document }) => (
            <Card key={document.id} withBorder padding="sm" role="listitem">
              <Group wrap="nowrap" gap="sm">
                <IconFileText size={24} aria-hidden style={{ flexShrink: 0 }} />
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Anchor
                    href={document.secure_url ?? document.content_url}
                    target="_blank"
                    rel="noreferrer"
                    fw={600}
                    style={{ wordBreak: 'break-word' }}
                  >
                    {document.file_name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {sizeText(document.size)} ·{' '}
                    <Anchor component={Link} to={`/memo/${memo.id}`} inherit>
                      {memo.title}
                    </Anchor>
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {memos.hasNextPage && (
        <Group justify="center">
          <Button
            variant="light"
            onClick={() => void memos.fetchNextPage()}
            loading={memos.isFetchingNextPage}
          >
            {t('collections.documents.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** /collections/:collectionId/documents: the documents of the collection's memos. */
export function CollectionDocumentsPage() {
  const { t } = useTranslation();
  return (
    <WithCollection publicRoute={false}>
      {(collection, access) => {
        const query = access.secureToken
          ? `?secure_token=${encodeURIComponent(access.secureToken)}`
          : '';
        return (
          <Stack gap="md" maw={900} mx="auto" data-testid="collection-documents-page">
            <Anchor component={Link} to={`/collections/${collection.id}${query}`} size="sm">
              <Group gap={4} wrap="nowrap">
                <IconArrowLeft size={16} aria-hidden />
                {t('collections.documents.back', { name: collection.name })}
              </Group>
            </Anchor>
            <Group gap="sm" wrap="nowrap">
              <CollectionAvatar collection={collection} size="md" />
              <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
                {t('collections.documents.title')}
              </Title>
            </Group>
            <Documents collection={collection} access={access} />
          </Stack>
        );
      }}
    </WithCollection>
  );
}
