import '@mantine/notifications/styles.css';
import { Notifications, notifications } from '@mantine/notifications';
import { TIMINGS } from '@memoria/domain';

/** The toast store travels with the container: both load with the first toast (ui/toasts.ts). */
export const showNotification = notifications.show;

/** Mounted by the providers once a toast is asked for; React.lazy wants the default export. */
export default function ToastContainer() {
  return <Notifications autoClose={TIMINGS.toastDefaultMs} position="top-right" limit={4} />;
}
