import { Anchor, Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconVolume3 } from '@tabler/icons-react';
import type { Collection } from '@memoria/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { useAfterPaint } from '../../ui/after-paint';
import { AvatarStack } from '../../ui/avatar-stack';
import { CollectionAvatar } from './collection-avatar';
import classes from './collections.module.css';
import { useCollectionMembers, type CollectionAccess } from './queries';
import { TypeLabel } from './type-meta';
import { useViewportMatches } from '../../ui/viewport';

function Members({ collection, access }: { collection: Collection; access: CollectionAccess }) {
  const { t } = useTranslation();
  // asked for once the page has been drawn: its answer renders the header again, and that
  // render and the request waited before the first paint (docs/PERFORMANCE.md, Lighthouse)
  const members = useCollectionMembers(collection.id, access, useAfterPaint());
  // The owner is always a member: while the list loads its row keeps its place (a small
  // avatar's height), so the page does not move down when it comes.
  if (members.isPending) {
    return <Avatar size="sm" style={{ visibility: 'hidden' }} aria-hidden />;
  }
  if (!members.data || members.data.items.length === 0) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <AvatarStack
        people={members.data.items.map((member) => ({
          id: member.user.id,
          name: member.user.name,
          picture: member.user.picture,
          label: member.user.label,
          to: `/profile/${member.user.id}`,
        }))}
        total={members.data.total}
        max={3}
        label={t('collections.page.members')}
        data-testid="collection-members"
      />
      <Text size="sm" c="dimmed">
        {t('collections.page.memberCount', { count: members.data.total })}
      </Text>
    </Group>
  );
}

/**
 * The head of a collection page: picture, name, description, author, audience, members
 * (3 avatars, then +N) and the page's actions.
 */
export function CollectionHeader({
  collection,
  access,
  actions,
  memoCount,
}: {
  collection: Collection;
  access: CollectionAccess;
  actions?: ReactNode;
  /** the memo list's own total, which follows memos added or removed on this page */
  memoCount?: number;
}) {
  const { t } = useTranslation();
  // a smaller picture on phones leaves the name room for its two lines
  const pictureSize = useViewportMatches({ base: 48, sm: 72 });
  // A visitor may open only a public profile: without one the name is not a link (no
  // dead end on a "does not exist" page).
  const authorPath = access.visitor
    ? collection.author_has_public_profile
      ? `/p/profile/${collection.author.id}`
      : null
    : `/profile/${collection.author.id}`;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="collection-header">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <div className={classes.headerPicture}>
          <CollectionAvatar collection={collection} size={pictureSize} />
        </div>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title
              order={1}
              size="h2"
              className={classes.headerTitle}
              title={collection.name}
              data-testid="collection-title"
            >
              {collection.name}
            </Title>
            {actions && <div style={{ flexShrink: 0 }}>{actions}</div>}
          </Group>
          <Group gap="md" wrap="wrap">
            <Group gap={6} wrap="nowrap" data-testid="collection-author-line">
              <Avatar
                src={collection.author.picture}
                size="sm"
                color="initials"
                name={collection.author.name}
                alt=""
                aria-hidden
              >
                {collection.author.label}
              </Avatar>
              <Text size="sm">
                {t('collections.page.by')}{' '}
                {authorPath ? (
                  <Anchor component={Link} to={authorPath} inherit data-testid="collection-author">
                    {collection.author.name}
                  </Anchor>
                ) : (
                  <span data-testid="collection-author">{collection.author.name}</span>
                )}
              </Text>
            </Group>
            <TypeLabel
              collection={collection}
              visitor={
                access.visitor && collection.type === ''
                  ? access.secureToken
                    ? 'secretLink'
                    : 'public'
                  : undefined
              }
            />
            <Text size="sm" c="dimmed">
              {t('collections.card.memos', { count: memoCount ?? collection.memos_count })}
            </Text>
            {collection.group_name && (
              <Badge variant="light" radius="sm" tt="none">
                {collection.group_name}
              </Badge>
            )}
            {collection.is_collaboration && collection.isOwner && (
              <Badge variant="dot" color="teal" tt="none" data-testid="collection-collaborative">
                {t('collections.types.collaboration')}
              </Badge>
            )}
            {collection.is_muted && (
              <Badge
                variant="light"
                color="gray"
                leftSection={<IconVolume3 size={12} aria-hidden />}
                data-testid="collection-muted"
              >
                {t('collections.page.muted')}
              </Badge>
            )}
          </Group>
          {collection.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {collection.description}
            </Text>
          )}
          {!access.visitor && <Members collection={collection} access={access} />}
        </Stack>
      </Group>
    </Paper>
  );
}
