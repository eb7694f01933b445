import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconChecks, IconSettings, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
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
 * The notifications list (spec part 1 §2.4, §4): newest first, review on open, review /
 * unreview / delete per item, review all and delete all, further pages by scrolling or
 * the "more" button, empty and error states.
 */
export function NotificationsPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const list = useNotificationList();
  const review = useReview();
  const unreview = useUnreview();
  const remove = useDeleteNotification();
  const reviewAll = useReviewAll();
  const deleteAll = useDeleteAll();
  const sticky = useStickyNotifications();
  const [confirming, setConfirming] = useState(false);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const firstPageAt = list.data?.pages.length ? list.dataUpdatedAt : 0;

  // Page 1 loaded: the tab icon is no longer marked (spec part 1 §4 Notification).
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
  const onDelete = act((n) => remove.mutateAsync(n.id), t('notifications.sticky.deleted'));
  const onOpen = (n: AppNotification) => {
    if (n.reviewed_at === null) review.mutate([n.id]);
    onNavigate();
  };

  return (
    <Stack gap="sm" data-testid="notifications-panel">
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
          <Text c="dimmed" ta="center" py="xl" data-testid="notifications-empty">
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
            onClick={() => deleteAll.mutate(undefined, { onSettled: () => setConfirming(false) })}
          >
            {t('notifications.deleteAll')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
