import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Collapse,
  EmptyState,
  FileButton,
  Group,
  Modal,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconDownload,
  IconFileOff,
  IconFileText,
  IconHistory,
  IconReplace,
  IconTrash,
} from '@tabler/icons-react';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { acceptAttribute, type Attachment } from '@memoria/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { getHydraPage, type Page } from '../../api/hydra';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate, formatNumber } from '../../i18n/format';
import { PageLoader } from '../../ui/page-loader';
import { QueryErrorView } from '../../ui/query-error';
import { showApiError, showError, showSuccess } from '../../ui/toasts';
import { checkFile, uploadFile } from './upload';

/** One current document of a collection (GET /api/collection/{id}/document). */
export interface CollectionDocument extends Attachment {
  memo: string;
  memo_title: string;
  has_versions: boolean;
  can_replace: boolean;
  can_delete: boolean;
}

export interface DocumentsAccess {
  visitor: boolean;
  secureToken?: string | null;
}

const PER_PAGE = 30;

export const documentKeys = {
  collection: (id: string, access: DocumentsAccess) =>
    [
      'media',
      'collection-documents',
      id,
      access.visitor ? 'p' : 'a',
      access.secureToken ?? '',
    ] as const,
  versions: (id: number) => ['media', 'document-versions', id] as const,
};

const secretQuery = (access: DocumentsAccess) =>
  access.secureToken ? { collection_sec_link: access.secureToken } : {};

export function useCollectionDocuments(collectionId: string, access: DocumentsAccess) {
  return useInfiniteQuery({
    queryKey: documentKeys.collection(collectionId, access),
    queryFn: ({ pageParam }) =>
      getHydraPage<CollectionDocument>(
        `${access.visitor ? '/api/p' : '/api'}/collection/${encodeURIComponent(collectionId)}/document`,
        pageParam,
        PER_PAGE,
        secretQuery(access),
      ),
    initialPageParam: 1,
    getNextPageParam: (last: Page<CollectionDocument>, pages: Page<CollectionDocument>[]) =>
      pages.reduce((n, page) => n + page.items.length, 0) < last.total ? last.page + 1 : undefined,
  });
}

function useVersions(id: number, access: DocumentsAccess, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.versions(id),
    queryFn: () =>
      getHydraPage<Attachment>(`/api/memo/document/${id}/versions`, 1, 100, secretQuery(access)),
    enabled,
  });
}

function sizeText(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${formatNumber(Math.max(1, Math.round(kb)), currentLocale())} KB`;
  return `${formatNumber(Math.round((kb / 1024) * 10) / 10, currentLocale())} MB`;
}

const memoIdOf = (iri: string) => iri.split('/').pop() ?? '';

function DocumentRow({
  document,
  access,
  onChanged,
}: {
  document: CollectionDocument;
  access: DocumentsAccess;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [showVersions, setShowVersions] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const versions = useVersions(document.id, access, showVersions && document.has_versions);
  const href = document.secure_url ?? document.content_url;
  const meta = t('media.documents.meta', {
    size: sizeText(document.size),
    date: formatDate(document.created_at, currentLocale()),
  });

  const replace = useMutation({
    mutationFn: (file: File) =>
      uploadFile({
        file,
        kind: 'document',
        target: 'memo',
        replaceDocumentId: document.id,
        onProgress: setProgress,
        signal: new AbortController().signal,
      }),
    onSuccess: async () => {
      showSuccess(t('media.documents.replaced'));
      await queryClient.invalidateQueries({ queryKey: documentKeys.versions(document.id) });
      await onChanged();
    },
    onError: showApiError,
    onSettled: () => setProgress(null),
  });
  const remove = useMutation({
    mutationFn: () => api.delete<unknown>(`/api/memo/document/${document.id}`),
    onSuccess: async () => {
      setConfirming(false);
      showSuccess(t('media.documents.removed'));
      await onChanged();
    },
    onError: showApiError,
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
    replace.mutate(file);
  };

  return (
    <Card withBorder padding="sm" role="listitem" data-testid="collection-document">
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <IconFileText size={24} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Anchor
            href={href}
            download={document.file_name}
            fw={600}
            style={{ wordBreak: 'break-word' }}
          >
            {document.file_name}
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
              aria-label={t('media.upload.progress', { name: document.file_name })}
            />
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('media.view.download', { name: document.file_name })}>
            <ActionIcon
              component="a"
              href={href}
              download={document.file_name}
              variant="subtle"
              aria-label={t('media.view.download', { name: document.file_name })}
            >
              <IconDownload size={18} />
            </ActionIcon>
          </Tooltip>
          {document.can_replace && (
            <FileButton onChange={chooseNewVersion} accept={acceptAttribute('document')}>
              {(props) => (
                <Tooltip label={t('media.documents.replace', { name: document.file_name })}>
                  <ActionIcon
                    {...props}
                    variant="subtle"
                    loading={replace.isPending}
                    aria-label={t('media.documents.replace', { name: document.file_name })}
                    data-testid="document-replace"
                  >
                    <IconReplace size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </FileButton>
          )}
          {document.can_delete && (
            <Tooltip label={t('media.documents.remove', { name: document.file_name })}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => setConfirming(true)}
                aria-label={t('media.documents.remove', { name: document.file_name })}
                data-testid="document-delete"
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {document.has_versions && (
        <Stack gap={4} mt="xs" pl={36}>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconHistory size={14} />}
            onClick={() => setShowVersions((open) => !open)}
            aria-expanded={showVersions}
            style={{ alignSelf: 'flex-start' }}
            data-testid="document-versions-toggle"
          >
            {t('media.documents.versions', {
              n: versions.data ? versions.data.total : '…',
            })}
          </Button>
          <Collapse expanded={showVersions}>
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
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('media.documents.remove', { name: document.file_name })}
      >
        <Stack gap="md">
          <Text>{t('media.documents.removeConfirm', { name: document.file_name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('media.photoEditor.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
              data-testid="document-delete-confirm"
            >
              {t('media.documents.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

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
  access: DocumentsAccess;
  emptyTitle: string;
  emptyText: string;
  moreLabel: string;
}) {
  const queryClient = useQueryClient();
  const documents = useCollectionDocuments(collectionId, access);
  if (documents.isPending) return <PageLoader />;
  if (documents.isError) {
    return <QueryErrorView error={documents.error} onRetry={() => void documents.refetch()} />;
  }
  const items = (documents.data as InfiniteData<Page<CollectionDocument>>).pages.flatMap(
    (page) => page.items,
  );
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: documentKeys.collection(collectionId, access) });
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
            <DocumentRow
              key={document.id}
              document={document}
              access={access}
              onChanged={refresh}
            />
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
