import {
  Anchor,
  Button,
  NativeSelect,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '../../ui/use-form';
import {
  LOCALES,
  LOCALE_NAMES,
  isEmail,
  isLocale,
  isStrongPassword,
  type Locale,
} from '@memoria/domain';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { startSession } from '../../session/session-actions';
import { guestSettings } from '../../session/settings';
import { changeLocale, currentLocale, useTranslation } from '../../i18n';
import { applyViolations } from '../../ui/form-errors';
import { showApiError } from '../../ui/toasts';
import { browserLanguages, countryFromLanguages, countryOptions } from './country-options';
import { PasswordChecklist } from './password-checklist';
import { useSignup } from './queries';
import { useStagingConfirm } from './use-staging-confirm';
import { usePageTitle } from '../../ui/use-page-title';

export const SIGNUP_USERMAIL_KEY = 'signup-usermail';

/**
 * Signup: name, email, password with a live checklist, language (the page's one language
 * picker), country (from the browser's language).
 */
export function SignupPage() {
  const { t, i18n } = useTranslation();
  const staging = useStagingConfirm();
  const navigate = useNavigate();
  // An invitation link sends people here with their address and where to go afterwards.
  const { search } = useLocation();
  const invitedAddress = new URLSearchParams(search).get('usermail') ?? '';
  const signup = useSignup();
  usePageTitle(t('auth.signup.title'));
  const locale = currentLocale();
  const countries = useMemo(() => countryOptions(locale), [locale]);

  const form = useForm({
    initialValues: {
      name: '',
      usermail: invitedAddress,
      password: '',
      locale: locale as string,
      // from the browser's language, not the interface's (English is spoken far beyond the UK)
      country: countryFromLanguages(browserLanguages()),
    },
    validate: {
      name: (value) =>
        value.trim() ? null : t('validation.required', { field: t('auth.signup.name') }),
      usermail: (value) =>
        !value.trim()
          ? t('validation.required', { field: t('auth.signup.usermail') })
          : isEmail(value)
            ? null
            : t('validation.email'),
      password: (value) => (isStrongPassword(value) ? null : t('validation.passwordWeak')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    if (!(await staging.confirm())) return;
    const chosen: Locale = isLocale(values.locale) ? values.locale : locale;
    try {
      const pair = await signup.mutateAsync({
        usermail: values.usermail.trim(),
        password: values.password,
        userProfile: {
          name: values.name.trim(),
          locale: chosen,
          ...(values.country ? { country: values.country } : {}),
        },
      });
      sessionStorage.setItem(SIGNUP_USERMAIL_KEY, values.usermail.trim());
      startSession(pair, 'activation');
      navigate(`/auth/signup/verification${search}`, { replace: true });
    } catch (error) {
      if (!applyViolations(form, error, ['name', 'usermail', 'password', 'locale', 'country'])) {
        showApiError(error);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      {staging.dialog}
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('auth.signup.title')}
        </Title>
        <TextInput
          label={t('auth.signup.name')}
          autoComplete="name"
          required
          data-testid="signup-name"
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('auth.signup.usermail')}
          type="email"
          autoComplete="email"
          required
          data-testid="signup-usermail"
          {...form.getInputProps('usermail')}
        />
        <PasswordInput
          label={t('auth.signup.password')}
          autoComplete="new-password"
          required
          aria-describedby="signup-password-checklist"
          data-testid="signup-password"
          {...form.getInputProps('password')}
        />
        <PasswordChecklist password={form.values.password} id="signup-password-checklist" />
        <NativeSelect
          label={t('auth.signup.language')}
          data={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
          data-testid="signup-language"
          {...form.getInputProps('locale')}
          onChange={(event) => {
            const value = event.currentTarget.value;
            form.setFieldValue('locale', value);
            // Show the rest of the signup in the language being chosen, and keep it for the
            // visit as the welcome panel's picker would (that one is hidden on this page).
            if (isLocale(value) && value !== i18n.language) {
              guestSettings.update({ locale: value });
              void changeLocale(value);
            }
          }}
        />
        <NativeSelect
          label={t('auth.signup.country')}
          data={[{ value: '', label: t('auth.signup.countryPlaceholder') }, ...countries]}
          data-testid="signup-country"
          {...form.getInputProps('country')}
        />
        <Button type="submit" loading={signup.isPending} data-testid="signup-submit">
          {t('auth.signup.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('auth.signup.haveAccount')}{' '}
          <Anchor component={Link} to="/auth">
            {t('auth.signup.login')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
