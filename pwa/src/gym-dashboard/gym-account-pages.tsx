import { formatPence } from '@mastr/rules/money.ts';
import { ComingNote, DashboardPage, DetailsList, Panel, StatusBadge } from '../dashboard-frame/dashboard-parts.tsx';
import { addressLines } from '../dashboard-frame/me-profiles.ts';
import { ProfileGate } from '../dashboard-frame/me-profile-context.tsx';

/** /gymdashboard/account: status, details and the Mastr Class as /api/me/gyms reports them. */
export function GymAccountPage() {
  return (
    <DashboardPage title="Account">
      <ProfileGate kind="gym">
        {(gym) => (
          <>
            <Panel title="Gym Status">
              <StatusBadge active={gym.status} labels={['Active', 'Inactive']} />
              {/* §4: a gym is listed publicly only when active and subscribed. */}
              <p>
                {gym.status && gym.subscribed
                  ? 'Your gym is listed publicly on Mastr.'
                  : 'Your gym is not listed publicly yet: listing needs an active status and a subscription.'}
              </p>
            </Panel>
            <Panel title="Gym Details">
              <DetailsList
                rows={[
                  ['Gym Name', gym.gymName],
                  ['Email', gym.email],
                  ['Mobile', gym.mobile],
                  ['Address', addressLines(gym.address).join(', ')],
                  ['Bio', gym.bio],
                  ['Adult Day Pass', formatPence(gym.adultDayPassPrice)],
                  ['Kids Day Pass', formatPence(gym.kidsDayPassPrice)],
                ]}
              />
            </Panel>
            <Panel title="Mastr Class">
              <p>
                Public visibility: <StatusBadge active={gym.mastrClassActive} labels={['Live', 'Inactive']} />
              </p>
            </Panel>
            <ComingNote>
              Editing your details, images and prices, and setting up your Mastr Classes, arrive with the gym account
              tools.
            </ComingNote>
          </>
        )}
      </ProfileGate>
    </DashboardPage>
  );
}
