import { NativeSelect } from '@mantine/core';
import { LOCALES, LOCALE_NAMES, isLocale, type Locale } from '@memoria/domain';
import { changeLocale, currentLocale, useTranslation } from '../../i18n';
import { useProfile, usePatchProfile } from '../../features/profile/queries';
import { showApiError } from '../../ui/toasts';
import { browserSettings, guestSettings } from '../../session/settings';
import { useSession } from '../../session/use-session';

const OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

/**
 * The language picker (a native <select>). A signed-in user's choice is saved on the profile
 * (PATCH), whose locale then wins on every device; a visitor's choice lives in the cookie.
 */
export function LanguageSelect({ testId = 'language-select' }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const profile = useProfile();
  const patch = usePatchProfile();

  const onChange = async (value: string) => {
    if (!isLocale(value)) return;
    const locale: Locale = value;
    const user = profile.data;
    if (session?.kind !== 'full' || !user) {
      guestSettings.update({ locale });
      await changeLocale(locale);
      return;
    }
    const previous = currentLocale();
    const remembered = browserSettings.get().user;
    if (remembered) browserSettings.update({ user: { ...remembered, locale } });
    // Send the PATCH before anything else (the user may navigate away at once), and switch
    // the interface meanwhile; the profile locale wins on every device afterwards.
    const saving = patch.mutateAsync({ user, patch: { locale } });
    await changeLocale(locale);
    try {
      await saving;
    } catch (error) {
      await changeLocale(previous);
      showApiError(error);
    }
  };

  return (
    <NativeSelect
      label={t('language.label')}
      data={OPTIONS}
      value={isLocale(i18n.language) ? i18n.language : currentLocale()}
      onChange={(event) => void onChange(event.currentTarget.value)}
      disabled={patch.isPending}
      data-testid={testId}
      size="sm"
    />
  );
}
