import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconLogin, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import type { Memo, PublicProfile } from '@memoria/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MemoCardLazy } from '../memos/memo-card-lazy';
import { useSession } from '../../session/use-session';
import { useTranslation } from '../../i18n';
import { FIRST_ITEMS, InfiniteList } from '../../ui/infinite-list';
import { showApiError, showSuccess } from '../../ui/toasts';
import { usePageTitle } from '../../ui/use-page-title';
import { useFollow, useUnfollow } from '../connections/queries';
import { flatten } from '../memos/list-cache';
import { DefaultEmpty } from '../memos/memo-list';
import { discoverKeys, useDiscoverPeople, useDiscoverPosts } from './queries';
import { discoverPath, discoverTabOf, type DiscoverTab } from './tabs';
import { pageWidth } from '../../ui/page-width';

const MemoCard = MemoCardLazy;

/** Follow / unfollow from a person card; visitors are sent to sign in and back. */
function FollowButton({ person, visitor }: { person: PublicProfile; visitor: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const follow = useFollow();
  const unfollow = useUnfollow();
  const following = person.following_status === 'active';

  if (visitor) {
    const back = new URLSearchParams({ redirect: `/profile/${person.id}` }).toString();
    return (
      <Button
        component={Link}
        to={`/auth?${back}`}
        size="xs"
        variant="light"
        leftSection={<IconLogin size={14} aria-hidden />}
      >
        {t('feed.discover.signInToFollow')}
      </Button>
    );
  }
  const toggle = async () => {
    try {
      if (following) {
        await unfollow.mutateAsync(person.id);
        showSuccess(t('feed.discover.unfollowed', { name: person.name }));
      } else {
        await follow.mutateAsync(person.id);
        showSuccess(t('feed.discover.followed', { name: person.name }));
      }
      await queryClient.invalidateQueries({ queryKey: discoverKeys.people(false) });
    } catch (error) {
      showApiError(error);
    }
  };
  return (
    <Button
      size="xs"
      variant={following ? 'default' : 'filled'}
      loading={follow.isPending || unfollow.isPending}
      leftSection={
        following ? <IconUserMinus size={14} aria-hidden /> : <IconUserPlus size={14} aria-hidden />
      }
      onClick={() => void toggle()}
      aria-label={`${t(following ? 'feed.discover.unfollow' : 'feed.discover.follow')}: ${person.name}`}
      data-testid="discover-follow"
    >
      {t(following ? 'feed.discover.unfollow' : 'feed.discover.follow')}
    </Button>
  );
}

/** A person with a public profile: picture, name (to the profile), what they do, follow. */
function PersonCard({ person, visitor }: { person: PublicProfile; visitor: boolean }) {
  const { t } = useTranslation();
  const to = visitor ? `/p/profile/${person.id}` : `/profile/${person.id}`;
  const about = [person.function, person.organization_name, person.location]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="discover-person">
      <Group wrap="nowrap" gap="sm" align="center">
        <Avatar
          src={person.picture ?? null}
          alt=""
          name={person.name}
          color="initials"
          radius="xl"
          size="lg"
        >
          {person.label || undefined}
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" miw={0}>
            <Anchor
              component={Link}
              to={to}
              fw={600}
              truncate
              // a long name is cut short ("…") on a phone: the full name shows on hover
              title={person.name}
              aria-label={t('feed.discover.viewProfile', { name: person.name })}
            >
              {person.name}
            </Anchor>
            {person.user_identified && (
              <Badge size="xs" variant="light" color="teal">
                {t('feed.discover.verified')}
              </Badge>
            )}
          </Group>
          {about && (
            <Text size="sm" c="dimmed" truncate>
              {about}
            </Text>
          )}
          {person.description && (
            <Text size="sm" lineClamp={2}>
              {person.description}
            </Text>
          )}
        </Stack>
        {person.is_connected ? (
          <Badge
            variant="light"
            color="teal"
            leftSection={<IconCheck size={12} aria-hidden />}
            tt="none"
          >
            {t('feed.discover.connected')}
          </Badge>
        ) : (
          <FollowButton person={person} visitor={visitor} />
        )}
      </Group>
    </Paper>
  );
}

/**
 * The public posts, all or those matching ?search= (where a hashtag on a public page leads,
 * so a visitor finds its posts without signing in).
 */
