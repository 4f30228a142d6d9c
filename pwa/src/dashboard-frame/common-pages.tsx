/** Sections every dashboard has in the same form (§2): notifications and settings. */
import { DeleteAccountControl } from '../account-editing/delete-account-control.tsx';
import { DashboardPage, Panel } from './dashboard-parts.tsx';
import { useMeProfileKind } from './me-profile-context.tsx';
import { useNotifications } from '../data/use-tenant-queries.ts';
import { NO_ALERTS, notificationItems } from './notifications-model.ts';

/** The events kept on the device (notification documents the server wrote), newest first; readable offline. */
export function NotificationsPage() {
  const { docs, ready } = useNotifications();
  const items = notificationItems(docs);
  return (
    <DashboardPage title="Notifications">
      <Panel title="Alerts">
        {ready && items.length === 0 && <p className="dash-empty">{NO_ALERTS}</p>}
        <ul className="notifications">
          {items.map((item) => (
            <li key={item.id} className="notifications__item">
              <span>{item.text}</span> <small className="notifications__when">{item.when}</small>
            </li>
          ))}
        </ul>
      </Panel>
    </DashboardPage>
  );
}

/** Settings with the account deletion section (§2): Delete asks for confirmation, then deletes the account. */
export function SettingsPage({ deleteTitle }: { deleteTitle: 'Delete My Account' | 'Delete User Profile' }) {
  const kind = useMeProfileKind();
  return (
    <DashboardPage title="Settings">
      <Panel title={deleteTitle}>
        <DeleteAccountControl kind={kind} title={deleteTitle} />
      </Panel>
    </DashboardPage>
  );
}
