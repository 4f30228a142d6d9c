import { ComingNote, DashboardPage, Pod, PodGrid, StatusBadge } from '../dashboard-frame/dashboard-parts.tsx';
import { ProfileGate } from '../dashboard-frame/me-profile-context.tsx';
import { currentPlanLabel } from '../payments/current-plan.ts';

/** Gym home pods (§2) that /api/me can fill today. */
export function GymHomePage() {
  return (
    <DashboardPage title="Home">
      <ProfileGate kind="gym">
        {(gym) => (
          <>
            <PodGrid>
              <Pod title="Gym Status" to="/gymdashboard/account">
                <StatusBadge active={gym.status} labels={['Active', 'Inactive']} />
              </Pod>
              <Pod title="Mastr Class Status" to="/gymdashboard/account">
                <StatusBadge active={gym.mastrClassActive} labels={['Active', 'Inactive']} />
              </Pod>
              <Pod title="Account" to="/gymdashboard/stripe">
                <p className="pod__label">Current Plan</p>
                <p className="pod__value">{currentPlanLabel(gym)}</p>
              </Pod>
              <Pod title="Notifications" to="/gymdashboard/notifications">
                <p className="dash-empty">No alerts.</p>
              </Pod>
            </PodGrid>
            <ComingNote>
              Counts of today's day passes, Mastr passes, bookings, coaches and requests arrive with the offline front
              desk and coach management.
            </ComingNote>
          </>
        )}
      </ProfileGate>
    </DashboardPage>
  );
}
