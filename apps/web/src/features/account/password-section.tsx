import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isStrongPassword } from '@memoria/domain';
import { useTranslation } from '../../i18n';
import { applyViolations } from '../../ui/form-errors';
import { showApiError, showSuccess } from '../../ui/toasts';
import { PasswordChecklist } from '../auth/password-checklist';
import { useChangePassword } from './queries';
import { Section } from './section';

export function PasswordSection() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm({
    initialValues: { password: '', newPassword: '', repeat: '' },
    validate: {
      password: (value) =>
        value ? null : t('validation.required', { field: t('account.password.current') }),
      newPassword: (value) => (isStrongPassword(value) ? null : t('validation.passwordWeak')),
      repeat: (value, values) =>
        value === values.newPassword ? null : t('validation.passwordsDiffer'),
    },
  });

  const submit = form.onSubmit(async ({ password, newPassword }) => {
    try {
      await change.mutateAsync({ password, newPassword });
      form.reset();
      showSuccess(t('account.password.done'));
    } catch (error) {
      if (!applyViolations(form, error, ['password', 'newPassword'])) showApiError(error);
    }
  });

  return (
    <Section title={t('account.password.title')} testId="password-section">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('account.password.current')}
            autoComplete="current-password"
            required
            data-testid="password-current"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('account.password.new')}
            autoComplete="new-password"
            required
            data-testid="password-new"
            {...form.getInputProps('newPassword')}
          />
          <PasswordChecklist password={form.values.newPassword} />
          <PasswordInput
            label={t('account.password.repeat')}
            autoComplete="new-password"
            required
            data-testid="password-repeat"
            {...form.getInputProps('repeat')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending} data-testid="password-submit">
              {t('account.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
