import { Drawer } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from '../../i18n';
import { PageLoader } from '../../ui/page-loader';
import { NotificationsPanel } from './notifications-panel';

/**
 * The notifications list in a drawer. A chunk of its own, with the panel: the drawer brings
 * Mantine's modal base and scroll lock (some 5 kB), which the first screen does not need.
 */
export function NotificationsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('notifications.title')}
      closeButtonProps={{ 'aria-label': t('notifications.close') }}
    >
      {opened && (
        <Suspense fallback={<PageLoader />}>
          <NotificationsPanel onNavigate={onClose} />
        </Suspense>
      )}
    </Drawer>
  );
}
