import { Alert, Anchor, Button, Loader, Group, Stack, Text, Title } from '@mantine/core';
import { AUTH } from '@memoria/domain';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { errorText, showSuccess } from '../../ui/toasts';
import { PollTimeout, pollUntil } from '../../ui/poll-until';
import { usePageTitle } from '../../ui/use-page-title';
import { isTokenPair, pimLogin, startPimLogin, usePimProvider } from './queries';
import { useFinishLogin } from './use-finish-login';

/** The request secret between leaving for the identity service and coming back. */
const REQUEST_KEY = 'memoria.pim.request';

type State =
  | { kind: 'start' }
  | { kind: 'leaving' }
  | { kind: 'waiting' }
  | { kind: 'failed'; message: string }
  | { kind: 'timeout' };

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
  const [state, setState] = useState<State>(() =>
    returned && sessionStorage.getItem(REQUEST_KEY) ? { kind: 'waiting' } : { kind: 'start' },
  );
  usePageTitle(t('auth.pim.title'));

  const waiting = state.kind === 'waiting';
  useEffect(() => {
    if (!waiting) return;
    const request = sessionStorage.getItem(REQUEST_KEY);
    if (!request) return;
    const controller = new AbortController();
    pollUntil(() => pimLogin(request), {
      timeoutMs: AUTH.pimTimeoutMs,
      signal: controller.signal,
    }).then(
      (answer) => {
        sessionStorage.removeItem(REQUEST_KEY);
        if (!isTokenPair(answer)) {
          setState({ kind: 'failed', message: t('errors.unknown') });
          return;
        }
        const { notice } = answer as { notice?: string };
        if (notice) showSuccess(notice, 8000);
        finish(answer);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        sessionStorage.removeItem(REQUEST_KEY);
        setState(
          error instanceof PollTimeout
            ? { kind: 'timeout' }
            : { kind: 'failed', message: errorText(error) },
        );
      },
    );
    return () => controller.abort();
    // finish and t are stable for the page's life; the poll starts once per waiting state
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);

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
      {waiting && (
        <Group gap="sm" role="status" data-testid="pim-waiting">
          <Loader size="sm" />
          <Text>{t('auth.pim.waiting', { name })}</Text>
        </Group>
      )}
      {state.kind === 'failed' && (
        <Alert color="red" role="alert" data-testid="pim-error">
          {state.message}
        </Alert>
      )}
      {state.kind === 'timeout' && (
        <Alert color="yellow" role="alert" data-testid="pim-timeout">
          {t('auth.pim.timeout')}
        </Alert>
      )}
      {!waiting && (
        <>
          <Text>{t('auth.pim.intro', { name })}</Text>
          <Button
            onClick={() => void leave()}
            loading={state.kind === 'leaving'}
            disabled={provider.data?.enabled === false}
            data-testid="pim-start"
          >
            {state.kind === 'start' || state.kind === 'leaving'
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
