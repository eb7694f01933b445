import { Button, EmptyState, Group, Stack } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { PageLoader } from '../../ui/page-loader';
import { QueryErrorView } from '../../ui/query-error';
import type { CollectionAccess } from '../collections/queries';
import { DocumentRow } from './document-row';
import { useCollectionDocuments } from './queries';

/**
 * The documents of a collection's memos (current versions only), with download, the kept
 * earlier versions, a new version and delete where the viewer may (the server says so per
 * document: uploader, memo author, allow_replace_documents collaborators).
 */
export function CollectionDocumentList({
  collectionId,
  access,
  emptyTitle,
  emptyText,
  moreLabel,
}: {
  collectionId: string;
  access: CollectionAccess;
  emptyTitle: string;
  emptyText: string;
  moreLabel: string;
}) {
  const documents = useCollectionDocuments(collectionId, access);
  if (documents.isPending) return <PageLoader />;
  if (documents.isError) {
    return <QueryErrorView error={documents.error} onRetry={() => void documents.refetch()} />;
  }
  const items = documents.data.pages.flatMap((page) => page.items);
  return (
    <Stack gap="sm">
      {items.length === 0 ? (
        <EmptyState
          icon={<IconFileOff size={36} />}
          variant="light"
          title={emptyTitle}
          description={emptyText}
          py="xl"
          data-testid="collection-documents-empty"
        />
      ) : (
        <Stack gap="xs" role="list" data-testid="collection-documents">
          {items.map((document) => (
            <DocumentRow key={document.id} document={document} access={access} />
          ))}
        </Stack>
      )}
      {documents.hasNextPage && (
        <Group justify="center">
          <Button
            variant="light"
            onClick={() => void documents.fetchNextPage()}
            loading={documents.isFetchingNextPage}
          >
            {moreLabel}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
