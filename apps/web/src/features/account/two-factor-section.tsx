import { Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import type { TwoFactorMethod, TwoFactorSetupAnswer, User } from '@memoria/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { PasswordPrompt } from '../../ui/password-prompt';
import { errorText, showApiError, showSuccess } from '../../ui/toasts';
import { BackupCodes } from './backup-codes';
import {
  useBackupCodes,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactor,
} from './queries';
import { Section } from './section';

/** Two-step verification: authenticator app (QR + secret) or email code, backup codes, off. */
export function TwoFactorSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const backup = useBackupCodes();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetupAnswer>();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[]>();
  const [disableOpen, setDisableOpen] = useState(false);
  const [disableError, setDisableError] = useState<string>();
  const on = user.user_profile.two_factor_authentication;
  const method = user.user_profile.two_factor_method;

  const begin = async (chosen: TwoFactorMethod) => {
    setCodes(undefined);
    setCode('');
    try {
      setSetup(await start.mutateAsync(chosen));
    } catch (error) {
      showApiError(error);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    try {
      const answer = await confirm.mutateAsync(code.trim());
      setSetup(undefined);
      setCodes(answer.backup_codes);
      showSuccess(t('account.twofa.enabled'));
    } catch (error) {
      showApiError(error);
    }
  };

  const turnOff = async (password: string) => {
    setDisableError(undefined);
    try {
      await disable.mutateAsync(password);
      setDisableOpen(false);
      setCodes(undefined);
      showSuccess(t('account.twofa.disabled'));
    } catch (error) {
      setDisableError(errorText(error));
    }
  };

  const showCodes = async () => {
    try {
      setCodes((await backup.mutateAsync()).backup_codes);
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <Section title={t('account.twofa.title')} testId="twofa-section">
      {on ? (
        <Stack gap="sm">
          <Text data-testid="twofa-status">
            {t('account.twofa.on', {
              method:
                method === 'email' ? t('account.twofa.methodEmail') : t('account.twofa.methodTotp'),
            })}
          </Text>
          <Group>
            <Button
              variant="light"
              onClick={() => void showCodes()}
              loading={backup.isPending}
              data-testid="twofa-show-backup"
            >
              {t('account.twofa.regenerate')}
            </Button>
            <Button
              variant="outline"
              color="red"
              onClick={() => setDisableOpen(true)}
              data-testid="twofa-disable"
            >
              {t('account.twofa.disable')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('account.twofa.regenerateHint')}
          </Text>
        </Stack>
      ) : (
        !setup && (
          <Stack gap="sm">
            <Text data-testid="twofa-status">{t('account.twofa.off')}</Text>
            <Group>
              <Button
                onClick={() => void begin('totp')}
                loading={start.isPending && start.variables === 'totp'}
                data-testid="twofa-method-totp"
              >
                {t('account.twofa.useTotp')}
              </Button>
              <Button
                variant="light"
                onClick={() => void begin('email')}
                loading={start.isPending && start.variables === 'email'}
                data-testid="twofa-method-email"
              >
                {t('account.twofa.useEmail')}
              </Button>
            </Group>
          </Stack>
        )
      )}
      {setup && (
        <form onSubmit={(event) => void submitCode(event)} noValidate>
          <Stack gap="md">
            {setup.method === 'totp' ? (
              <>
                <Text size="sm">{t('account.twofa.scan')}</Text>
                {setup.qr_code && (
                  <Image
                    src={setup.qr_code}
                    alt={t('account.twofa.qrAlt')}
                    w={200}
                    h={200}
                    fit="contain"
                    bg="white"
                    p={4}
                    radius="md"
                    data-testid="twofa-qr"
                  />
                )}
                {setup.secret && (
                  <div>
                    <Text size="sm" fw={500}>
                      {t('account.twofa.secret')}
                    </Text>
                    <Code fz="md" data-testid="twofa-secret" style={{ wordBreak: 'break-all' }}>
                      {setup.secret}
                    </Code>
                  </div>
                )}
              </>
            ) : (
              <Text size="sm">{t('account.twofa.emailSent')}</Text>
            )}
            <TextInput
              label={t('account.twofa.code')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-testid="twofa-code"
              required
            />
            <Group>
              <Button type="submit" loading={confirm.isPending} data-testid="twofa-confirm">
                {t('account.twofa.confirm')}
              </Button>
              <Button variant="default" onClick={() => setSetup(undefined)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {codes && <BackupCodes codes={codes} />}
      <PasswordPrompt
        opened={disableOpen}
        title={t('account.twofa.disableTitle')}
        text={t('account.twofa.disableText')}
        confirmLabel={t('account.twofa.disable')}
        loading={disable.isPending}
        error={disableError}
        onConfirm={(password) => void turnOff(password)}
        onClose={() => setDisableOpen(false)}
        testId="twofa-disable"
      />
    </Section>
  );
}
