import { formatHourlyRate } from '@mastr/rules/money.ts';
import { ComingNote, DashboardPage, Pod, PodGrid, StatusBadge } from '../dashboard-frame/dashboard-parts.tsx';
import { ProfileGate } from '../dashboard-frame/me-profile-context.tsx';

/** Coach home pods (§2) that /api/me can fill today. */
export function CoachHomePage() {
  return (
    <DashboardPage title="Home">
      <ProfileGate kind="coach">
        {(coach) => (
          <>
            <PodGrid>
              <Pod title="Coach Status" to="/coachdashboard/account">
                <StatusBadge active={coach.status} labels={['Active', 'Inactive']} />
              </Pod>
              <Pod title="Account" to="/coachdashboard/account">
                <p className="pod__value">{coach.discipline || 'No discipline set'}</p>
                <p className="pod__label">{formatHourlyRate(coach.price)}</p>
              </Pod>
              <Pod title="Notifications" to="/coachdashboard/notifications">
                <p className="dash-empty">No alerts.</p>
              </Pod>
            </PodGrid>
            <ComingNote>Your registered gyms and today's bookings arrive with gym management and bookings.</ComingNote>
          </>
        )}
      </ProfileGate>
    </DashboardPage>
  );
}
