import {
  Alert,
  Button,
  ColorInput,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  LIMITS,
  type PublicProfileSettings,
  type User,
  canUseExtendedPublicProfile,
} from '@memoria/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { applyViolations } from '../../ui/form-errors';
import { PageLoader } from '../../ui/page-loader';
import { QueryErrorView } from '../../ui/query-error';
import { showApiError, showSuccess } from '../../ui/toasts';
import { usePageTitle } from '../../ui/use-page-title';
import { WidePictureField } from '../media/wide-picture-field';
import { SubscriptionRequired } from '../subscriptions/subscription-required';
import { useProfile } from '../profile/queries';
import { PublicCard } from './public-card';
import { publicSettingsKeys, usePublicSettings, useSavePublicSettings } from './queries';
import { formValues, patchOf, TEXT_FIELDS, validators, type SettingsValues } from './settings-form';
import { SlugField } from './slug-field';

/** /public-account-settings (docs/SCREENS.md): every public profile setting, one save, a live preview. */
export function PublicSettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('publicProfile.title'));
  const settings = usePublicSettings();
  const profile = useProfile();
  if (settings.isError) {
    return <QueryErrorView error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  if (!settings.data || !profile.data) return <PageLoader />;
  return <SettingsForm current={settings.data} user={profile.data} />;
}

