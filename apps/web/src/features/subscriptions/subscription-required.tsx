import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { productForGate, type PlanGate } from '@memoria/domain';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { euro } from './plan-list';
import { planPath, SUBSCRIPTIONS_PATH } from './paths';
import { useProducts } from './queries';

/**
 * The 'subscription required' prompt of every plan-gated control (docs/notes/subscriptions.md,
 * The web app): what is needed, the plan that unlocks it with its yearly price, and a link to
 * that plan. Without the plan list (still loading, or none on sale) it links to all plans.
 */
export function SubscriptionRequired({
  gate,
  onNavigate,
}: {
  gate: PlanGate;
  /** called when the link is followed (a dialog around it closes) */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const products = useProducts();
  const product = products.data ? productForGate(gate, products.data) : undefined;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconCrown size={18} aria-hidden />}
      title={t('subscriptionRequired.title')}
      data-testid="subscription-required"
      data-gate={gate}
    >
      <Text size="sm">{t(`subscriptionRequired.gates.${gate}`)}</Text>
      <Group gap="xs" mt={6} wrap="wrap">
        {product && (
          <Text size="sm" fw={600} data-testid="subscription-required-plan">
            {t('subscriptionRequired.plan', {
              product: product.name,
              price: euro(product.price_net),
            })}
          </Text>
        )}
        <Anchor
          component={Link}
          to={product ? planPath(product.id) : SUBSCRIPTIONS_PATH}
          size="sm"
          // the alert's own text colour, underlined: readable on its tint in both themes
          c="inherit"
          underline="always"
          onClick={onNavigate}
          data-testid="subscription-required-link"
        >
          {product
            ? t('subscriptionRequired.link', { product: product.name })
            : t('subscriptionRequired.allPlans')}
        </Anchor>
      </Group>
    </Alert>
  );
}
