import { Button, Group, NativeSelect, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LOCALES, LOCALE_NAMES, isLocale, type User } from '@memoria/domain';
import { useMemo } from 'react';
import { changeLocale, currentLocale, useTranslation } from '../../i18n';
import { applyViolations } from '../../ui/form-errors';
import { showApiError, showSuccess } from '../../ui/toasts';
import { countryOptions } from '../auth/country-options';
import { usePatchProfile } from '../profile/queries';
import { ColourField } from './colour-field';
import { Section } from './section';

export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const patch = usePatchProfile();
  const locale = currentLocale();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const profile = user.user_profile;
  const form = useForm({
    initialValues: {
      name: profile.name,
      country: profile.country ?? '',
      description: profile.description ?? '',
      function: profile.function ?? '',
      organization_name: profile.organization_name ?? '',
      location: profile.location ?? '',
    },
    validate: {
      name: (value) =>
        value.trim() ? null : t('validation.required', { field: t('account.profile.name') }),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await patch.mutateAsync({
        user,
        patch: {
          name: values.name.trim(),
          country: values.country || null,
          // an emptied field is removed from the profile, not kept as blank text
          description: values.description.trim() || null,
          function: values.function.trim() || null,
          organization_name: values.organization_name.trim() || null,
          location: values.location.trim() || null,
        },
      });
      showSuccess(t('account.profile.saved'));
    } catch (error) {
      const fields = [
        'name',
        'country',
        'description',
        'function',
        'organization_name',
        'location',
      ];
      if (!applyViolations(form, error, fields)) showApiError(error);
    }
  });

  const onLanguage = async (value: string) => {
    if (!isLocale(value)) return;
    const previous = currentLocale();
    const saving = patch.mutateAsync({ user, patch: { locale: value } });
    await changeLocale(value);
    try {
      await saving;
    } catch (error) {
      await changeLocale(previous);
      showApiError(error);
    }
  };

  return (
    <Section title={t('account.profile.title')} testId="profile-section">
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('account.profile.name')}
            autoComplete="name"
            required
            data-testid="profile-name"
            {...form.getInputProps('name')}
          />
          <NativeSelect
            label={t('account.profile.country')}
            data={[{ value: '', label: t('auth.signup.countryPlaceholder') }, ...countries]}
            data-testid="profile-country"
            {...form.getInputProps('country')}
          />
          <TextInput
            label={t('account.profile.function')}
            autoComplete="organization-title"
            maxLength={200}
            data-testid="profile-function"
            {...form.getInputProps('function')}
          />
          <TextInput
            label={t('account.profile.organisation')}
            autoComplete="organization"
            maxLength={200}
            data-testid="profile-organisation"
            {...form.getInputProps('organization_name')}
          />
          <TextInput
            label={t('account.profile.location')}
            maxLength={200}
            data-testid="profile-location"
            {...form.getInputProps('location')}
          />
        </SimpleGrid>
        <Textarea
          mt="md"
          label={t('account.profile.description')}
          description={t('account.profile.descriptionHint')}
          rows={4}
          maxLength={2000}
          data-testid="profile-bio"
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={patch.isPending} data-testid="profile-save">
            {t('common.save')}
          </Button>
        </Group>
      </form>
      <NativeSelect
        label={t('account.profile.language')}
        data={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
        value={user.user_profile.locale}
        onChange={(event) => void onLanguage(event.currentTarget.value)}
        data-testid="profile-language"
      />
      <ColourField user={user} />
    </Section>
  );
}
