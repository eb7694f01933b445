import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TIMINGS } from '@memoria/domain';

/** Loaded lazily by the providers; the default export is what React.lazy wants. */
export default function ToastContainer() {
  return <Notifications autoClose={TIMINGS.toastDefaultMs} position="top-right" limit={4} />;
}
