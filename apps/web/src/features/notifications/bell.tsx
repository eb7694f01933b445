import { ActionIcon, Drawer, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { loadChunk } from '../../app/lazy-page';
import { loadNamespaces, useTranslation } from '../../i18n';
import { PageLoader } from '../../ui/page-loader';
import { useUnreadCount } from './queries';

// The list and its texts load when the bell is first opened.
const NotificationsPanel = lazy(() =>
  loadChunk(async () => {
    const [module] = await Promise.all([
      import('./notifications-panel'),
      loadNamespaces('notifications'),
    ]);
    return module;
  }).then((m) => ({ default: m.NotificationsPanel })),
);

/** The bell with the unread badge; opens the notifications list in a drawer. */
export function NotificationBell({ testId = 'notification-bell' }: { testId?: string }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const count = useUnreadCount().data ?? 0;
  return (
    <>
      <Indicator
        label={count > 99 ? '99+' : count}
        size={18}
        color="red"
        disabled={count === 0}
        offset={4}
        data-testid={`${testId}-badge`}
        data-count={count}
      >
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={open}
          aria-label={t('notifications.bell', { count })}
          aria-haspopup="dialog"
          aria-expanded={opened}
          data-testid={testId}
        >
          <IconBell size={22} aria-hidden />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="md"
        title={t('notifications.title')}
        closeButtonProps={{ 'aria-label': t('notifications.close') }}
      >
        {opened && (
          <Suspense fallback={<PageLoader />}>
            <NotificationsPanel onNavigate={close} />
          </Suspense>
        )}
      </Drawer>
    </>
  );
}
