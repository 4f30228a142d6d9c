/** Sections every dashboard has in the same form (§2): notifications and settings. */
import { Link } from 'react-router-dom';
import { DashboardPage, Panel } from './dashboard-parts.tsx';

export function NotificationsPage() {
  return (
    <DashboardPage title="Notifications">
      <Panel title="Alerts">
        <p className="dash-empty">No alerts.</p>
      </Panel>
    </DashboardPage>
  );
}

/**
 * Settings with the account deletion section. §2 shows its Delete button with no behaviour, so it
 * has none; the text says how deletion is actually requested.
 */
export function SettingsPage({ deleteTitle }: { deleteTitle: 'Delete My Account' | 'Delete User Profile' }) {
  return (
    <DashboardPage title="Settings">
      <Panel title={deleteTitle}>
        <p>
          To delete your account and its data, contact us as described in the{' '}
          <Link to="/policy/privacy">Privacy Policy</Link>.
        </p>
        <button type="button" className="button button--danger">
          Delete
        </button>
      </Panel>
    </DashboardPage>
  );
}
