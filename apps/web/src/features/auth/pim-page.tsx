import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { AUTH } from '@memoria/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { errorText, showSuccess } from '../../ui/toasts';
import { PollStatus, usePollWhileWaiting, type PollState } from '../../ui/poll-status';
import { usePageTitle } from '../../ui/use-page-title';
import { isTokenPair, pimLogin, startPimLogin, usePimProvider } from './queries';
import { useFinishLogin } from './use-finish-login';

/** The request secret between leaving for the identity service and coming back. */
const REQUEST_KEY = 'memoria.pim.request';

/**
 * /auth/pim: sign in through the external identity service (docs/notes/identity-verification.md).
 * The browser goes to the service; back here, the page asks the server until the service's
 * answer is in (1 s, then every 3 s), and gives up after 2 minutes.
 */
export function PimPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const provider = usePimProvider();
  const finish = useFinishLogin();
  const returned = params.get('result');
  const [state, setState] = useState<PollState>(() =>
    returned && sessionStorage.getItem(REQUEST_KEY) ? { kind: 'waiting' } : { kind: 'idle' },
  );
  usePageTitle(t('auth.pim.title'));

  const waiting = state.kind === 'waiting';
  usePollWhileWaiting(state, {
    check: () => pimLogin(sessionStorage.getItem(REQUEST_KEY) ?? ''),
    timeoutMs: AUTH.pimTimeoutMs,
    setState,
    onStop: () => sessionStorage.removeItem(REQUEST_KEY),
    onAnswer: (answer) => {
      sessionStorage.removeItem(REQUEST_KEY);
      if (!isTokenPair(answer)) {
        setState({ kind: 'failed', message: t('errors.unknown') });
        return;
      }
      const { notice } = answer as { notice?: string };
      if (notice) showSuccess(notice, 8000);
      finish(answer);
    },
  });

  const leave = async () => {
    setState({ kind: 'leaving' });
    try {
      const started = await startPimLogin(currentLocale());
      sessionStorage.setItem(REQUEST_KEY, started.request);
      window.location.assign(started.url);
    } catch (error) {
      setState({ kind: 'failed', message: errorText(error) });
    }
  };

  const name = provider.data?.name ?? t('auth.pim.service');
  return (
    <Stack gap="md" data-testid="pim-page">
      <Title order={1} size="h2">
        {t('auth.pim.title')}
      </Title>
      <PollStatus
        state={state}
        testId="pim"
        waitingText={t('auth.pim.waiting', { name })}
        timeoutText={t('auth.pim.timeout')}
      />
      {!waiting && (
        <>
          <Text>{t('auth.pim.intro', { name })}</Text>
          <Button
            onClick={() => void leave()}
            loading={state.kind === 'leaving'}
            disabled={provider.data?.enabled === false}
            data-testid="pim-start"
          >
            {state.kind === 'idle' || state.kind === 'leaving'
              ? t('auth.login.pimWith', { name })
              : t('auth.pim.retry')}
          </Button>
        </>
      )}
      <Anchor component={Link} to="/auth" size="sm" ta="center">
        {t('auth.code.backToLogin')}
      </Anchor>
    </Stack>
  );
}
