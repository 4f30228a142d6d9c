/** /userdashboard/notifications: what coaches and gyms did with the member's sessions, from the device. */
import { NotificationList } from '../dashboard-frame/common-pages.tsx';
import { DashboardPage } from '../dashboard-frame/dashboard-parts.tsx';
import { useMemberNotifications } from './use-member-notifications.ts';

export function MemberNotificationsPage() {
  const { items, ready } = useMemberNotifications();
  return (
    <DashboardPage title="Notifications">
      <NotificationList items={items} ready={ready} />
    </DashboardPage>
  );
}
