/** Sections every dashboard has in the same form (§2): notifications and settings. */
import { DeleteAccountControl } from '../account-editing/delete-account-control.tsx';
import { DashboardPage, Panel } from './dashboard-parts.tsx';
import { useMeProfileKind } from './me-profile-context.tsx';

export function NotificationsPage() {
  return (
    <DashboardPage title="Notifications">
      <Panel title="Alerts">
        <p className="dash-empty">No alerts.</p>
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
