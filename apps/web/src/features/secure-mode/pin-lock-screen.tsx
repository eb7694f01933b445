import {
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PIN_PATTERN } from '@memoria/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { isApiError } from '../../api/errors';
import { logout } from '../../session/session-actions';
import { PasswordPrompt } from '../../ui/password-prompt';
import { errorText, showSuccess } from '../../ui/toasts';
import { useResetLockCode, validateLockCode } from '../account/queries';
import { useProfile } from '../profile/queries';
import { setSecureMode } from './secure-mode';
import { usePageTitle } from '../../ui/use-page-title';

/** Shown on every route while secure mode is on, until the PIN checks out. */
export function PinLockScreen() {
  const { t } = useTranslation();
  const user = useProfile().data;
  usePageTitle(t('lock.title'));
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotError, setForgotError] = useState<string>();
  const reset = useResetLockCode();

  const unlock = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    if (!PIN_PATTERN.test(pin)) {
      setError(t('validation.pin'));
      return;
    }
    setChecking(true);
    setError(undefined);
    try {
      await validateLockCode(pin);
      setSecureMode(user.id, false);
    } catch (failure) {
      // A wrong PIN is a 400 "Invalid"; a lockout (423/429) explains itself.
      const locked = isApiError(failure) && (failure.status === 423 || failure.status === 429);
      setError(locked ? errorText(failure) : t('lock.wrong'));
      setPin('');
    } finally {
      setChecking(false);
    }
  };

  const forgot = async (password: string) => {
    if (!user) return;
    setForgotError(undefined);
    try {
      await reset.mutateAsync(password);
      setForgotOpen(false);
      setSecureMode(user.id, false);
      showSuccess(t('lock.removed'));
    } catch (failure) {
      setForgotError(errorText(failure));
    }
  };

  return (
    <Center mih="100dvh" p="md" component="main" data-testid="pin-lock-screen">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={380}>
        <form onSubmit={(event) => void unlock(event)} noValidate>
          <Stack gap="md" align="stretch">
            <Center>
              <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
                <IconLock size={30} />
              </ThemeIcon>
            </Center>
            <Title order={1} size="h3" ta="center">
              {t('lock.title')}
            </Title>
            <Text c="dimmed" ta="center">
              {t('lock.text')}
            </Text>
            <PasswordInput
              label={t('lock.label')}
              value={pin}
              onChange={(event) => setPin(event.currentTarget.value.replace(/\D/g, ''))}
              inputMode="numeric"
              maxLength={8}
              autoComplete="off"
              error={error}
              data-testid="pin-input"
              autoFocus
            />
            <Button type="submit" loading={checking} data-testid="pin-unlock">
              {t('lock.submit')}
            </Button>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setForgotOpen(true)}
              data-testid="pin-forgot"
            >
              {t('lock.forgot')}
            </Anchor>
            <Anchor
              component="button"
              type="button"
              size="sm"
              c="dimmed"
              onClick={() => void logout()}
            >
              {t('nav.logout')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
      <PasswordPrompt
        opened={forgotOpen}
        title={t('lock.forgotTitle')}
        text={t('lock.forgotText')}
        confirmLabel={t('common.confirm')}
        loading={reset.isPending}
        error={forgotError}
        onConfirm={(password) => void forgot(password)}
        onClose={() => setForgotOpen(false)}
        testId="pin-forgot"
      />
    </Center>
  );
}
