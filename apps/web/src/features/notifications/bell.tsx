import { ActionIcon, Indicator } from '@mantine/core';
import { useDisclosure, useFocusReturn } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { loadChunk } from '../../ui/lazy-page';
import { loadNamespaces, useTranslation } from '../../i18n';
import { useUnreadCount } from './queries';

// The drawer, the list and their texts load when the bell is first opened.
const NotificationsDrawer = lazy(() =>
  loadChunk(async () => {
    const [module] = await Promise.all([
      import('./notifications-drawer'),
      loadNamespaces('notifications'),
    ]);
    return module;
  }).then((m) => ({ default: m.NotificationsDrawer })),
);

/** The bell with the unread badge; opens the notifications list in a drawer. */
export function NotificationBell({ testId = 'notification-bell' }: { testId?: string }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  // mounted from the first opening on, so closing still plays the drawer's transition
  const [wanted, setWanted] = useState(false);
  const count = useUnreadCount().data ?? 0;
  // Focus goes back to the bell when the drawer closes. The drawer cannot do it on the first
  // opening: it mounts (lazily) already open, so it never sees the element focused before.
  useFocusReturn({ opened });
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
          onClick={() => {
            setWanted(true);
            open();
          }}
          aria-label={t('nav.notifications', { count })}
          aria-haspopup="dialog"
          aria-expanded={opened}
          data-testid={testId}
        >
          <IconBell size={22} aria-hidden />
        </ActionIcon>
      </Indicator>
      {wanted && (
        <Suspense fallback={null}>
          <NotificationsDrawer opened={opened} onClose={close} returnFocus={false} />
        </Suspense>
      )}
    </>
  );
}
