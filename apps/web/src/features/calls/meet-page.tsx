import { Button, Stack, Text } from '@mantine/core';
import { canUseWebMeetings } from '@memoria/domain';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session/use-session';
import { PageLoader } from '../../ui/page-loader';
import { usePageTitle } from '../../ui/use-page-title';
import { useProfile } from '../profile/queries';
import { enterCall } from './api';
import { CallSession } from './call-session';

/**
 * /meet?collection=<id>: the call of a collection for the people inside it (docs/notes/calls.md).
 * Signed out, it asks to sign in and comes back here.
 */
export function MeetPage() {
  const { t } = useTranslation();
  usePageTitle(t('calls.meetTitle'));
  const [params] = useSearchParams();
  const collectionId = params.get('collection') ?? '';
  const session = useSession();
  const profile = useProfile();
  const here = `/meet?collection=${encodeURIComponent(collectionId)}`;

  if (session?.kind !== 'full') {
    return (
      <Stack align="center" py="xl">
        <Text>{t('calls.signInNeeded')}</Text>
        <Button component={Link} to={`/auth?redirect=${encodeURIComponent(here)}`}>
          {t('calls.signIn')}
        </Button>
      </Stack>
    );
  }
  if (!collectionId) {
    return (
      <Stack align="center" py="xl" data-testid="call-no-collection">
        <Text>{t('calls.noCollection')}</Text>
        <Button variant="default" component={Link} to="/collections">
          {t('calls.back')}
        </Button>
      </Stack>
    );
  }
  if (profile.isPending) return <PageLoader />;
  const user = profile.data;
  const root = user?.root_user ? { id: user.root_user.id, user_type: 'normal' } : null;
  return (
    <CallSession
      title={t('calls.meetTitle')}
      join={(_name, lobby) => enterCall(collectionId, lobby)}
      selfName={user?.user_profile.name ?? ''}
      askName={false}
      lobbyChoice={user ? canUseWebMeetings(user, root) : false}
      canAdmit
      back={`/collections/${encodeURIComponent(collectionId)}`}
    />
  );
}
