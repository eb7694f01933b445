import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session/use-session';
import { usePageTitle } from '../../ui/use-page-title';
import { PAYMENT_FAILED_PATH, PAYMENT_SUCCESS_PATH } from './paths';
import { confirmOrder } from './queries';

function PopupFrame({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" ta="center" maw={380} data-testid={testId}>
        <Loader size="md" aria-hidden />
        <Title order={1} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * /subscription-process: what the 500x500 payment window shows while the order is made; the
 * page that opened it then sends it on to the provider's checkout.
 */
export function SubscriptionProcessPage() {
  const { t } = useTranslation();
  usePageTitle(t('subscriptions.popup.processTitle'));
  return (
    <PopupFrame
      title={t('subscriptions.popup.processTitle')}
      text={t('subscriptions.popup.processText')}
      testId="subscription-process"
    />
  );
}

/** Whether this page runs in the payment window its opener watches. */
function watchedByOpener(): boolean {
  try {
    return Boolean(window.opener) && window.opener.location.origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * /subscription-result: where the provider sends the payment window back (`?order=`). In the
 * window, the page that opened it reads the result and closes it. Opened on its own (no
 * window could be opened), it checks the order itself and goes to the success or failed result.
 */
export function SubscriptionResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [watched] = useState(watchedByOpener);
  const order = Number(params.get('order'));
  usePageTitle(t('subscriptions.popup.resultTitle'));

  useEffect(() => {
    if (watched || !session || !Number.isInteger(order) || order <= 0) return;
    let live = true;
    confirmOrder(order)
      .then((result) => result.status === 'active' || result.status === 'renewed')
      .catch(() => false)
      .then((paid) => {
        if (live) {
          void navigate(paid ? PAYMENT_SUCCESS_PATH : PAYMENT_FAILED_PATH, { replace: true });
        }
      });
    return () => {
      live = false;
    };
  }, [watched, session, order, navigate]);

  if (watched) {
    return (
      <PopupFrame
        title={t('subscriptions.popup.resultTitle')}
        text={t('subscriptions.popup.resultText')}
        testId="subscription-result"
      />
    );
  }
  if (!session) {
    return (
      <Center mih="60vh" p="md">
        <Stack align="center" data-testid="subscription-result-login">
          <Text>{t('subscriptions.popup.signIn')}</Text>
          <Anchor component={Link} to="/auth">
            {t('auth.login.submit')}
          </Anchor>
        </Stack>
      </Center>
    );
  }
  return (
    <PopupFrame
      title={t('subscriptions.popup.resultTitle')}
      text={t('subscriptions.popup.checking')}
      testId="subscription-result"
    />
  );
}
