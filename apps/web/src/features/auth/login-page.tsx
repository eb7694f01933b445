import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '../../ui/use-form';
import { LOGIN_ERROR, isEmail, type TwoFactorMethod } from '@memoria/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { errorText, showSuccess, showApiError } from '../../ui/toasts';
import { CodeStep } from './code-step';
import {
  isTokenPair,
  useLogin,
  usePimProvider,
  useResendVerification,
  useVerifyAccount,
  type Credentials,
} from './queries';
import { useFinishLogin } from './use-finish-login';
import { useStagingConfirm } from './use-staging-confirm';
import { usePageTitle } from '../../ui/use-page-title';

type Step =
  { kind: 'credentials' } | { kind: 'code'; method: TwoFactorMethod } | { kind: 'activation' };

/** Login with the two-step code and the activation steps (docs/API.md, Calls, Errors). */
export function LoginPage() {
  const { t } = useTranslation();
  const staging = useStagingConfirm();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [error, setError] = useState<string>();
  const [credentials, setCredentials] = useState<Credentials>();
  const login = useLogin();
  const verify = useVerifyAccount();
  const resend = useResendVerification();
  const finish = useFinishLogin();
  const pim = usePimProvider();
  usePageTitle(t('auth.login.title'));

  const form = useForm({
    initialValues: { usermail: params.get('usermail') ?? '', password: '' },
    validate: {
      usermail: (value) =>
        !value.trim()
          ? t('validation.required', { field: t('auth.login.usermail') })
          : isEmail(value)
            ? null
            : t('validation.email'),
      password: (value) =>
        value ? null : t('validation.required', { field: t('auth.login.password') }),
    },
  });

  const attempt = async (input: Credentials) => {
    setError(undefined);
    try {
      const answer = await login.mutateAsync(input);
      if (isTokenPair(answer)) {
        // e.g. a pending deletion of the account that signing in cancelled
        const { notice } = answer as { notice?: string };
        if (notice) showSuccess(notice, 8000);
        return finish(answer);
      }
      setStep({ kind: 'code', method: answer.method });
    } catch (failure) {
      if (isApiError(failure) && failure.code === LOGIN_ERROR.notActivated) {
        setStep({ kind: 'activation' });
        return;
      }
      setError(errorText(failure));
    }
  };

  const submitCredentials = form.onSubmit(async (values) => {
    if (!(await staging.confirm())) return;
    const input = { usermail: values.usermail.trim(), password: values.password };
    setCredentials(input);
    await attempt(input);
  });

  const back = () => {
    setStep({ kind: 'credentials' });
    setError(undefined);
  };

  if (step.kind === 'code' && credentials) {
    return (
      <CodeStep
        title={t('auth.code.title')}
        text={step.method === 'email' ? t('auth.code.emailSent') : t('auth.code.totp')}
        label={t('auth.code.label')}
        submitLabel={t('auth.code.submit')}
        error={error}
        loading={login.isPending}
        onSubmit={(code) => void attempt({ ...credentials, code })}
        onBack={back}
        backLabel={t('auth.code.backToLogin')}
        testIds={{ input: 'login-code', submit: 'login-code-submit' }}
      />
    );
  }

  if (step.kind === 'activation' && credentials) {
    const activate = async (code: string) => {
      setError(undefined);
      try {
        await verify.mutateAsync({ usermail: credentials.usermail, code });
        showSuccess(t('auth.activation.activated'));
        await attempt(credentials);
      } catch (failure) {
        setError(errorText(failure));
      }
    };
    const sendAgain = async () => {
      try {
        await resend.mutateAsync({ usermail: credentials.usermail });
        showSuccess(t('auth.activation.resent'));
      } catch (failure) {
        showApiError(failure);
      }
    };
    return (
      <CodeStep
        title={t('auth.activation.title')}
        text={t('auth.activation.text', { usermail: credentials.usermail })}
        label={t('auth.activation.label')}
        submitLabel={t('auth.activation.submit')}
        error={error}
        loading={verify.isPending || login.isPending}
        onSubmit={(code) => void activate(code)}
        onBack={back}
        backLabel={t('auth.code.backToLogin')}
        digitsOnly
        testIds={{ input: 'login-code', submit: 'login-code-submit' }}
        footer={
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void sendAgain()}
            disabled={resend.isPending}
            data-testid="login-resend"
          >
            {t('auth.activation.resend')}
          </Anchor>
        }
      />
    );
  }

  return (
    <form onSubmit={submitCredentials} noValidate>
      {staging.dialog}
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('auth.login.title')}
        </Title>
        {error && (
          <Alert color="red" role="alert" data-testid="login-error">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('auth.login.usermail')}
          type="email"
          autoComplete="username"
          required
          data-testid="login-usermail"
          {...form.getInputProps('usermail')}
        />
        <PasswordInput
          label={t('auth.login.password')}
          autoComplete="current-password"
          required
          data-testid="login-password"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/auth/forgot-password" size="sm">
            {t('auth.login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" loading={login.isPending} data-testid="login-submit">
          {t('auth.login.submit')}
        </Button>
        {pim.data?.enabled && (
          <Button component={Link} to="/auth/pim" variant="default" data-testid="login-pim">
            {t('auth.login.pimWith', { name: pim.data.name ?? t('auth.pim.service') })}
          </Button>
        )}
        <Text size="sm" ta="center">
          {t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to="/auth/signup">
            {t('auth.login.signup')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
