import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attachment } from '@memoria/domain';
import { api } from '../../api/client';
import { getHydraPage, type Page } from '../../api/hydra';
import { accessKey, accessQuery, type CollectionAccess } from '../collections/queries';
import { uploadFile } from './upload';

/** One current document of a collection (GET /api/collection/{id}/document). */
export interface CollectionDocument extends Attachment {
  memo: string;
  memo_title: string;
  has_versions: boolean;
  can_replace: boolean;
  can_delete: boolean;
}

const DOCUMENTS_PER_PAGE = 30;
const VERSIONS_SHOWN = 100;

export const documentKeys = {
  collections: ['media', 'collection-documents'] as const,
  collection: (id: string, access: CollectionAccess) =>
    ['media', 'collection-documents', id, ...accessKey(access)] as const,
  versions: (id: number) => ['media', 'document-versions', id] as const,
};

/** The current documents of a collection's memos, 30 a page. */
export function useCollectionDocuments(collectionId: string, access: CollectionAccess) {
  return useInfiniteQuery({
    queryKey: documentKeys.collection(collectionId, access),
    queryFn: ({ pageParam }) =>
      getHydraPage<CollectionDocument>(
        `${access.visitor ? '/api/p' : '/api'}/collection/${encodeURIComponent(collectionId)}/document`,
        pageParam,
        DOCUMENTS_PER_PAGE,
        accessQuery(access),
      ),
    initialPageParam: 1,
    getNextPageParam: (last: Page<CollectionDocument>, pages: Page<CollectionDocument>[]) =>
      pages.reduce((n, page) => n + page.items.length, 0) < last.total ? last.page + 1 : undefined,
  });
}

/** The kept earlier versions of a document, newest first; asked for only when shown. */
export function useDocumentVersions(id: number, access: CollectionAccess, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.versions(id),
    queryFn: () =>
      getHydraPage<Attachment>(
        `/api/memo/document/${id}/versions`,
        1,
        VERSIONS_SHOWN,
        accessQuery(access),
      ),
    enabled,
  });
}

/** Uploads a new version of a document; its versions and the documents lists refetch. */
export function useReplaceDocument(documentId: number, onProgress: (share: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile({
        file,
        kind: 'document',
        target: 'memo',
        replaceDocumentId: documentId,
        onProgress,
        signal: new AbortController().signal,
      }),
    // Not awaited: the row may leave the refetched list, and its own onSuccess (the toast)
    // must still run.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: documentKeys.versions(documentId) });
      void queryClient.invalidateQueries({ queryKey: documentKeys.collections });
    },
  });
}

/** Deletes a document (with its versions); the documents lists refetch. */
export function useRemoveDocument(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>(`/api/memo/document/${documentId}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: documentKeys.collections });
    },
  });
}
