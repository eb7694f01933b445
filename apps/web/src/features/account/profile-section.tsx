import { Button, Group, NativeSelect, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  LOCALES,
  LOCALE_NAMES,
  PHONE_PATTERN,
  isLocale,
  normaliseCustomColour,
  type User,
} from '@memoria/domain';
import { useMemo } from 'react';
import { changeLocale, currentLocale, useTranslation } from '../../i18n';
import { applyViolations } from '../../ui/form-errors';
import { showApiError, showSuccess } from '../../ui/toasts';
import { countryOptions } from '../auth/country-options';
import { usePatchProfile } from '../profile/queries';
import { ColourField } from './colour-field';
import { Section } from './section';

const FIELDS = [
  'name',
  'country',
  'locale',
  'phone_number',
  'description',
  'function',
  'organization_name',
  'location',
  'custom_colour',
];

/**
 * The profile (docs/SCREENS.md, Account settings): every field, checked with the validators of
 * packages/domain, and one save at the section's end (issue 18).
 */
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
      locale: profile.locale as string,
      phone_number: profile.phone_number ?? '',
      description: profile.description ?? '',
      function: profile.function ?? '',
      organization_name: profile.organization_name ?? '',
      location: profile.location ?? '',
      custom_colour: profile.custom_colour ?? '',
    },
    validate: {
      name: (value) =>
        value.trim() ? null : t('validation.required', { field: t('account.profile.name') }),
      phone_number: (value) =>
        value.trim() === '' || PHONE_PATTERN.test(value.trim()) ? null : t('validation.phone'),
      custom_colour: (value) =>
        value === '' || normaliseCustomColour(value) ? null : t('validation.colour'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const language = isLocale(values.locale) ? values.locale : undefined;
    try {
      await patch.mutateAsync({
        user,
        patch: {
          name: values.name.trim(),
          country: values.country || null,
          ...(language && language !== profile.locale ? { locale: language } : {}),
          phone_number: values.phone_number.trim() || null,
          // an emptied field is removed from the profile, not kept as blank text
          description: values.description.trim() || null,
          function: values.function.trim() || null,
          organization_name: values.organization_name.trim() || null,
          location: values.location.trim() || null,
          custom_colour: values.custom_colour
            ? (normaliseCustomColour(values.custom_colour) ?? null)
            : null,
        },
      });
      if (language && language !== currentLocale()) await changeLocale(language);
      showSuccess(t('account.profile.saved'));
    } catch (error) {
      if (!applyViolations(form, error, FIELDS)) showApiError(error);
    }
  });

  return (
    <Section title={t('account.profile.title')} testId="profile-section">
      <form onSubmit={submit} noValidate aria-label={t('account.profile.title')}>
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
          <TextInput
            label={t('account.profile.phone')}
            description={t('account.profile.phoneHint')}
            type="tel"
            autoComplete="tel"
            data-testid="profile-phone"
            {...form.getInputProps('phone_number')}
          />
          <NativeSelect
            label={t('account.profile.language')}
            data={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
            data-testid="profile-language"
            {...form.getInputProps('locale')}
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
        <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          <ColourField
            value={form.values.custom_colour}
            error={form.errors.custom_colour as string | undefined}
            onChange={(value) => {
              form.setFieldValue('custom_colour', value);
              form.clearFieldError('custom_colour');
            }}
          />
        </div>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={patch.isPending} data-testid="profile-save">
            {t('common.save')}
          </Button>
        </Group>
      </form>
    </Section>
  );
}
