import '@mantine/notifications/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications, notifications } from '@mantine/notifications';
import { BREAKPOINTS, TIMINGS } from '@memoria/domain';

/** The toast store travels with the container: both load with the first toast (ui/toasts.ts). */
export const showNotification = notifications.show;

/**
 * Where toasts go (docs/SCREENS.md, Lists and forms): never over a primary action. Pages keep
 * theirs at the top right (new memo, new collection) and dialogs theirs at the bottom right
 * (save), so on a computer toasts sit at the bottom left, over the side menu's foot; on a
 * phone (below sm) at the top centre, over the header, clear of the bottom bar and of the
 * full-screen editor's Save.
 */
export default function ToastContainer() {
  const phone = useMediaQuery(`(max-width: ${BREAKPOINTS.sm / 16}em)`);
  return (
    <Notifications
      autoClose={TIMINGS.toastDefaultMs}
      position={phone ? 'top-center' : 'bottom-left'}
      limit={4}
    />
  );
}
