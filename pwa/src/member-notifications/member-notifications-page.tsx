/** /userdashboard/notifications: what coaches and gyms did with the member's sessions, from the device. */
import { NotificationList, DashboardPage } from '../dashboard-frame/index.ts';
import { useMemberNotifications } from './use-member-notifications.ts';

export function MemberNotificationsPage() {
  const { items, ready } = useMemberNotifications();
  return (
    <DashboardPage title="Notifications">
      <NotificationList items={items} ready={ready} />
    </DashboardPage>
  );
}
