import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Order, OrderStatus } from '@memoria/domain';
import { Link } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { useState } from 'react';
import { showApiError, showSuccess } from '../../ui/toasts';
import { ConfirmDialog, type ConfirmRequest } from '../connections/confirm-dialog';
import { Section } from '../account/section';
import { euro } from './plan-list';
import { SUBSCRIPTIONS_PATH } from './paths';
import { fetchInvoice, useCancelOrder, useOrders } from './queries';

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

/** A running plan may be cancelled: it then runs to the end of its year without renewal. */
const CANCELLABLE: readonly OrderStatus[] = ['active', 'expiring', 'renewed'];

/** One order: plan, state, year, price, its invoice once paid, and cancelling a running one. */
export function OrderRow({ order, onCancel }: { order: Order; onCancel?: (order: Order) => void }) {
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
        <Group gap="xs">
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
          {onCancel && CANCELLABLE.includes(order.status) && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={() => onCancel(order)}
              data-testid="order-cancel"
            >
              {t('subscriptions.orders.cancel')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/** The account's orders with their states and invoices, and the way to the plans. */
export function OrdersSection() {
  const { t } = useTranslation();
  const orders = useOrders();
  const cancel = useCancelOrder();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const askCancel = (order: Order) =>
    setConfirm({
      title: t('subscriptions.orders.cancelTitle', { name: order.product.name }),
      text: t('subscriptions.orders.cancelText', {
        date: order.ends_at ? formatDate(order.ends_at, currentLocale()) : '',
      }),
      confirmLabel: t('subscriptions.orders.cancelConfirm'),
      onConfirm: async () => {
        try {
          await cancel.mutateAsync(order.id);
          showSuccess(t('subscriptions.orders.cancelled'));
        } catch (failure) {
          showApiError(failure);
          throw failure;
        }
      },
    });
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
            <OrderRow key={order.id} order={order} onCancel={askCancel} />
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
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Section>
  );
}
