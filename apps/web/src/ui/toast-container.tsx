import '@mantine/notifications/styles.css';
import { Notifications, notifications } from '@mantine/notifications';
import { TIMINGS } from '@memoria/domain';

/** The toast store travels with the container: both load with the first toast (ui/toasts.ts). */
export const showNotification = notifications.show;

/**
 * Where toasts go (docs/SCREENS.md, Lists and forms): never over a control. Pages keep their
 * actions at the top right (new memo, new collection), dialogs theirs at the bottom right
 * (save), the side menu its account menu, language and theme at its foot, and phones their
 * bottom bar: so toasts sit at the top centre, over page titles and the phone's header. (At
 * the bottom left they covered the account menu, and a pointer resting there keeps a toast
 * open, so sign-out stayed out of reach.)
 */
export default function ToastContainer() {
  return <Notifications autoClose={TIMINGS.toastDefaultMs} position="top-center" limit={4} />;
}