function Group_({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Title order={3} size="h5" component="legend" mb="xs">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function SettingsForm({ current, user }: { current: PublicProfileSettings; user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useSavePublicSettings();
  const form = useForm<SettingsValues>({
    initialValues: formValues(current),
    validate: validators(t),
  });
  const v = form.values;
  // the accent colour, banner and button need a subscription (docs/RULES.md, Public profile)
  const extended = canUseExtendedPublicProfile(user);
  const flag = (name: keyof SettingsValues, label: string) => (
    <Switch
      label={label}
      data-testid={`public-${name}`}
      {...form.getInputProps(name, { type: 'checkbox' })}
    />
  );
  const colour = (
    name: 'accent_color' | 'cta_button_color' | 'cta_button_font_color',
    label: string,
    description?: string,
  ) => (
    <ColorInput
      label={label}
      description={description}
      disabled={!extended}
      format="hex"
      withEyeDropper={false}
      data-testid={`public-${name}`}
      {...form.getInputProps(name)}
    />
  );

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ current, patch: patchOf(values, current) });
      form.setValues(formValues(saved));
      form.resetDirty(formValues(saved));
      showSuccess(t('publicProfile.saved'));
    } catch (error) {
      if (!applyViolations(form, error, [...TEXT_FIELDS])) showApiError(error);
    }
  });

  const preview = (
    <PublicCard
      testId="public-preview"
      data={{
        name: user.user_profile.name,
        description: v.description.trim() || user.user_profile.description,
        phone: v.phone.trim() || null,
        usermail: v.usermail.trim() || (v.disclose_email ? user.usermail : null),
        address: v.address.trim() || null,
        website: v.website.trim() || null,
        linkedin: v.linkedin.trim() || null,
        accent_color: v.accent_color.trim() || null,
        banner: current.banner?.large ?? null,
        public_picture: current.picture?.large ?? null,
        picture: user.user_picture?.content_url ?? null,
        cta_button_title: v.cta_button_title.trim() || null,
        cta_button_url: v.cta_button_url.trim() || null,
        cta_button_color: v.cta_button_color.trim() || null,
        cta_button_font_color: v.cta_button_font_color.trim() || null,
      }}
    />
  );

  return (
    <Stack gap="lg" maw={1100} mx="auto" data-testid="public-settings">
      <div>
        <Title order={1} size="h2">
          {t('publicProfile.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('publicProfile.intro')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <form onSubmit={submit} noValidate aria-label={t('publicProfile.title')}>
            <Stack gap="lg">
              <Group_ title={t('publicProfile.sections.visibility')}>
                <Switch
                  label={t('publicProfile.enabled')}
                  description={t('publicProfile.enabledHint')}
                  data-testid="public-enabled"
                  {...form.getInputProps('public_profile_enabled', { type: 'checkbox' })}
                />
              </Group_>
              <Group_ title={t('publicProfile.sections.address')}>
                <SlugField
                  value={v.slug}
                  saved={current.slug}
                  error={form.errors.slug as string | undefined}
                  onChange={(value) => form.setFieldValue('slug', value)}
                  onBlur={() => form.validateField('slug')}
                />
              </Group_>
              <Group_ title={t('publicProfile.sections.contact')}>
                <TextInput
                  label={t('publicProfile.phone')}
                  description={t('publicProfile.phoneHint')}
                  type="tel"
                  autoComplete="tel"
                  data-testid="public-phone"
                  {...form.getInputProps('phone')}
                />
                <TextInput
                  label={t('publicProfile.usermail')}
                  type="email"
                  autoComplete="email"
                  data-testid="public-usermail"
                  {...form.getInputProps('usermail')}
                />
                <TextInput
                  label={t('publicProfile.address')}
                  autoComplete="street-address"
                  maxLength={300}
                  data-testid="public-address"
                  {...form.getInputProps('address')}
                />
                <TextInput
                  label={t('publicProfile.website')}
                  type="url"
                  maxLength={500}
                  data-testid="public-website"
                  {...form.getInputProps('website')}
                />
                <TextInput
                  label={t('publicProfile.linkedin')}
                  type="url"
                  maxLength={500}
                  data-testid="public-linkedin"
                  {...form.getInputProps('linkedin')}
                />
                <Textarea
                  label={t('publicProfile.description')}
                  rows={4}
                  maxLength={2000}
                  data-testid="public-description"
                  {...form.getInputProps('description')}
                />
              </Group_>
              {!extended && (
                <div role="status" data-testid="public-subscription-required">
                  <SubscriptionRequired gate="extendedProfile" />
                </div>
              )}
              <Group_ title={t('publicProfile.sections.appearance')}>
                <WidePictureField
                  target="public_picture"
                  url={current.picture?.url ?? null}
                  removeUrl={current.picture ? `/api/profile/picture/${current.picture.id}` : null}
                  onChanged={() =>
                    void queryClient.invalidateQueries({ queryKey: publicSettingsKeys.mine })
                  }
                  testId="public-picture"
                  texts={{
                    label: t('publicProfile.picture'),
                    hint: t('publicProfile.pictureHint', {
                      height: LIMITS.publicPictureMinHeight,
                    }),
                    upload: t('publicProfile.pictureUpload'),
                    change: t('publicProfile.pictureChange'),
                    remove: t('publicProfile.pictureRemove'),
                    saved: t('publicProfile.pictureSaved'),
                    removed: t('publicProfile.pictureRemoved'),
                    alt: t('publicProfile.picture'),
                  }}
                />
                {colour('accent_color', t('publicProfile.accent'), t('publicProfile.accentHint'))}
                {extended && (
                  <WidePictureField
                    target="banner"
                    url={current.banner?.url ?? null}
                    removeUrl={current.banner ? `/api/profile/banner/${current.banner.id}` : null}
                    onChanged={() =>
                      void queryClient.invalidateQueries({ queryKey: publicSettingsKeys.mine })
                    }
                    testId="public-banner"
                    texts={{
                      label: t('publicProfile.banner'),
                      hint: t('publicProfile.bannerHint', { height: LIMITS.coverMinHeight }),
                      upload: t('publicProfile.bannerUpload'),
                      change: t('publicProfile.bannerChange'),
                      remove: t('publicProfile.bannerRemove'),
                      saved: t('publicProfile.bannerSaved'),
                      removed: t('publicProfile.bannerRemoved'),
                      alt: t('publicProfile.banner'),
                    }}
                  />
                )}
              </Group_>
              <Group_ title={t('publicProfile.sections.button')}>
                <TextInput
                  label={t('publicProfile.ctaTitle')}
                  description={t('publicProfile.ctaTitleHint', {
                    max: LIMITS.customButtonTitleMax,
                  })}
                  data-testid="public-cta_button_title"
                  disabled={!extended}
                  {...form.getInputProps('cta_button_title')}
                />
                <TextInput
                  label={t('publicProfile.ctaUrl')}
                  type="url"
                  maxLength={500}
                  data-testid="public-cta_button_url"
                  disabled={!extended}
                  {...form.getInputProps('cta_button_url')}
                />
                {colour('cta_button_color', t('publicProfile.ctaColor'))}
                {colour('cta_button_font_color', t('publicProfile.ctaFontColor'))}
              </Group_>
              <Group_ title={t('publicProfile.sections.connections')}>
                {flag('require_product', t('publicProfile.requireProduct'))}
                {flag('connection_message_required', t('publicProfile.messageRequired'))}
                <TextInput
                  label={t('publicProfile.messageHint')}
                  maxLength={300}
                  data-testid="public-connection_message_hint"
                  {...form.getInputProps('connection_message_hint')}
                />
                {flag('disclose_email', t('publicProfile.discloseEmail'))}
                {flag('enable_direct_messages', t('publicProfile.directMessages'))}
              </Group_>
              <Group_ title={t('publicProfile.sections.content')}>
                {flag('memo_copy_allowed', t('publicProfile.copyAllowed'))}
                {flag('memo_comments_allowed', t('publicProfile.commentsAllowed'))}
                {flag('allow_reactions', t('publicProfile.reactionsAllowed'))}
                {flag('require_identification_for_comments', t('publicProfile.identifiedComments'))}
              </Group_>
              <Divider />
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} data-testid="public-save">
                  {t('publicProfile.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        <Stack gap="xs" component="aside" aria-label={t('publicProfile.preview')}>
          <Title order={2} size="h4">
            {t('publicProfile.preview')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('publicProfile.previewHint')}
          </Text>
          {!v.public_profile_enabled && (
            <Alert color="gray" variant="light">
              {t('publicProfile.enabledHint')}
            </Alert>
          )}
          <div style={{ position: 'sticky', top: 16 }}>{preview}</div>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
