import { Button, Group, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PIN_PATTERN, type User } from '@memoria/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { applyViolations } from '../../ui/form-errors';
import { PasswordPrompt } from '../../ui/password-prompt';
import { errorText, showApiError, showSuccess } from '../../ui/toasts';
import { setSecureMode } from '../secure-mode/secure-mode';
import { useLockCodeExists, useResetLockCode, useSaveLockCode } from './queries';
import { Section } from './section';

const pinProps = { inputMode: 'numeric' as const, maxLength: 8, autoComplete: 'off' };

/** PIN for secure mode: set, change (with the current PIN) or remove (with the password). */
export function PinSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const existsQuery = useLockCodeExists();
  const exists = existsQuery.data?.exists ?? user.has_lock_code;
  const save = useSaveLockCode();
  const reset = useResetLockCode();
  const [resetOpen, setResetOpen] = useState(false);
  const [resetError, setResetError] = useState<string>();

  const form = useForm({
    initialValues: { current: '', pin: '', repeat: '' },
    validate: {
      current: (value) => (!exists || PIN_PATTERN.test(value) ? null : t('validation.pin')),
      pin: (value) => (PIN_PATTERN.test(value) ? null : t('validation.pin')),
      repeat: (value, values) => (value === values.pin ? null : t('validation.pinsDiffer')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(
        exists
          ? { lock_code: values.pin, current_lock_code: values.current }
          : { lock_code: values.pin },
      );
      form.reset();
      showSuccess(t('account.pin.saved'));
    } catch (error) {
      const placed = applyViolations(form, error, ['current_lock_code', 'lock_code']);
      if (!placed) showApiError(error);
    }
  });

  const remove = async (password: string) => {
    setResetError(undefined);
    try {
      await reset.mutateAsync(password);
      setResetOpen(false);
      setSecureMode(user.id, false);
      showSuccess(t('account.pin.removed'));
    } catch (error) {
      setResetError(errorText(error));
    }
  };

  return (
    <Section title={t('account.pin.title')} testId="pin-section">
      <Text size="sm" c="dimmed" data-testid="pin-status">
        {exists ? t('account.pin.exists') : t('account.pin.none')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: exists ? 3 : 2 }} spacing="md">
            {exists && (
              <PasswordInput
                label={t('account.pin.current')}
                {...pinProps}
                data-testid="pin-current"
                {...form.getInputProps('current')}
              />
            )}
            <PasswordInput
              label={t('account.pin.new')}
              {...pinProps}
              data-testid="pin-new"
              {...form.getInputProps('pin')}
            />
            <PasswordInput
              label={t('account.pin.repeat')}
              {...pinProps}
              data-testid="pin-repeat"
              {...form.getInputProps('repeat')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="pin-save">
              {exists ? t('account.pin.change') : t('account.pin.set')}
            </Button>
            {exists && (
              <>
                <Button
                  variant="light"
                  onClick={() => setSecureMode(user.id, true)}
                  data-testid="pin-lock-now"
                >
                  {t('account.pin.lockNow')}
                </Button>
                <Button
                  variant="outline"
                  color="red"
                  onClick={() => setResetOpen(true)}
                  data-testid="pin-reset"
                >
                  {t('account.pin.reset')}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
      <PasswordPrompt
        opened={resetOpen}
        title={t('account.pin.resetTitle')}
        text={t('account.pin.resetText')}
        confirmLabel={t('account.pin.reset')}
        loading={reset.isPending}
        error={resetError}
        onConfirm={(password) => void remove(password)}
        onClose={() => setResetOpen(false)}
        testId="pin-reset"
      />
    </Section>
  );
}
