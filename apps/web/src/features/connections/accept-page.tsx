import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import type { UserSummary } from '@memoria/domain';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useSession } from '../../session/use-session';
import { useTranslation } from '../../i18n';
import { errorText } from '../../ui/toasts';
import { usePageTitle } from '../../ui/use-page-title';
import {
  useAcceptInvitation,
  useConfirmQrConnection,
  useInvitation,
  useQrConnection,
} from './queries';
import { VerifiedBadge } from './verified-badge';

function Shell({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Center py="xl">
      <Paper withBorder radius="md" p="lg" maw={480} w="100%" data-testid="accept-page">
        <Stack gap="md">
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

function Person({ user, verified }: { user: UserSummary; verified?: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={user.picture} alt="" name={user.name} color="initials" radius="xl" size="lg">
        {user.label || undefined}
      </Avatar>
      <Group gap={6} wrap="nowrap" miw={0}>
        <Text fw={600} truncate data-testid="accept-person">
          {user.name}
        </Text>
        {verified && <VerifiedBadge size={16} />}
      </Group>
    </Group>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="md" role="status">
      <Loader size={35} aria-label={t('app.loading')} />
    </Center>
  );
}

/** A failed lookup: 404/410/422 mean the link is unknown, used or expired. */
function Invalid({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const known = isApiError(error) && [400, 404, 410, 422].includes(error.status);
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="accept-invalid">
      {known ? t('connections.accept.invalid') : errorText(error)}
    </Alert>
  );
}

function Done({ name, userId }: { name: string; userId?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="accept-done">
        {t('connections.accept.connected', { name })}
      </Alert>
      <Group>
        <Button component={Link} to="/connections">
          {t('connections.accept.toConnections')}
        </Button>
        {userId !== undefined && (
          <Button component={Link} to={`/profile/${userId}`} variant="default">
            {t('connections.accept.viewProfile')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** A personal QR link: whose it is, then "Connect" (auto-accepted). */
function QrAccept({ value }: { value: string }) {
  const { t } = useTranslation();
  const lookup = useQrConnection(value, true);
  const confirm = useConfirmQrConnection();
  const [failure, setFailure] = useState<unknown>();
  const owner = lookup.data?.user;

  let body: ReactNode;
  if (confirm.isSuccess && owner) body = <Done name={owner.name} userId={owner.id} />;
  else if (lookup.isPending) body = <Loading />;
  else if (lookup.isError) body = <Invalid error={lookup.error} />;
  else if (!owner) body = <Invalid error={undefined} />;
  else if (lookup.data.own) {
    body = (
      <Alert color="blue" data-testid="accept-own">
        {t('connections.accept.own')}
      </Alert>
    );
  } else if (lookup.data.connection_status === 'active') {
    body = (
      <>
        <Person user={owner} verified={owner.user_identified} />
        <Alert color="blue" data-testid="accept-already">
          {t('connections.accept.already', { name: owner.name })}
        </Alert>
        <Group>
          <Button component={Link} to={`/profile/${owner.id}`} variant="default">
            {t('connections.accept.viewProfile')}
          </Button>
        </Group>
      </>
    );
  } else {
    const pending = lookup.data.connection_status !== null;
    body = (
      <>
        <Person user={owner} verified={owner.user_identified} />
        <Text>{t('connections.accept.qrOwner', { name: owner.name })}</Text>
        {pending && (
          <Alert color="blue" data-testid="accept-pending">
            {t('connections.accept.pending', { name: owner.name })}
          </Alert>
        )}
        {failure !== undefined && <Invalid error={failure} />}
        <Group>
          <Button
            loading={confirm.isPending}
            onClick={() => {
              setFailure(undefined);
              confirm.mutate(value, { onError: setFailure });
            }}
            data-testid="accept-confirm"
          >
            {t('connections.accept.connect')}
          </Button>
          <Button component={Link} to="/connections" variant="default">
            {t('connections.accept.decline')}
          </Button>
        </Group>
      </>
    );
  }
  return <Shell title={t('connections.accept.qrTitle')}>{body}</Shell>;
}

/** An invitation link from an email: who invited, then "Accept invitation". */
function InvitationAccept({ value }: { value: string }) {
  const { t } = useTranslation();
  const invitation = useInvitation(value, true, true);
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<unknown>();
  const inviter = invitation.data?.user_outbound;

  let body: ReactNode;
  if ((accept.isSuccess || invitation.data?.connected) && inviter) {
    body = <Done name={inviter.name} userId={inviter.id} />;
  } else if (invitation.isPending) body = <Loading />;
  else if (invitation.isError || !inviter) body = <Invalid error={invitation.error} />;
  else {
    body = (
      <>
        <Person user={inviter} />
        <Text>{t('connections.accept.invites', { name: inviter.name })}</Text>
        {invitation.data.personal_message && (
          <Text style={{ whiteSpace: 'pre-wrap' }} fs="italic" data-testid="accept-message">
            {invitation.data.personal_message}
          </Text>
        )}
        {failure !== undefined && <Invalid error={failure} />}
        <Group>
          <Button
            loading={accept.isPending}
            onClick={() => {
              setFailure(undefined);
              accept.mutate(value, { onError: setFailure });
            }}
            data-testid="accept-confirm"
          >
            {t('connections.accept.accept')}
          </Button>
          <Button component={Link} to="/connections" variant="default">
            {t('connections.accept.decline')}
          </Button>
        </Group>
      </>
    );
  }
  return <Shell title={t('connections.accept.title')}>{body}</Shell>;
}

/** /connections/accept/:value: an invitation (email link) or, with ?qr=1, a QR link. */
export function AcceptConnectionPage() {
  const { value = '' } = useParams();
  const { search } = useLocation();
  const qr = new URLSearchParams(search).has('qr');
  return qr ? (
    <QrAccept key={value} value={value} />
  ) : (
    <InvitationAccept key={value} value={value} />
  );
}

/**
 * /p/connections/accept/:value for visitors: who invited, then log in or sign up and come back
 * to /connections/accept/:value (the redirect query; usermail fills the address in). Signed-in
 * users go straight there.
 */
export function PublicAcceptConnectionPage() {
  const { t } = useTranslation();
  const { value = '' } = useParams();
  const { search } = useLocation();
  const session = useSession();
  const params = new URLSearchParams(search);
  const qr = params.has('qr');
  const invitation = useInvitation(value, !qr && session?.kind !== 'full');
  const target = `/connections/accept/${encodeURIComponent(value)}${search}`;
  if (session?.kind === 'full') return <Navigate to={target} replace />;

  const usermail = params.get('usermail') ?? invitation.data?.user_to_email ?? '';
  const next = new URLSearchParams({ redirect: target });
  if (usermail) next.set('usermail', usermail);
  const login = `/auth?${next.toString()}`;
  const signup = `/auth/signup?${next.toString()}`;
  const newcomer = invitation.data ? !invitation.data.has_account : false;
  const inviter = invitation.data?.user_outbound;

  return (
    <Shell title={t(qr ? 'connections.accept.qrTitle' : 'connections.accept.title')}>
      {!qr && invitation.isPending && <Loading />}
      {!qr && invitation.isError && <Invalid error={invitation.error} />}
      {inviter && (
        <>
          <Person user={inviter} />
          <Text>{t('connections.accept.invites', { name: inviter.name })}</Text>
          {invitation.data?.personal_message && (
            <Text style={{ whiteSpace: 'pre-wrap' }} fs="italic" data-testid="accept-message">
              {invitation.data.personal_message}
            </Text>
          )}
          {invitation.data?.user_to_email && (
            <Text size="sm" c="dimmed">
              {t('connections.accept.sentTo', { email: invitation.data.user_to_email })}
            </Text>
          )}
        </>
      )}
      {(qr || invitation.isSuccess) && (
        <>
          <Text data-testid="accept-visitor">{t('connections.accept.visitor')}</Text>
          <Group>
            <Button
              component={Link}
              to={newcomer ? signup : login}
              data-testid={newcomer ? 'accept-signup' : 'accept-login'}
            >
              {t(newcomer ? 'connections.accept.signup' : 'connections.accept.login')}
            </Button>
            <Anchor component={Link} to={newcomer ? login : signup} size="sm">
              {t(newcomer ? 'connections.accept.login' : 'connections.accept.signup')}
            </Anchor>
          </Group>
        </>
      )}
    </Shell>
  );
}
