import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '../../ui/use-form';
import { isEmail } from '@memoria/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Link } from 'react-router';
import { showApiError } from '../../ui/toasts';
import { useForgotPassword } from './queries';
import { usePageTitle } from '../../ui/use-page-title';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  usePageTitle(t('auth.forgot.title'));
  const [sent, setSent] = useState(false);
  const form = useForm({
    initialValues: { usermail: '' },
    validate: {
      usermail: (value) =>
        !value.trim()
          ? t('validation.required', { field: t('auth.forgot.usermail') })
          : isEmail(value)
            ? null
            : t('validation.email'),
    },
  });

  const submit = form.onSubmit(async ({ usermail }) => {
    try {
      await forgot.mutateAsync(usermail.trim());
      setSent(true);
    } catch (error) {
      showApiError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('auth.forgot.title')}
        </Title>
        {sent ? (
          <Alert color="teal" role="status" data-testid="forgot-sent">
            {t('auth.forgot.sent')}
          </Alert>
        ) : (
          <>
            <Text c="dimmed">{t('auth.forgot.text')}</Text>
            <TextInput
              label={t('auth.forgot.usermail')}
              type="email"
              autoComplete="email"
              required
              data-testid="forgot-usermail"
              {...form.getInputProps('usermail')}
            />
            <Button type="submit" loading={forgot.isPending} data-testid="forgot-submit">
              {t('auth.forgot.submit')}
            </Button>
          </>
        )}
        <Anchor component={Link} to="/auth" size="sm" ta="center">
          {t('auth.forgot.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
