import { Anchor, Stack, TextInput } from '@mantine/core';
import { isEmail } from '@memoria/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { setPostLoginDestination, startSession } from '../../session/session-actions';
import { afterLoginDestination } from '../../session/navigation-rules';
import { useSession } from '../../session/use-session';
import { errorText, showApiError, showSuccess } from '../../ui/toasts';
import { CodeStep } from './code-step';
import { useResendVerification, useVerifyAccount } from './queries';
import { SIGNUP_USERMAIL_KEY } from './signup-page';
import { usePageTitle } from '../../ui/use-page-title';

/** /auth/signup/verification: the 6-digit code from the signup email activates the account. */
export function VerificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const withSession = session?.kind === 'activation';
  const [usermail, setUsermail] = useState(
    params.get('usermail') ?? sessionStorage.getItem(SIGNUP_USERMAIL_KEY) ?? '',
  );
  const [error, setError] = useState<string>();
  const verify = useVerifyAccount();
  const resend = useResendVerification();
  usePageTitle(t('auth.verification.title'));
  const mailOk = withSession || (usermail.trim() !== '' && isEmail(usermail));

  const submit = async (code: string) => {
    setError(undefined);
    if (!mailOk) return;
    try {
      const answer = await verify.mutateAsync(
        withSession ? { code } : { code, usermail: usermail.trim() },
      );
      sessionStorage.removeItem(SIGNUP_USERMAIL_KEY);
      if (answer.token && answer.refresh_token) {
        // A first login lands on / unless the signup carried a redirect (an invitation).
        const destination = afterLoginDestination(params.toString(), {});
        setPostLoginDestination(destination);
        startSession({ token: answer.token, refresh_token: answer.refresh_token }, 'full');
        showSuccess(t('auth.activation.activated'));
        navigate(destination, { replace: true });
      } else {
        showSuccess(t('auth.activation.activatedLogin'));
        const next = new URLSearchParams(params);
        next.set('usermail', usermail.trim());
        navigate(`/auth?${next.toString()}`, { replace: true });
      }
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const sendAgain = async () => {
    try {
      await resend.mutateAsync(withSession ? {} : { usermail: usermail.trim() });
      showSuccess(t('auth.verification.resent'));
    } catch (failure) {
      showApiError(failure);
    }
  };

  return (
    <Stack gap="md">
      {!withSession && (
        <TextInput
          label={t('auth.login.usermail')}
          type="email"
          autoComplete="email"
          value={usermail}
          onChange={(event) => setUsermail(event.currentTarget.value)}
          data-testid="verification-usermail"
          required
        />
      )}
      <CodeStep
        title={t('auth.verification.title')}
        text={t('auth.verification.text')}
        label={t('auth.verification.label')}
        submitLabel={t('auth.verification.submit')}
        error={error}
        loading={verify.isPending}
        onSubmit={(code) => void submit(code)}
        digitsOnly
        testIds={{ input: 'verification-code', submit: 'verification-submit' }}
        footer={
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void sendAgain()}
            disabled={resend.isPending || !mailOk}
            data-testid="verification-resend"
          >
            {t('auth.verification.resend')}
          </Anchor>
        }
      />
    </Stack>
  );
}
