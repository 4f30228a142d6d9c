import { DashboardPage, Panel, useMeProfileKind } from '../dashboard-frame/index.ts';
import { DeleteAccountControl } from './delete-account-control.tsx';

// Here, not in dashboard-frame/ with the other common pages: the deletion control uses the frame's
// parts, so the frame importing it closed a cycle through the two indexes (decision 192).

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
