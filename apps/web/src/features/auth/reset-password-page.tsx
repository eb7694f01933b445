import { Alert, Anchor, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '../../ui/use-form';
import { isStrongPassword } from '@memoria/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText, showSuccess } from '../../ui/toasts';
import { PasswordChecklist } from './password-checklist';
import { useForgotPasswordConfirm } from './queries';
import { usePageTitle } from '../../ui/use-page-title';

/** /auth/reset?token=…: the link from the forgot-password email. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useForgotPasswordConfirm();
  usePageTitle(t('auth.reset.title'));
  const [error, setError] = useState<string>();
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: {
      password: (value) => (isStrongPassword(value) ? null : t('validation.passwordWeak')),
      repeat: (value, values) =>
        value === values.password ? null : t('validation.passwordsDiffer'),
    },
  });

  const submit = form.onSubmit(async ({ password }) => {
    setError(undefined);
    try {
      await confirm.mutateAsync({ password, token });
      showSuccess(t('auth.reset.done'), 3500);
      navigate('/auth', { replace: true });
    } catch (failure) {
      setError(errorText(failure));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('auth.reset.title')}
        </Title>
        {!token ? (
          <Alert color="red" role="alert">
            {t('auth.reset.missingToken')}
          </Alert>
        ) : (
          <>
            {error && (
              <Alert color="red" role="alert" data-testid="reset-error">
                {error}{' '}
                <Anchor component={Link} to="/auth/forgot-password">
                  {t('auth.reset.requestNew')}
                </Anchor>
              </Alert>
            )}
            <PasswordInput
              label={t('auth.reset.password')}
              autoComplete="new-password"
              required
              data-testid="reset-password"
              {...form.getInputProps('password')}
            />
            <PasswordChecklist password={form.values.password} />
            <PasswordInput
              label={t('auth.reset.repeat')}
              autoComplete="new-password"
              required
              data-testid="reset-repeat"
              {...form.getInputProps('repeat')}
            />
            <Button type="submit" loading={confirm.isPending} data-testid="reset-submit">
              {t('auth.reset.submit')}
            </Button>
          </>
        )}
        {!token && (
          <Anchor component={Link} to="/auth/forgot-password" size="sm">
            {t('auth.reset.requestNew')}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
