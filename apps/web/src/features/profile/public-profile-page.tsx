import { Alert, Button, Group, Stack, Tabs } from '@mantine/core';
import { IconLogin, IconUserPlus } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useSession } from '../../session/use-session';
import { useTranslation } from '../../i18n';
import { ErrorPage } from '../../ui/error-page';
import { PageLoader } from '../../ui/page-loader';
import { usePageTitle } from '../../ui/use-page-title';
import { ProfileError } from './profile-page';
import { ProfileHeader, ProfileStats } from './profile-header';
import { useProfileCollections, useUserProfile } from './user-queries';
import { CollectionList } from '../collections/collection-list';
import { EmptyState } from '../connections/list-state';
import { IconFolders } from '@tabler/icons-react';
import { isSlug } from '@memoria/domain';
import { hasPublicCard, PublicCard } from '../public-profile/public-card';
import { usePublicProfileBySlug } from '../public-profile/queries';

/**
 * /p/profile/:id (or /p/profile/:slug) for visitors (docs/DOMAIN.md, Entities): the public fields and public collections,
 * with follow and connect buttons that go through sign-in and come back to the profile.
 * Signed-in users see /profile/:id instead.
 */
export function PublicProfilePage() {
  const { t } = useTranslation();
  const params = useParams();
  // all digits: a profile id; otherwise a slug (slugs have a letter, docs/RULES.md, Public profile)
  const raw = (params.id ?? '').toLowerCase();
  const bySlug = !/^\d+$/.test(raw);
  const { search } = useLocation();
  const session = useSession();
  const signedIn = session?.kind === 'full';
  const slugQuery = usePublicProfileBySlug(raw, bySlug && isSlug(raw));
  const id = bySlug ? (slugQuery.data?.id ?? 0) : Number(raw);
  const valid = bySlug ? isSlug(raw) : Number.isInteger(id) && id > 0;
  const idQuery = useUserProfile(bySlug ? 0 : id, true);
  const query = bySlug ? slugQuery : idQuery;
  const collections = useProfileCollections(id, true, valid && !signedIn && query.isSuccess);
  usePageTitle(query.data?.name);

  if (!valid) return <ErrorPage status={404} resource="user" />;
  if (signedIn && id > 0) return <Navigate to={`/profile/${id}${search}`} replace />;
  if (query.isError)
    return <ProfileError error={query.error} onRetry={() => void query.refetch()} />;
  const profile = query.data;
  if (!profile) return <PageLoader />;

  const back = new URLSearchParams({ redirect: `/profile/${id}` }).toString();
  return (
    <Stack gap="lg" maw={1000} mx="auto" data-testid="public-profile-page">
      <ProfileHeader
        profile={profile}
        stats={<ProfileStats counts={profile.counts} own={false} />}
        actions={
          <Stack gap="xs">
            <Group gap="xs">
              <Button
                component={Link}
                to={`/auth?${back}`}
                variant="light"
                leftSection={<IconUserPlus size={16} aria-hidden />}
                data-testid="public-follow"
              >
                {t('profile.actions.follow')}
              </Button>
              <Button
                component={Link}
                to={`/auth?${back}`}
                leftSection={<IconLogin size={16} aria-hidden />}
                data-testid="public-connect"
              >
                {t('profile.actions.connect')}
              </Button>
            </Group>
            <Alert variant="light" color="gray" p="xs">
              {t('profile.public.visitor', { name: profile.name })}
            </Alert>
          </Stack>
        }
      />
      {hasPublicCard(profile) && <PublicCard data={profile} besideAccountPicture />}
      <Tabs value="collections">
        <Tabs.List aria-label={t('profile.tabsLabel')}>
          <Tabs.Tab value="collections">{t('profile.tabs.collections')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="collections" pt="md">
          {collections.isPending ? (
            <PageLoader />
          ) : (
            <CollectionList
              collections={collections.data ?? []}
              publicRoute
              empty={
                <EmptyState
                  icon={<IconFolders size={32} />}
                  text={t('profile.empty.collections')}
                  data-testid="profile-empty"
                />
              }
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
