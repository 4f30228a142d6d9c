import { formatHourlyRate } from '@mastr/rules/money.ts';
import {
  DashboardPage,
  Pod,
  PodGrid,
  StatusBadge,
  GoLiveChecklistPanel,
  coachChecklist,
  PodCount,
  ProfilePod,
  ProfileGate,
  useMeProfile,
  NotificationsPod,
} from '../dashboard-frame/index.ts';
import { Avatar } from '../ui/index.ts';
import { CoachWeeksChart, CoachTodaysBookings } from '../coach-sessions/index.ts';
import {
  NO_REGISTERED_GYMS,
  pendingGymRequestsCount,
  registeredGymsFigure,
  sessionRequestsFigure,
  type RegisteredGymsFigure,
} from './coach-home-model.ts';

/** §2: at most two gym pictures, else 'You are not registered to any gyms.' */
function RegisteredGyms({ figure }: { figure: RegisteredGymsFigure | null }) {
  if (!figure) return <PodCount count={null} />;
  if (figure.count === 0) return <p className="dash-empty">{NO_REGISTERED_GYMS}</p>;
  const more = figure.count - figure.shown.length;
  return (
    <>
      <ul className="pod-gyms">
        {figure.shown.map((gym) => (
          <li key={gym._id}>
            <Avatar src={gym.profileImage} name={gym.gymName} />
            <span>{gym.gymName}</span>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="pod__label">and {more} more</p>}
    </>
  );
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Analytics: what waits for the coach — session requests and gyms asked to join; the weekly chart follows. */
function CoachAnalytics({
  requests,
  pendingGyms,
}: {
  requests: ReturnType<typeof sessionRequestsFigure>;
  pendingGyms: number | null;
}) {
  const lines = [
    requests && `${plural(requests.requested, 'session request', 'session requests')} waiting for you`,
    requests && `${plural(requests.accepted, 'accepted session', 'accepted sessions')} waiting for payment`,
    pendingGyms !== null && `${plural(pendingGyms, 'gym request', 'gym requests')} pending`,
  ].filter((line): line is string => typeof line === 'string');
  if (lines.length === 0) return <PodCount count={null} />;
  return (
    <ul className="pod__lines">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** The coach home (§2): six pods, under the sign-up banner and go-live checklist while the coach is not Active. */
export function CoachHomePage() {
  const me = useMeProfile('coach');
  return (
    <DashboardPage title="Home">
      {/* Loading line, error, or the offline note; then the banner and what is left to go live. */}
      <ProfileGate kind="coach">{(coach) => <GoLiveChecklistPanel checklist={coachChecklist(coach)} />}</ProfileGate>
      <PodGrid>
        <ProfilePod me={me} title="Coach Status" to="/coachdashboard/account">
          {(coach) => <StatusBadge active={coach.status} labels={['Active', 'Inactive']} />}
        </ProfilePod>
        <ProfilePod me={me} title="Registered Gyms" to="/coachdashboard/management">
          {(coach) => <RegisteredGyms figure={registeredGymsFigure(coach)} />}
        </ProfilePod>
        <Pod title="Today's Bookings" to="/coachdashboard/bookings">
          <CoachTodaysBookings />
        </Pod>
        <ProfilePod me={me} title="Analytics" to="/coachdashboard/sessionrequests">
          {(coach) => (
            <>
              <CoachAnalytics requests={sessionRequestsFigure(coach)} pendingGyms={pendingGymRequestsCount(coach)} />
              <CoachWeeksChart />
            </>
          )}
        </ProfilePod>
        <ProfilePod me={me} title="Account" to="/coachdashboard/account">
          {(coach) => (
            <>
              <p className="pod__value">{coach.discipline || 'No discipline set'}</p>
              <p className="pod__label">{formatHourlyRate(coach.price)}</p>
            </>
          )}
        </ProfilePod>
        <NotificationsPod to="/coachdashboard/notifications" />
      </PodGrid>
    </DashboardPage>
  );
}
