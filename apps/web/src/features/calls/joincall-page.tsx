import { Button } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session/use-session';
import { PageLoader } from '../../ui/page-loader';
import { usePageTitle } from '../../ui/use-page-title';
import { useProfile } from '../profile/queries';
import { joinWithLink } from './api';
import { CallSession } from './call-session';

/**
 * /joincall?token=<call link token>: the public way into a call (docs/notes/calls.md). Visitors
 * type a name and wait in the lobby; signed-in people join under their own name, and a
 * sign-in from here comes back here.
 */
export function JoinCallPage() {
  const { t } = useTranslation();
  usePageTitle(t('calls.joinTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const signedIn = session?.kind === 'full';
  const profile = useProfile();
  const here = `/joincall?token=${encodeURIComponent(token)}`;

  if (signedIn && profile.isPending) return <PageLoader />;
  return (
    <CallSession
      title={t('calls.joinTitle')}
      join={(name) => joinWithLink(token, signedIn ? null : name)}
      selfName={profile.data?.user_profile.name ?? ''}
      askName={!signedIn}
      lobbyChoice={false}
      canAdmit={signedIn}
      back="/"
      aside={
        signedIn ? undefined : (
          <Button
            variant="subtle"
            size="xs"
            component={Link}
            to={`/auth?redirect=${encodeURIComponent(here)}`}
          >
            {t('calls.signIn')}
          </Button>
        )
      }
    />
  );
}
