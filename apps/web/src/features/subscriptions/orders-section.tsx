import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Order, OrderStatus } from '@memoria/domain';
import { Link } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { showApiError } from '../../ui/toasts';
import { Section } from '../account/section';
import { euro } from './plan-list';
import { SUBSCRIPTIONS_PATH } from './paths';
import { fetchInvoice, useOrders } from './queries';

const STATUS_COLOURS: Record<OrderStatus, string> = {
  pending: 'gray',
  failed: 'red',
  active: 'green',
  expiring: 'yellow',
  expired: 'gray',
  cancelled: 'orange',
  renewed: 'blue',
};

/** Opens a paid order's invoice (fetched with the session) in a new tab. */
async function openInvoice(order: Order) {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchInvoice(order);
    const url = URL.createObjectURL(new Blob([blob], { type: 'text/html' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    showApiError(error);
  }
}

/** One order: plan, state, year, price and its invoice once paid. */
export function OrderRow({ order }: { order: Order }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Card withBorder padding="sm" radius="md" data-testid="order" data-status={order.status}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{order.product.name}</Text>
            <Badge color={STATUS_COLOURS[order.status]} variant="light" data-testid="order-status">
              {t(`subscriptions.orders.status.${order.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {order.starts_at && order.ends_at
              ? t('subscriptions.orders.period', {
                  from: formatDate(order.starts_at, locale),
                  to: formatDate(order.ends_at, locale),
                })
              : formatDate(order.created_at, locale)}
            {' · '}
            {t('subscriptions.orders.price', { price: euro(order.price_net) })}
          </Text>
        </Stack>
        {order.invoice_url && (
          <Button
            variant="default"
            size="xs"
            onClick={() => void openInvoice(order)}
            data-testid="order-invoice"
          >
            {t('subscriptions.orders.invoice')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** The account's orders with their states and invoices, and the way to the plans. */
export function OrdersSection() {
  const { t } = useTranslation();
  const orders = useOrders();
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Section title={t('subscriptions.orders.heading')} testId="orders-section" id="subscriptions">
      {orders.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="orders-empty">
          {t('subscriptions.orders.empty')}
        </Text>
      )}
      {items.length > 0 && (
        <Stack gap="xs" data-testid="orders">
          {items.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </Stack>
      )}
      <Group gap="sm">
        <Button component={Link} to={SUBSCRIPTIONS_PATH} data-testid="orders-see-plans">
          {t('subscriptions.orders.seePlans')}
        </Button>
        {orders.hasNextPage && (
          <Button
            variant="subtle"
            loading={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
          >
            {t('subscriptions.orders.more')}
          </Button>
        )}
      </Group>
    </Section>
  );
}
