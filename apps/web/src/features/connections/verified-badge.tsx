import { IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import { useTranslation } from '../../i18n';
import { Hint } from '../../ui/hint';

/** The checkmark of a verified identity (docs/SCREENS.md, Lists and forms: verified list). */
export function VerifiedBadge({ size = 18 }: { size?: number }) {
  const { t } = useTranslation();
  const label = t('connections.card.verified');
  return (
    <Hint label={label} withArrow>
      <span
        role="img"
        aria-label={label}
        data-testid="verified-badge"
        style={{ display: 'inline-flex', color: 'var(--mantine-color-blue-filled)' }}
      >
        <IconRosetteDiscountCheckFilled size={size} aria-hidden />
      </span>
    </Hint>
  );
}
