import {
  Button,
  Center,
  CloseButton,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Transition,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowUp, IconCompass, IconLogin, IconNews, IconSearch } from '@tabler/icons-react';
import { TIMINGS, type Memo } from '@memoria/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MemoCardLazy } from '../memos/memo-card-lazy';
import { useSession } from '../../session/use-session';
import { useTranslation } from '../../i18n';
import { FIRST_ITEMS, InfiniteList } from '../../ui/infinite-list';
import { usePageTitle } from '../../ui/use-page-title';
import { flatten } from '../memos/list-cache';
import { DefaultEmpty } from '../memos/memo-list';
import { hasNewContent } from './new-content';
import { feedKeys, useFeed, useFeedLatest } from './queries';
import { pageWidth } from '../../ui/page-width';

const MemoCard = MemoCardLazy;

/** A page of feed memos as cards (shared by the feed and its search). */
function FeedList({
  search,
  label,
  empty,
  overText,
  testId,
}: {
  search: string;
  label: string;
  empty: ReactNode;
  overText: string;
  testId: string;
}) {
  const query = useFeed(search);
  return (
    <InfiniteList<Memo>
      source={query}
      items={flatten(query.data)}
      itemKey={(memo) => memo.id}
      label={label}
      overText={overText}
      testId={testId}
      empty={empty}
      renderItem={(memo, index) => (
        <Suspense fallback={<Skeleton height={120} radius="md" />}>
          <MemoCard memo={memo} firstScreen={index < FIRST_ITEMS} />
        </Suspense>
      )}
    />
  );
}

/** /feed/search: a modal searching within the feed (`search`, debounced 500 ms). */
function FeedSearch({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const apply = useDebouncedCallback(
    (value: string) => setSearch(value.trim()),
    TIMINGS.searchDebounceMs,
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('feed.feed.searchTitle')}
      size="lg"
      data-testid="feed-search"
    >
      <Stack gap="md">
        <TextInput
          type="search"
          data-autofocus
          aria-label={t('feed.feed.searchLabel')}
          placeholder={t('feed.feed.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            apply(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') apply.flush();
          }}
          rightSection={
            typed ? (
              <CloseButton
                size="sm"
                aria-label={t('memos.home.clearSearch')}
                onClick={() => {
                  setTyped('');
                  apply('');
                  apply.flush();
                }}
              />
            ) : null
          }
          data-testid="feed-search-input"
        />
        {search ? (
          <FeedList
            search={search}
            label={t('feed.feed.label')}
            overText={t('feed.feed.over')}
            testId="feed-search-results"
            empty={<DefaultEmpty title={t('feed.feed.noResults', { search })} />}
          />
        ) : (
          <Text c="dimmed" size="sm">
            {t('feed.feed.searchHint')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

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
      {searching && <FeedSearch onClose={() => void navigate('/feed', { replace: true })} />}
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
