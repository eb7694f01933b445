import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session/use-session';
import { errorText } from '../../ui/toasts';
import { usePageTitle } from '../../ui/use-page-title';
import { useConfirmEmailChange } from './data-queries';

/**
 * /auth/confirm-email?token=…: the link mailed to a new address. It asks for one click
 * (a mail scanner opening the link changes nothing), signed in or not.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const signedIn = useSession()?.kind === 'full';
  const [done, setDone] = useState<string>();
  const [error, setError] = useState<string>();
  usePageTitle(t('accountData.confirm.title'));

  const submit = async () => {
    setError(undefined);
    try {
      setDone((await confirm.mutateAsync(token)).status);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <Paper withBorder radius="lg" p="lg" maw={520} mx="auto" mt="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('accountData.confirm.title')}
        </Title>
        {!token ? (
          <Alert color="red" role="alert">
            {t('accountData.confirm.missingToken')}
          </Alert>
        ) : done ? (
          <>
            <Alert color="green" role="status" data-testid="confirm-email-done">
              {done}
            </Alert>
            <Anchor component={Link} to={signedIn ? '/account-settings' : '/auth'}>
              {signedIn ? t('accountData.confirm.toSettings') : t('accountData.confirm.toLogin')}
            </Anchor>
          </>
        ) : (
          <>
            <Text>{t('accountData.confirm.text')}</Text>
            {error && (
              <Alert color="red" role="alert" data-testid="confirm-email-error">
                {error}
              </Alert>
            )}
            <Button
              onClick={() => void submit()}
              loading={confirm.isPending}
              data-testid="confirm-email-submit"
            >
              {t('accountData.confirm.submit')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
