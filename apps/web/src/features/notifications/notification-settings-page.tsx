import { ComingSoonPage } from '../../ui/coming-soon-page';

/** Notification settings per type and channel (issue 6). */
export function NotificationSettingsPage() {
  return <ComingSoonPage />;
}
