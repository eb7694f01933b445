import { Drawer } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from '../../i18n';
import { PageLoader } from '../../ui/page-loader';
import { NotificationsPanel } from './notifications-panel';

/**
 * The notifications list in a drawer. A chunk of its own, with the panel: the drawer brings
 * Mantine's modal base and scroll lock (some 5 kB), which the first screen does not need.
 */
export function NotificationsDrawer({
  opened,
  onClose,
  returnFocus = true,
}: {
  opened: boolean;
  onClose: () => void;
  /** false when the opener returns focus itself (the bell: see there) */
  returnFocus?: boolean;
}) {
  const { t } = useTranslation();
  // While the panel's confirmation is open, Escape closes only that (the topmost layer).
  const [layerOpen, setLayerOpen] = useState(false);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={!layerOpen}
      returnFocus={returnFocus}
      position="right"
      size="md"
      title={t('notifications.title')}
      closeButtonProps={{ 'aria-label': t('notifications.close') }}
    >
      {opened && (
        <Suspense fallback={<PageLoader />}>
          <NotificationsPanel onNavigate={onClose} onLayerChange={setLayerOpen} />
        </Suspense>
      )}
    </Drawer>
  );
}
