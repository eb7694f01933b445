import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCrown } from '@tabler/icons-react';
import { LIMITS, type PlanGate } from '@memoria/domain';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { SubscriptionRequired } from '../subscriptions/subscription-required';

export const SUBSCRIPTIONS_PATH = '/account-settings/subscriptions';
export const PUBLIC_SETTINGS_PATH = '/public-account-settings';

/** Why a choice needs another plan: the two public hints, collaboration, followers, versioning. */
export type PlanHint =
  | 'collectionPublicDisabledHint'
  | 'collectionPublicLinkLimitHint'
  | 'collaboration'
  | 'followers'
  | 'versioning';

/** The plan gate behind a hint; the disabled-public hint is about rights, not a plan. */
const GATES: Partial<Record<PlanHint, PlanGate>> = {
  collectionPublicLinkLimitHint: 'publicCollections',
  collaboration: 'collaboration',
  followers: 'followers',
  versioning: 'versioning',
};

/**
 * The hint modals of docs/DOMAIN.md, Validation (collectionPublicLinkLimitHint,
 * collectionPublicDisabledHint) and the upgrade prompt of docs/RULES.md, Roles for collaboration
 * and the followers audience, each with a link to the subscription plans.
 */
export function PlanHintModal({ hint, onClose }: { hint: PlanHint; onClose: () => void }) {
  const { t } = useTranslation();
  const gate = GATES[hint];
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`collections.hints.${hint}.title`)}
      centered
      data-testid="plan-hint"
      data-hint={hint}
    >
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
            <IconCrown size={20} />
          </ThemeIcon>
          <Text size="sm">
            {t(`collections.hints.${hint}.text`, {
              limit: LIMITS.publicCollectionsWithoutSilver,
            })}
          </Text>
        </Group>
        {gate && <SubscriptionRequired gate={gate} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          {!gate && (
            <Button component={Link} to={SUBSCRIPTIONS_PATH} data-testid="plan-hint-upgrade">
              {t('collections.hints.upgrade')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Setting a collection public while one's public profile is disabled (docs/DOMAIN.md, Validation):
 * a warning with a link to the public account settings; confirming saves anyway.
 */
export function PublicProfileWarning({
  opened,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('collections.publicProfile.title')}
      centered
      data-testid="public-profile-warning"
    >
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="yellow" size="lg" radius="xl" aria-hidden>
            <IconAlertTriangle size={20} />
          </ThemeIcon>
          <Text size="sm">{t('collections.publicProfile.text')}</Text>
        </Group>
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" component={Link} to={PUBLIC_SETTINGS_PATH}>
            {t('collections.publicProfile.settings')}
          </Button>
          <Button onClick={onConfirm} data-testid="public-profile-warning-confirm">
            {t('collections.publicProfile.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
