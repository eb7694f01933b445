import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { useProfile } from '../profile/queries';
import { PageLoader } from '../../ui/page-loader';
import { QueryErrorView } from '../../ui/query-error';
import { PasswordSection } from './password-section';
import { PinSection } from './pin-section';
import { ProfileSection } from './profile-section';
import { AvatarSectionLazy as AvatarSection } from '../media/avatar-section-lazy';
import { TwoFactorSection } from './two-factor-section';
import { CoverSectionLazy as CoverSection } from './cover-section-lazy';
import { usePageTitle } from '../../ui/use-page-title';
import { EmailSection } from './email-section';
import { SessionsSection } from './sessions-section';
import { ExportSection } from './export-section';
import { DeleteSection } from './delete-section';
import { OrdersSection } from '../subscriptions/orders-section';

/**
 * /account-settings: profile, pictures, password, two-step verification, PIN, e-mail address,
 * subscriptions and invoices, sessions and devices, data export and account deletion.
 */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const user = profile.data;
  const { pathname } = useLocation();
  usePageTitle(t('account.title'));
  if (profile.isError && !user) {
    return <QueryErrorView error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  if (!user) return <PageLoader />;
  const nameless = !user.user_profile.name.trim();
  return (
    <Stack gap="xl" maw={720} mx="auto" data-testid="account-settings">
      <div>
        <Title order={1} size="h2">
          {t('account.title')}
        </Title>
        {user.created_at && (
          <Text c="dimmed" size="sm" data-testid="member-since">
            {t('account.memberSince', { date: formatDate(user.created_at, currentLocale()) })}
          </Text>
        )}
      </div>
      <Outlet />
      {!pathname.startsWith('/account-settings/verify-name') && (
        <Anchor
          component={Link}
          to="/account-settings/verify-name"
          size="sm"
          data-testid="verify-name-link"
        >
          <IconRosetteDiscountCheck size={16} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
          {user.user_profile.user_identified
            ? t('accountData.verify.done', { name: user.user_profile.name_official ?? '' })
            : t('accountData.verify.link')}
        </Anchor>
      )}
      {nameless && (
        <Alert color="yellow" role="status" data-testid="name-needed">
          {t('account.profile.nameNeeded')}
        </Alert>
      )}
      <ProfileSection user={user} />
      <AvatarSection user={user} />
      <CoverSection user={user} />
      <PasswordSection />
      <TwoFactorSection user={user} />
      <PinSection user={user} />
      <EmailSection user={user} />
      <OrdersSection />
      <SessionsSection />
      <ExportSection />
      <DeleteSection />
    </Stack>
  );
}
