import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { IconFile, IconFiles, IconFolders, IconUsers } from '@tabler/icons-react';
import { isWorkspace, type Attachment, type Collection, type Memo } from '@memoria/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/errors';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { QueryErrorView } from '../../ui/query-error';
import { CollectionList } from '../collections/collection-list';
import { EmptyState } from '../connections/list-state';
import { useProfileOutlet } from './profile-page';
import { sharedCollections } from './shared-collections';
import { useProfileCollections, useProfileDocuments, useWorkspaceMembers } from './user-queries';

function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status">
      <Loader size={35} aria-label={t('app.loading')} />
    </Center>
  );
}

function Collections({
  query,
  pick,
  empty,
  publicRoute = false,
}: {
  query: ReturnType<typeof useProfileCollections>;
  pick: (all: Collection[]) => Collection[];
  empty: string;
  publicRoute?: boolean;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError)
    return <QueryErrorView error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <CollectionList
      collections={pick(query.data)}
      publicRoute={publicRoute}
      empty={
        <EmptyState icon={<IconFolders size={32} />} text={empty} data-testid="profile-empty" />
      }
    />
  );
}

/** /profile/:id and /profile/:id/collections: the person's collections the viewer may see. */
export function ProfileCollections() {
  const { t } = useTranslation();
  const { profile, viewerId } = useProfileOutlet();
  const own = profile.id === viewerId;
  const query = useProfileCollections(profile.id, false);
  return (
    <Collections
      query={query}
      // The own list also holds others' collections one collaborates in: those are "shared".
      pick={(all) => (own ? all.filter((c) => c.isOwner) : all)}
      empty={t('profile.empty.collections')}
    />
  );
}

/** /profile/:id/shared: what the viewer and the person share (own profile: collaborations). */
export function ProfileShared() {
  const { t } = useTranslation();
  const { profile, viewerId } = useProfileOutlet();
  const own = profile.id === viewerId;
  const query = useProfileCollections(viewerId, false);
  return (
    <Collections
      query={query}
      pick={(all) => (own ? all.filter((c) => !c.isOwner) : sharedCollections(all, profile))}
      empty={own ? t('profile.empty.sharedOwn') : t('profile.empty.shared', { name: profile.name })}
    />
  );
}

/** /profile/:id/members: the people of a workspace or group account. */
export function ProfileMembers() {
  const { t } = useTranslation();
  const { profile } = useProfileOutlet();
  const query = useWorkspaceMembers(profile.id, isWorkspace(profile));
  const empty = (
    <EmptyState
      icon={<IconUsers size={32} />}
      text={t('profile.empty.members')}
      data-testid="profile-empty"
    />
  );
  if (!isWorkspace(profile)) return empty;
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return empty;
    return <QueryErrorView error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.items.length === 0) return empty;
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      data-testid="members-list"
    >
      {query.data.items.map((member) => (
        <li key={member.id}>
          <Paper withBorder radius="md" p="sm">
            <Group gap="sm" wrap="nowrap">
              <Avatar
                src={member.user.picture}
                alt=""
                name={member.user.name}
                color="initials"
                radius="xl"
              >
                {member.user.label || undefined}
              </Avatar>
              <Anchor
                component={Link}
                to={`/profile/${member.user.id}`}
                fw={500}
                style={{ flex: 1 }}
                truncate
              >
                {member.user.name}
              </Anchor>
              {member.isAdmin && (
                <Badge variant="light" size="sm">
                  {t('profile.members.admin')}
                </Badge>
              )}
            </Group>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

/** Documents users see: not deleted and not replaced (docs/DOMAIN.md, States: Attachment). */
export function visibleDocuments(memo: Memo): Attachment[] {
  return memo.memo_documents.filter(
    (doc) =>
      doc.status !== 'deleted' && doc.action !== 'delete' && doc.replaced_by_document_id === null,
  );
}

function DocumentRow({ doc, memo }: { doc: Attachment; memo: Memo }): ReactNode {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="sm" wrap="nowrap">
        <IconFile size={24} aria-hidden style={{ flex: 'none' }} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Anchor
            href={doc.secure_url ?? doc.content_url}
            target="_blank"
            rel="noopener noreferrer"
            fw={500}
            truncate
          >
            {doc.file_name}
          </Anchor>
          <Text size="xs" c="dimmed" truncate>
            <Anchor component={Link} to={`/memo/${memo.id}`} inherit c="dimmed">
              {t('profile.documents.inMemo', { title: memo.title })}
            </Anchor>
            {' · '}
            {formatDate(doc.created_at, currentLocale())}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** /profile/:id/documents: documents in the person's memos the viewer may see. */
export function ProfileDocuments() {
  const { t } = useTranslation();
  const { profile } = useProfileOutlet();
  const query = useProfileDocuments(profile.id);
  if (query.isPending) return <Loading />;
  if (query.isError)
    return <QueryErrorView error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data.pages
    .flatMap((page) => page.items)
    .flatMap((memo) => visibleDocuments(memo).map((doc) => ({ doc, memo })));
  return (
    <Stack gap="sm">
      {rows.length === 0 && !query.hasNextPage ? (
        <EmptyState
          icon={<IconFiles size={32} />}
          text={t('profile.empty.documents')}
          data-testid="profile-empty"
        />
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          data-testid="documents-list"
        >
          {rows.map(({ doc, memo }) => (
            <li key={doc.id}>
              <DocumentRow doc={doc} memo={memo} />
            </li>
          ))}
        </Stack>
      )}
      {query.hasNextPage && (
        <Center>
          <Button
            variant="light"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('connections.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
