import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isEmail, type User } from '@memoria/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { applyViolations } from '../../ui/form-errors';
import { showApiError } from '../../ui/toasts';
import { useRequestEmailChange } from './data-queries';
import { Section } from './section';

/** Change of sign-in address: a confirmation link goes to the new one (docs/SCREENS.md). */
export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const change = useRequestEmailChange();
  const [sent, setSent] = useState<string>();
  const form = useForm({
    initialValues: { usermail: '', password: '' },
    validate: {
      usermail: (value) =>
        !value.trim()
          ? t('validation.required', { field: t('accountData.email.new') })
          : isEmail(value)
            ? null
            : t('validation.email'),
      password: (value) =>
        value ? null : t('validation.required', { field: t('accountData.email.password') }),
    },
  });

  const submit = form.onSubmit(async ({ usermail, password }) => {
    setSent(undefined);
    try {
      const answer = await change.mutateAsync({ usermail: usermail.trim(), password });
      form.reset();
      setSent(answer.status);
    } catch (error) {
      if (!applyViolations(form, error, ['usermail', 'password'])) showApiError(error);
    }
  });

  return (
    <Section title={t('accountData.email.title')} testId="email-section">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" data-testid="email-current">
            {t('accountData.email.current', { usermail: user.usermail })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('accountData.email.help')}
          </Text>
          <TextInput
            type="email"
            label={t('accountData.email.new')}
            autoComplete="email"
            required
            data-testid="email-new"
            {...form.getInputProps('usermail')}
          />
          <PasswordInput
            label={t('accountData.email.password')}
            autoComplete="current-password"
            required
            data-testid="email-password"
            {...form.getInputProps('password')}
          />
          {sent && (
            <Alert color="green" role="status" data-testid="email-sent">
              {sent}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending} data-testid="email-submit">
              {t('accountData.email.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
