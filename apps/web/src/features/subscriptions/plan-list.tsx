import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { Product } from '@memoria/domain';
import { Link } from 'react-router';
import { useTranslation, type TFunction } from '../../i18n';
import { planPath } from './paths';
import { useProducts } from './queries';
import { kindsAsked } from './paths';
import { useSearchParams } from 'react-router';

/** The yearly price as the plans show it (no decimals when whole). */
export function euro(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}

function featureText(t: TFunction, feature: string): string {
  const key = `subscriptions.plans.features.${feature}`;
  const text = t(key as 'subscriptions.plans.features.scheduling');
  return text === key ? feature : text;
}

/** One plan: name, kind, yearly price, storage, members and what it unlocks. */
export function PlanCard({
  product,
  chosen = false,
  action = true,
}: {
  product: Product;
  chosen?: boolean;
  action?: boolean;
}) {
  const { t } = useTranslation();
  const free = product.price_net === 0;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="plan"
      data-plan={product.name}
      data-type={product.type}
      style={chosen ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} size="lg">
            {product.name}
          </Text>
          <Badge variant="light">{t(`subscriptions.plans.types.${product.type}`)}</Badge>
        </Group>
        <Text fw={600} data-testid="plan-price">
          {t('subscriptions.plans.perYear', { price: euro(product.price_net) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('subscriptions.plans.storage', { gb: product.storage })}
          {product.maximum_users !== null &&
            ` · ${t('subscriptions.plans.members', { count: product.maximum_users })}`}
        </Text>
        {product.features.length > 0 && (
          <List
            size="sm"
            spacing={2}
            icon={<IconCheck size={14} aria-hidden />}
            style={{ flexGrow: 1 }}
          >
            {product.features.map((feature) => (
              <List.Item key={feature}>{featureText(t, feature)}</List.Item>
            ))}
          </List>
        )}
        {action && !free && !product.is_disabled_for_user && (
          <Button component={Link} to={planPath(product.id)} data-testid="plan-choose">
            {t('subscriptions.plans.choose', { name: product.name })}
          </Button>
        )}
        {action && !free && product.is_disabled_for_user && (
          <Text size="sm" c="dimmed" data-testid="plan-unavailable">
            {t('subscriptions.plans.unavailable')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The plans, sorted by type, loaded after the modal has opened. */
export function PlanList() {
  const { t } = useTranslation();
  const products = useProducts({ delayed: true });
  // the side menu's "create a group / workspace" opens the picker on those plans alone
  const [search] = useSearchParams();
  const kinds = kindsAsked(search);
  const shown = products.data?.filter(
    (product) => kinds.length === 0 || kinds.includes(product.workspace_type ?? ''),
  );
  return (
    <Stack gap="md" data-testid="plan-list">
      <Text size="sm" c="dimmed">
        {t('subscriptions.plans.intro')}
      </Text>
      {products.isPending && (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          aria-busy="true"
          aria-label={t('subscriptions.plans.loading')}
        >
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height={180} radius="md" data-testid="plan-skeleton" />
          ))}
        </SimpleGrid>
      )}
      {products.isError && (
        <Alert color="red" role="alert">
          {t('subscriptions.plans.loadFailed')}
        </Alert>
      )}
      {shown && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {shown.map((product) => (
            <PlanCard key={product.id} product={product} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
