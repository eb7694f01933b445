import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import type { SignedInSession } from '@memoria/domain';
import { currentLocale, useTranslation, type TFunction } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { QueryErrorView } from '../../ui/query-error';
import { showApiError, showSuccess } from '../../ui/toasts';
import { useSessions, useSignOutOthers, useSignOutSession } from './data-queries';
import { Section } from './section';

function deviceName(session: SignedInSession, t: TFunction): string {
  if (session.browser && session.system) {
    return t('accountData.sessions.device', { browser: session.browser, system: session.system });
  }
  return session.browser ?? session.system ?? t('accountData.sessions.unknown');
}

/** Sessions and devices: each signed-in session, "sign out" per session and elsewhere. */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current);

  const end = async (session: SignedInSession) => {
    try {
      await signOut.mutateAsync(session.id);
      showSuccess(t('accountData.sessions.signedOut'));
    } catch (error) {
      showApiError(error);
    }
  };
  const endOthers = async () => {
    try {
      await signOutOthers.mutateAsync();
      showSuccess(t('accountData.sessions.othersSignedOut'));
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <Section title={t('accountData.sessions.title')} testId="sessions-section">
      <Text size="sm" c="dimmed">
        {t('accountData.sessions.intro')}
      </Text>
      {sessions.isError && !sessions.data ? (
        <QueryErrorView error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <List listStyleType="none" spacing="sm" data-testid="sessions-list">
          {list.map((session) => {
            const name = deviceName(session, t);
            const used = session.last_used_at ?? session.created_at;
            return (
              <List.Item key={session.id} data-testid="session-item">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  {/* the details give way on a phone; the button keeps its whole label */}
                  <Stack gap={2} miw={0}>
                    <Group gap="xs">
                      <Text fw={600}>{name}</Text>
                      {session.current && (
                        <Badge variant="light" data-testid="session-current">
                          {t('accountData.sessions.thisDevice')}
                        </Badge>
                      )}
                      {session.delegated && (
                        <Badge variant="outline" color="gray">
                          {t('accountData.sessions.delegated')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('accountData.sessions.lastUsed', {
                        date: formatDateTime(used, currentLocale()),
                      })}
                      {session.ip
                        ? ` · ${t('accountData.sessions.address', { ip: session.ip })}`
                        : ''}
                    </Text>
                  </Stack>
                  {!session.current && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      style={{ flexShrink: 0 }}
                      aria-label={t('accountData.sessions.signOutLabel', { device: name })}
                      loading={signOut.isPending && signOut.variables === session.id}
                      onClick={() => void end(session)}
                      data-testid="session-sign-out"
                    >
                      {t('accountData.sessions.signOut')}
                    </Button>
                  )}
                </Group>
              </List.Item>
            );
          })}
        </List>
      )}
      {sessions.data && others.length === 0 && (
        <Text size="sm" data-testid="sessions-alone">
          {t('accountData.sessions.noOthers')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          variant="light"
          color="red"
          disabled={others.length === 0}
          loading={signOutOthers.isPending}
          onClick={() => void endOthers()}
          data-testid="sessions-sign-out-others"
        >
          {t('accountData.sessions.signOutOthers')}
        </Button>
      </Group>
    </Section>
  );
}
