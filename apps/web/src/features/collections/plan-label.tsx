import { Badge, Group } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useTranslation } from '../../i18n';

/**
 * A switch's label with the plan badge while the account's plan does not allow it (and it
 * is not on already: a setting kept from an earlier plan shows no badge).
 */
export function PlanLabel({ text, showPlan }: { text: string; showPlan: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap">
      <span>{text}</span>
      {showPlan && (
        <Badge size="xs" variant="light" leftSection={<IconCrown size={10} aria-hidden />}>
          {t('collections.form.plan')}
        </Badge>
      )}
    </Group>
  );
}
