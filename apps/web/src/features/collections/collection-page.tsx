import { Button, EmptyState, Group, Stack } from '@mantine/core';
import { IconFiles, IconNotes, IconPlus } from '@tabler/icons-react';
import { ruleAllows, type Collection } from '@memoria/domain';
import { useProfile } from '../profile/queries';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useSession } from '../../session/use-session';
import { useTranslation } from '../../i18n';
import { ErrorPage } from '../../ui/error-page';
import { PageLoader } from '../../ui/page-loader';
import { useDeferredPending } from '../../ui/deferred-pending';
import { QueryErrorView } from '../../ui/query-error';
import { usePageTitle } from '../../ui/use-page-title';
import { openMemoEditor, preloadMemoEditor } from '../memos/memo-editor-launcher';
import { MemoList } from '../memos/memo-list';
import { useMemoList, type MemoListSource } from '../memos/queries';
import { CollectionHeader } from './collection-header';
import { CollectionMenu } from './collection-menu';
import { FavouriteToggle } from './favourite-toggle';
import { useCollection, type CollectionAccess } from './queries';
import { CallButton } from '../calls/call-button';
import { pageWidth } from '../../ui/page-width';

/** How the current route reads the collection (visitor on /p or without a session). */
export function useCollectionAccess(publicRoute: boolean): CollectionAccess {
  const [params] = useSearchParams();
  const session = useSession();
  return {
    visitor: publicRoute || session?.kind !== 'full',
    secureToken: params.get('secure_token'),
  };
}

/**
 * A collection that could not be read (docs/SCREENS.md, Error pages): a failed secret link shows
 * the invalid-public-link text; otherwise 404 names the collection and 403 says access is denied.
 */
export function CollectionLoadError({
  error,
  access,
  onRetry,
}: {
  error: unknown;
  access: CollectionAccess;
  onRetry: () => void;
}) {
  const status = isApiError(error) ? error.status : 0;
  if (status === 403 || status === 404) {
    if (access.secureToken) return <ErrorPage status={status} publicLink />;
    if (status === 404) return <ErrorPage status={404} resource="collection" />;
    return <ErrorPage status={403} message={isApiError(error) ? error.serverMessage : undefined} />;
  }
  return <QueryErrorView error={error} onRetry={onRetry} />;
}

/** The memo list of a collection as its page shows it (one query key for both uses below). */
function collectionMemos(collectionId: string, access: CollectionAccess): MemoListSource {
  return {
    kind: 'collection',
    collectionId,
    isPublic: access.visitor,
    secureToken: access.secureToken ?? undefined,
  };
}

/**
 * Loads the collection of the route and renders it, or the matching error page. With `memos`,
 * its first page of memos is asked for at the same time and the loader stays until both are
 * in: the page is then drawn once with its cards, where it was drawn with the header and a
 * loader, then once more with the cards (docs/PERFORMANCE.md, Lighthouse, eighth round).
 */
export function WithCollection({
  publicRoute,
  memos = false,
  children,
}: {
  publicRoute: boolean;
  memos?: boolean;
  children: (collection: Collection, access: CollectionAccess) => ReactNode;
}) {
  const { collectionId = '' } = useParams();
  const access = useCollectionAccess(publicRoute);
  const collection = useCollection(collectionId, access);
  const list = useMemoList(collectionMemos(collectionId, access), memos && collectionId !== '');
  usePageTitle(collection.data?.name);
  // a failed list is the list's own to show (MemoList), only a pending one is waited for
  const loading = useDeferredPending(
    memos && collection.isSuccess && list.isPending ? 'pending' : collection.status,
  );
  if (loading || collection.isPending) return <PageLoader />;
  if (collection.isError) {
    return (
      <CollectionLoadError
        error={collection.error}
        access={access}
        onRetry={() => void collection.refetch()}
      />
    );
  }
  return <>{children(collection.data, access)}</>;
}

function CollectionView({
  collection,
  access,
}: {
  collection: Collection;
  access: CollectionAccess;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = !access.visitor;
  // a delegate without the memos right adds none (docs/RULES.md, Delegated rights)
  const memosAllowed = ruleAllows(useProfile().data?.rules, 'memos');
  const canAdd = signedIn && memosAllowed && (collection.can_add_memos ?? collection.isOwner);
  const query = access.secureToken ? `?secure_token=${encodeURIComponent(access.secureToken)}` : '';
  const source = collectionMemos(collection.id, access);
  // the same query as the list below: its total follows memos added or removed here
  const memos = useMemoList(source);

  return (
    <Stack gap="md" {...pageWidth('content')} data-testid="collection-page">
      <CollectionHeader
        collection={collection}
        access={access}
        memoCount={memos.data?.pages[0]?.total}
        actions={
          signedIn ? (
            <Group gap={4} wrap="nowrap">
              <FavouriteToggle collection={collection} />
              <CollectionMenu
                collection={collection}
                variant="default"
                onDeleted={() => void navigate('/collections', { replace: true })}
              />
            </Group>
          ) : undefined
        }
      />
      {signedIn && (
        <Group gap="sm" wrap="wrap">
          {canAdd && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => openMemoEditor({ draft: { collectionId: collection.id } })}
              onMouseEnter={preloadMemoEditor}
              onFocus={preloadMemoEditor}
              data-testid="collection-add-memo"
            >
              {t('collections.page.addMemo')}
            </Button>
          )}
          <Button
            variant="default"
            component={Link}
            to={`/collections/${collection.id}/documents${query}`}
            leftSection={<IconFiles size={16} aria-hidden />}
            data-testid="collection-documents-link"
          >
            {t('collections.page.documents')}
          </Button>
          <CallButton collection={collection} />
        </Group>
      )}
      <MemoList
        source={source}
        empty={
          <EmptyState
            icon={<IconNotes size={36} />}
            variant="light"
            title={t('collections.memos.emptyTitle')}
            description={t('collections.memos.emptyText')}
            py="xl"
            data-testid="collection-memos-empty"
          />
        }
      />
    </Stack>
  );
}

/** /collections/:collectionId (and with ?secure_token= for anyone holding the link). */
export function CollectionPage() {
  return (
    <WithCollection publicRoute={false} memos>
      {(collection, access) => <CollectionView collection={collection} access={access} />}
    </WithCollection>
  );
}

/** /p/collections/:collectionId: the public view for visitors. */
export function PublicCollectionPage() {
  return (
    <WithCollection publicRoute memos>
      {(collection, access) => <CollectionView collection={collection} access={access} />}
    </WithCollection>
  );
}