function DiscoverPosts({ visitor }: { visitor: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const query = useDiscoverPosts(visitor, search);
  const shown = search.startsWith('#') ? search : `#${search}`;
  return (
    <Stack gap="md">
      {search && (
        <Group justify="space-between" gap="xs" data-testid="discover-search">
          <Text fw={600}>{t('feed.discover.searchTitle', { search: shown })}</Text>
          <Anchor component={Link} to="/discover/posts" size="sm">
            {t('feed.discover.searchClear')}
          </Anchor>
        </Group>
      )}
      <InfiniteList<Memo>
        source={query}
        items={flatten(query.data)}
        itemKey={(memo) => memo.id}
        label={
          search ? t('feed.discover.searchTitle', { search: shown }) : t('feed.discover.postsLabel')
        }
        overText={t('feed.discover.postsOver')}
        testId="discover-posts"
        empty={
          <DefaultEmpty
            title={
              search
                ? t('feed.discover.searchEmptyTitle', { search: shown })
                : t('feed.discover.postsEmptyTitle')
            }
          />
        }
        renderItem={(memo, index) => (
          <Suspense fallback={<Skeleton height={120} radius="md" />}>
            <MemoCard memo={memo} isPublic={visitor} firstScreen={index < FIRST_ITEMS} />
          </Suspense>
        )}
      />
    </Stack>
  );
}

/** No public profiles to show: say why, and offer what to do instead of a blank end. */
function PeopleEmpty({ visitor }: { visitor: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" data-testid="discover-people-empty">
      <DefaultEmpty
        title={t('feed.discover.peopleEmptyTitle')}
        text={t(visitor ? 'feed.discover.peopleEmptyTextVisitor' : 'feed.discover.peopleEmptyText')}
      />
      <Group justify="center" gap="sm">
        {visitor ? (
          <Button component={Link} to="/auth/signup" data-testid="discover-people-signup">
            {t('feed.discover.peopleEmptySignUp')}
          </Button>
        ) : (
          <Button
            component={Link}
            to="/connections"
            state={{ invite: true }}
            data-testid="discover-people-invite"
          >
            {t('feed.discover.peopleEmptyInvite')}
          </Button>
        )}
        <Button
          component={Link}
          to="/discover/posts"
          variant="light"
          data-testid="discover-people-posts"
        >
          {t('feed.discover.peopleEmptyPosts')}
        </Button>
      </Group>
    </Stack>
  );
}

function DiscoverPeople({ visitor }: { visitor: boolean }) {
  const { t } = useTranslation();
  const query = useDiscoverPeople(visitor);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <InfiniteList<PublicProfile>
      source={query}
      items={items}
      itemKey={(person) => person.id}
      label={t('feed.discover.peopleLabel')}
      overText={t('feed.discover.peopleOver')}
      testId="discover-people"
      empty={<PeopleEmpty visitor={visitor} />}
      renderItem={(person) => <PersonCard person={person} visitor={visitor} />}
    />
  );
}

/**
 * /discover, /discover/people, /discover/posts (docs/SCREENS.md, Routes, Lists and forms;
 * docs/RULES.md, Feed and discover): public posts of others and people with a public profile, as
 * infinite lists with pull-to-refresh; for visitors too (they ask without a token and are sent to
 * sign in to follow). /discover shows the posts tab.
 */
export function DiscoverPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const visitor = session?.kind !== 'full';
  const tab = discoverTabOf(pathname);
  usePageTitle(`${t(`feed.discover.${tab}`)} · ${t('feed.discover.title')}`);

  return (
    <Stack gap="lg" {...pageWidth('content')} data-testid="discover-page">
      <Title order={1} size="h2">
        {t('feed.discover.title')}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => value && void navigate(discoverPath(value as DiscoverTab))}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('feed.discover.tabs')} mb="md">
          <Tabs.Tab value="posts" data-testid="discover-tab-posts">
            {t('feed.discover.posts')}
          </Tabs.Tab>
          <Tabs.Tab value="people" data-testid="discover-tab-people">
            {t('feed.discover.people')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="posts">
          <DiscoverPosts visitor={visitor} />
        </Tabs.Panel>
        <Tabs.Panel value="people">
          <DiscoverPeople visitor={visitor} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
