import {
  Button,
  Center,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Transition,
} from '@mantine/core';
import { IconArrowUp, IconCompass, IconLogin, IconNews, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../session/use-session';
import { useTranslation } from '../../i18n';
import { loadChunk } from '../../ui/lazy-page';
import { usePageTitle } from '../../ui/use-page-title';
import { DefaultEmpty } from '../memos/memo-list';
import { FeedList } from './feed-list';
import { hasNewContent } from './new-content';
import { feedKeys, useFeed, useFeedLatest } from './queries';
import { pageWidth } from '../../ui/page-width';

// The search modal (Modal, its focus trap, overlay and portal) loads when /feed/search opens,
// not with the feed's first screen (docs/PERFORMANCE.md, Lighthouse, seventh round).
const FeedSearch = lazy(() =>
  loadChunk(() => import('./feed-search')).then((m) => ({ default: m.FeedSearch })),
);

/** What a visitor finds at /feed: why to sign in, and the public posts meanwhile. */
function FeedInvitation() {
  const { t } = useTranslation();
  const back = new URLSearchParams({ redirect: '/feed' }).toString();
  return (
    <Paper withBorder radius="md" p="xl" data-testid="feed-visitor">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconNews size={40} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('feed.feed.visitorTitle')}
        </Title>
        <Text c="dimmed" maw={480}>
          {t('feed.feed.visitorText')}
        </Text>
        <Group justify="center" gap="sm">
          <Button component={Link} to={`/auth?${back}`} leftSection={<IconLogin size={16} />}>
            {t('feed.feed.signIn')}
          </Button>
          <Button component={Link} to="/auth/signup" variant="default">
            {t('feed.feed.signUp')}
          </Button>
          <Button
            component={Link}
            to="/discover/posts"
            variant="light"
            leftSection={<IconCompass size={16} />}
          >
            {t('feed.feed.browse')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The signed-in feed: new-content indicator, search, the list. */
function SignedInFeed() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const feed = useFeed('');
  const latest = useFeedLatest(feed.isSuccess);
  const seen = feed.data?.pages[0]?.latest;
  const fresh = hasNewContent(latest.data?.latest, seen);
  const searching = pathname.replace(/\/+$/, '') === '/feed/search';

  /** Back to the top with the newest page (the stored timestamp moves with it). */
  const showNew = async () => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    await queryClient.resetQueries({ queryKey: feedKeys.list(''), exact: true });
  };

  return (
    <>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('feed.feed.title')}
        </Title>
        <Button
          variant="default"
          leftSection={<IconSearch size={16} aria-hidden />}
          onClick={() => void navigate('/feed/search')}
          data-testid="feed-search-open"
        >
          {t('feed.feed.search')}
        </Button>
      </Group>
      <div>
        {/* Over the top of the list, in the content column, under the header when scrolled. */}
        <Center
          pos="sticky"
          top="calc(var(--app-shell-header-offset, 0px) + 12px)"
          h={0}
          style={{ zIndex: 5, overflow: 'visible' }}
        >
          <Transition mounted={fresh} transition="slide-down">
            {(styles) => (
              <Button
                style={{ ...styles, boxShadow: 'var(--mantine-shadow-md)', marginTop: 16 }}
                radius="xl"
                leftSection={<IconArrowUp size={16} aria-hidden />}
                onClick={() => void showNew()}
                data-testid="feed-new-content"
              >
                {t('feed.feed.newContent')}
              </Button>
            )}
          </Transition>
        </Center>
        <FeedList
          search=""
          label={t('feed.feed.label')}
          overText={t('feed.feed.over')}
          testId="feed-list"
          empty={
            <Stack align="center" gap="sm">
              <DefaultEmpty title={t('feed.feed.emptyTitle')} text={t('feed.feed.emptyText')} />
              <Button component={Link} to="/discover/people" variant="light">
                {t('feed.feed.discoverPeople')}
              </Button>
            </Stack>
          }
        />
      </div>
      {searching && (
        <Suspense fallback={null}>
          <FeedSearch onClose={() => void navigate('/feed', { replace: true })} />
        </Suspense>
      )}
    </>
  );
}

/**
 * /feed (docs/SCREENS.md, Routes, Lists and forms; docs/DOMAIN.md, States: Feed): the memos of the
 * people I follow or am connected with, newest first, loading further pages as I scroll, with
 * pull-to-refresh, a "new memos" button when the check (at most once a minute) finds newer ones,
 * and the search modal at /feed/search. The route is public: a visitor is invited to sign in and
 * pointed at the public posts of discover.
 */
export function FeedPage() {
  const { t } = useTranslation();
  const session = useSession();
  usePageTitle(t('feed.feed.title'));
  const signedIn = session?.kind === 'full';
  return (
    <Stack gap="lg" {...pageWidth('content')} data-testid="feed-page">
      {signedIn ? (
        <SignedInFeed />
      ) : (
        <>
          <Title order={1} size="h2">
            {t('feed.feed.title')}
          </Title>
          <FeedInvitation />
        </>
      )}
    </Stack>
  );
}
