import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconChecks, IconSettings, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { InfiniteList } from '../../ui/infinite-list';
import { setTabIconActive } from './live';
import { NotificationItem } from './notification-item';
import {
  useDeleteAll,
  useDeleteNotification,
  useNotificationList,
  useReview,
  useReviewAll,
  useUnreview,
} from './queries';
import { useStickyNotifications } from './sticky';
import type { AppNotification } from './types';

/**
 * The notifications list (docs/SCREENS.md, Lists and forms; docs/DOMAIN.md, States): newest first,
 * review on open, review / unreview / delete per item, review all and delete all, further pages by
 * scrolling or the "more" button, empty and error states.
 */
export function NotificationsPanel({
  onNavigate,
  onLayerChange,
}: {
  onNavigate: () => void;
  /** told whether a layer over the panel (the delete-all confirmation) is open */
  onLayerChange?: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const list = useNotificationList();
  const review = useReview();
  const unreview = useUnreview();
  const remove = useDeleteNotification();
  const reviewAll = useReviewAll();
  const deleteAll = useDeleteAll();
  const sticky = useStickyNotifications();
  const [confirming, setConfirming] = useState(false);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const firstPageAt = list.data?.pages.length ? list.dataUpdatedAt : 0;
  const panel = useRef<HTMLDivElement>(null);
  const empty = useRef<HTMLParagraphElement>(null);
  /** a notification being deleted, and the one whose menu button then takes the focus */
  const focusAfterDelete = useRef<{ deleted: number; next: number | null } | null>(null);
  /** set when "Delete all" was confirmed: the empty list takes the focus once shown */
  const focusEmptyAfterDeleteAll = useRef(false);

  useEffect(() => {
    onLayerChange?.(confirming);
    return () => onLayerChange?.(false);
  }, [confirming, onLayerChange]);

  // The deleted row took the focus with it: give it to the next row (or the previous one, or
  // the empty list), unless the focus went somewhere else meanwhile.
  useEffect(() => {
    const pending = focusAfterDelete.current;
    if (!pending || items.some((n) => n.id === pending.deleted)) return;
    focusAfterDelete.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    const menu = (id: number | null) =>
      panel.current?.querySelector<HTMLElement>(
        `${id === null ? '' : `[data-notification-id="${id}"] `}[data-testid="notification-menu"]`,
      );
    (menu(pending.next) ?? menu(null) ?? empty.current)?.focus();
  }, [items]);

  // "Delete all" confirmed: the confirmation would give the focus back to "Delete all", now
  // disabled, so the focus would fall out of the drawer; the empty list takes it instead.
  useEffect(() => {
    if (confirming || !focusEmptyAfterDeleteAll.current || items.length > 0) return;
    focusEmptyAfterDeleteAll.current = false;
    empty.current?.focus();
  }, [confirming, items]);

  // Page 1 loaded: the tab icon is no longer marked (docs/DOMAIN.md, States: Notification).
  useEffect(() => {
    if (firstPageAt) setTabIconActive(false);
  }, [firstPageAt]);

  const act =
    (run: (n: AppNotification) => Promise<unknown>, done: string) => (n: AppNotification) => {
      run(n).then(
        () => sticky.show(n.id, 'success', done),
        () => sticky.show(n.id, 'error', t('notifications.sticky.failed')),
      );
    };
  const onReview = act((n) => review.mutateAsync([n.id]), t('notifications.sticky.reviewed'));
  const onUnreview = act((n) => unreview.mutateAsync(n.id), t('notifications.sticky.unreviewed'));
  const onDelete = act((n) => {
    const at = items.findIndex((item) => item.id === n.id);
    const next = items[at + 1] ?? items[at - 1] ?? null;
    focusAfterDelete.current = { deleted: n.id, next: next?.id ?? null };
    return remove.mutateAsync(n.id).catch((error: unknown) => {
      focusAfterDelete.current = null;
      throw error;
    });
  }, t('notifications.sticky.deleted'));
  const onOpen = (n: AppNotification) => {
    if (n.reviewed_at === null) review.mutate([n.id]);
    onNavigate();
  };

  return (
    <Stack ref={panel} gap="sm" data-testid="notifications-panel">
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconChecks size={16} aria-hidden />}
            onClick={() => reviewAll.mutate()}
            disabled={items.length === 0}
            loading={reviewAll.isPending}
            data-testid="notifications-review-all"
          >
            {t('notifications.reviewAll')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
            disabled={items.length === 0}
            data-testid="notifications-delete-all"
          >
            {t('notifications.deleteAll')}
          </Button>
        </Group>
        <Button
          size="xs"
          variant="subtle"
          component={Link}
          to="/notification-settings"
          onClick={onNavigate}
          leftSection={<IconSettings size={16} aria-hidden />}
        >
          {t('notifications.settingsLink')}
        </Button>
      </Group>
      <InfiniteList
        source={list}
        items={items}
        itemKey={(n) => n.id}
        label={t('notifications.listLabel')}
        overText={t('notifications.over')}
        testId="notifications-list"
        empty={
          <Text
            ref={empty}
            tabIndex={-1}
            c="dimmed"
            ta="center"
            py="xl"
            data-testid="notifications-empty"
          >
            {t('notifications.empty')}
          </Text>
        }
        renderItem={(n) => (
          <NotificationItem
            notification={n}
            sticky={sticky.forNotification(n.id)}
            onOpen={onOpen}
            onReview={onReview}
            onUnreview={onUnreview}
            onDelete={onDelete}
          />
        )}
      />
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('notifications.deleteAll')}
        centered
      >
        <Text size="sm">{t('notifications.confirmDeleteAll')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('notifications.cancel')}
          </Button>
          <Button
            color="red"
            loading={deleteAll.isPending}
            data-testid="notifications-delete-all-confirm"
            onClick={() =>
              deleteAll.mutate(undefined, {
                onSuccess: () => {
                  focusEmptyAfterDeleteAll.current = true;
                },
                onSettled: () => setConfirming(false),
              })
            }
          >
            {t('notifications.deleteAll')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
