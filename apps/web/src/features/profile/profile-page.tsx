import { Image, Stack, Tabs } from '@mantine/core';
import { hasPublicCard, PublicCard } from '../public-profile/public-card';
import { isWorkspace, type PublicProfile } from '@memoria/domain';
import { Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useTranslation } from '../../i18n';
import { ErrorPage } from '../../ui/error-page';
import { PageLoader } from '../../ui/page-loader';
import { QueryErrorView } from '../../ui/query-error';
import { usePageTitle } from '../../ui/use-page-title';
import { useContactCounts } from '../connections/queries';
import { useProfile } from './queries';
import { OwnProfileActions, ProfileActions } from './profile-actions';
import { ProfileHeader, ProfileStats } from './profile-header';
import { useUserProfile } from './user-queries';

export type ProfileSection = 'collections' | 'shared' | 'members' | 'documents';

export interface ProfileOutlet {
  profile: PublicProfile;
  /** the signed-in user's id */
  viewerId: number;
}

export function useProfileOutlet(): ProfileOutlet {
  return useOutletContext<ProfileOutlet>();
}

/** The section a path shows: /profile/{id}/{section}, the index being collections. */
export function sectionOf(pathname: string): ProfileSection {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return last === 'shared' || last === 'members' || last === 'documents' ? last : 'collections';
}

/** A failed profile: 404 (unknown or blocked) and 403 get the error page. */
export function ProfileError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && (error.status === 404 || error.status === 400)) {
    return <ErrorPage status={404} resource="user" />;
  }
  if (isApiError(error) && error.status === 403) {
    return <ErrorPage status={403} message={error.serverMessage} />;
  }
  return <QueryErrorView error={error} onRetry={onRetry} />;
}

/** /profile/:id with its sections collections, shared, members and documents. */
export function ProfilePage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const me = useProfile().data;
  const query = useUserProfile(id, false);
  const profile = query.data;
  const own = Boolean(me && me.id === id);
  const ownCounts = useContactCounts(own).data;
  usePageTitle(profile?.name);

  if (!Number.isInteger(id) || id <= 0) return <ErrorPage status={404} resource="user" />;
  if (query.isError)
    return <ProfileError error={query.error} onRetry={() => void query.refetch()} />;
  if (!profile || !me) return <PageLoader />;

  const section = sectionOf(pathname);
  const sections: ProfileSection[] = ['collections', 'shared'];
  if (isWorkspace(profile)) sections.push('members');
  sections.push('documents');
  const counts = own && ownCounts ? ownCounts : profile.counts;
  const context: ProfileOutlet = { profile, viewerId: me.id };

  return (
    <Stack gap="lg" maw={1000} mx="auto" data-testid="profile-page">
      {profile.cover && (
        <Image
          src={profile.cover}
          alt={t('publicProfile.cover.alt')}
          h={180}
          radius="lg"
          fit="cover"
          data-testid="profile-cover"
        />
      )}
      <ProfileHeader
        profile={profile}
        stats={<ProfileStats counts={counts} own={own} />}
        actions={own ? <OwnProfileActions /> : <ProfileActions profile={profile} />}
      />
      {hasPublicCard(profile) && <PublicCard data={profile} besideAccountPicture />}
      <Tabs
        value={section}
        onChange={(value) => {
          if (!value || value === section) return;
          void navigate(value === 'collections' ? `/profile/${id}` : `/profile/${id}/${value}`);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('profile.tabsLabel')}>
          {sections.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`profile-tab-${value}`}>
              {t(`profile.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={section} pt="md">
          <Outlet context={context} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
