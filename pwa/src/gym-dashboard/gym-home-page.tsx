import {
  DashboardPage,
  Pod,
  PodGrid,
  StatusBadge,
  GoLiveChecklistPanel,
  gymChecklist,
  PodCount,
  ProfilePod,
  TodaysBookings,
  ProfileGate,
  useMeProfile,
  todaysBookingCount,
  NotificationsPod,
} from '../dashboard-frame/index.ts';
import { useSyncStatus } from '../data/index.ts';
import { useFrontDesk } from '../front-desk/index.ts';
import { currentPlanLabel } from '../payments/index.ts';
import { coachesFigure, coachesText, requestsCount, requestsText } from './gym-home-model.ts';

/** The gym home (§2): nine pods, and the go-live checklist while the gym is not Active or not subscribed. */
export function GymHomePage() {
  const me = useMeProfile('gym');
  // Today's passes from the gym's copy on this device, by the front desk's own lists (offline too).
  const desk = useFrontDesk();
  const { failure } = useSyncStatus();
  const passCount = (n: number) => (desk.ready ? n : null);
  return (
    <DashboardPage title="Home">
      {/* Loading line, error, or the offline note; then what is left to go live. */}
      <ProfileGate kind="gym">{(gym) => <GoLiveChecklistPanel checklist={gymChecklist(gym)} />}</ProfileGate>
      <PodGrid>
        <ProfilePod me={me} title="Gym Status" to="/gymdashboard/account">
          {(gym) => <StatusBadge active={gym.status} labels={['Active', 'Inactive']} />}
        </ProfilePod>
        <ProfilePod me={me} title="Mastr Class Status" to="/gymdashboard/account">
          {(gym) => <StatusBadge active={gym.mastrClassActive} labels={['Active', 'Inactive']} />}
        </ProfilePod>
        <ProfilePod me={me} title="Account" to="/gymdashboard/stripe">
          {(gym) => (
            <>
              <p className="pod__label">Current Plan</p>
              <p className="pod__value">{currentPlanLabel(gym)}</p>
            </>
          )}
        </ProfilePod>
        <Pod title="Day Passes Today" to="/gymdashboard/daypasses/today">
          <PodCount count={passCount(desk.lists.today.length)} opening={!failure} />
        </Pod>
        <ProfilePod me={me} title="Coaches" to="/gymdashboard/management">
          {(gym) => {
            const figure = coachesFigure(gym);
            return <PodCount count={figure?.registered ?? null} text={figure ? coachesText(figure) : undefined} />;
          }}
        </ProfilePod>
        <ProfilePod me={me} title="Today's Bookings" to="/gymdashboard/bookings">
          {(gym) => <TodaysBookings count={todaysBookingCount(gym, new Date())} />}
        </ProfilePod>
        <ProfilePod me={me} title="Requests" to="/gymdashboard/management">
          {(gym) => {
            const count = requestsCount(gym);
            return <PodCount count={count} text={count === null ? undefined : requestsText(count)} />;
          }}
        </ProfilePod>
        <Pod title="Mastr Passes Today" to="/gymdashboard/daypasses/mastr">
          <PodCount count={passCount(desk.lists.mastrToday.length)} opening={!failure} />
        </Pod>
        <NotificationsPod to="/gymdashboard/notifications" />
      </PodGrid>
    </DashboardPage>
  );
}
