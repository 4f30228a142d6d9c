import type { CoachMe, GymMe, MastrClassAvailabilityEntry, MeResponse, UserMe } from '@mastr/rules/api/me.ts';
import type { GymCoach, RegisteredGym } from '@mastr/rules/api/directory.ts';
import { ME_HISTORY_CAP } from '@mastr/rules/constants.ts';
import { coachRequestId, gymRequestId, passDocPrefix, profileIdOf, type PassDoc } from '@mastr/rules/doc-ids.ts';
import type {
  AccountDoc,
  CoachProfileDoc,
  CoachRequestDoc,
  DayPassDoc,
  GymProfileDoc,
  GymRequestDoc,
  MastrPassDoc,
  UserProfileDoc,
} from '@mastr/rules/documents.ts';
import { visitorsOf } from '@mastr/rules/visitors.ts';
import { tenantDbName } from '../../couch/databases.ts';
import { createPrefixSnapshots, type PrefixSnapshots } from '../../couch/prefix-snapshots.ts';
import { docsWithPrefix, fetchDocs, tenantDb } from '../../couch/tenant-docs.ts';
import type { Deps } from '../../deps.ts';
import { availabilityView } from '../coaching/availability-service.ts';
import { coachRequestList, gymRequestList } from '../coaching/request-views.ts';
import { membershipsOfCoach, membershipsOfGym, profilesById } from '../directory/directory-queries.ts';
import { coachAvatar } from '../directory/directory-service.ts';
import { gymTimetableView } from '../directory/gym-timetable-views.ts';
import { mastrClassAvailability } from '../directory/mastr-class-schedule.ts';
import {
  allMastrPassList,
  dayPassView,
  expiredDayPassList,
  mastrPassView,
  passFacts,
  unassignedMastrPassList,
  upcomingDayPassList,
  upcomingMastrPassList,
  type DayPassFacts,
  type MastrPassFacts,
  type PassFacts,
} from '../passes/pass-views.ts';
import type { ProfileDoc } from './accounts-service.ts';
import { coachView, gymView, userView } from './profile-views.ts';

/**
 * GET /api/me/users|gyms|coaches (rules/api/me.ts): the profile part (profile-views.ts) and every §3
 * list that exists yet, read from the tenant databases and the memberships, the reads of one answer
 * in parallel. The session and booking lists are left out until bookings exist (issue 12).
 *
 * A gym's passes are read through a snapshot kept per gym and brought up to date with the gym
 * database's changes on every call (couch/prefix-snapshots.ts, design/decisions.md 27): a busy gym
 * holds 10,000 passes, which take over a second to read whole, while its front desk adds check-ins
 * all day. Members' and coaches' databases are small and read with one `_all_docs` range per prefix.
 */

/** Gyms whose passes are kept in memory per server instance (a 10,000-pass gym takes a few MB). */
const GYM_SNAPSHOTS = 16;

interface MeViews {
  /** The account's whole view; the account and the profile must belong together. */
  viewOf(account: AccountDoc, profile: ProfileDoc): Promise<MeResponse>;
}

export function createMeViews(deps: Deps): MeViews {
  const gymPasses = createPrefixSnapshots<PassFacts>(deps.couch, {
    prefixes: [passDocPrefix('day-pass'), passDocPrefix('mastr-pass')],
    project: passFacts,
    maxDatabases: GYM_SNAPSHOTS,
  });
  return {
    viewOf(account, profile) {
      switch (profile.type) {
        case 'user':
          return userMe(deps, account, profile);
        case 'gym':
          return gymMe(deps, gymPasses, account, profile);
        case 'coach':
          return coachMe(deps, account, profile);
      }
    },
  };
}

// ---- member -------------------------------------------------------------------------------------

/** Every id of a kind of request (`coach-request:`, `gym-request:`). */
const COACH_REQUESTS = coachRequestId('');
const GYM_REQUESTS = gymRequestId('');

async function userMe(deps: Deps, account: AccountDoc, profile: UserProfileDoc): Promise<UserMe> {
  const now = deps.now();
  const { couch } = deps;
  const memberId = account.profileId;
  const [dayPasses, mastrPasses, coachRequests, gymRequests] = await Promise.all([
    docsWithPrefix(tenantDb<DayPassDoc>(couch, 'member', memberId), passDocPrefix('day-pass')),
    docsWithPrefix(tenantDb<MastrPassDoc>(couch, 'member', memberId), passDocPrefix('mastr-pass')),
    docsWithPrefix(tenantDb<CoachRequestDoc>(couch, 'member', memberId), COACH_REQUESTS),
    docsWithPrefix(tenantDb<GymRequestDoc>(couch, 'member', memberId), GYM_REQUESTS),
  ]);
  const upcoming = upcomingDayPassList(dayPasses, now);
  const expired = expiredDayPassList(dayPasses, now, ME_HISTORY_CAP);
  const upcomingMastr = upcomingMastrPassList(mastrPasses, now);
  // Unassigned Mastr passes cannot have been checked in: only the others need the gym's word.
  const checkedIn = await withGymCheckIns(deps, [...upcoming, ...expired, ...upcomingMastr]);
  return {
    ...userView(account, profile),
    upcomingDayPassesInformation: upcoming.map((p) => dayPassView(checkedIn(p))),
    expiredDayPassesInformation: expired.map((p) => dayPassView(checkedIn(p))),
    upcomingMastrClassPassesInformation: upcomingMastr.map((p) => mastrPassView(checkedIn(p))),
    unassignedMastrClassPassesInformation: unassignedMastrPassList(mastrPasses).map(mastrPassView),
    privateSessionRequestsInformation: coachRequestList(coachRequests),
    privateSessionRequestsGymInformation: gymRequestList(gymRequests),
  };
}

/**
 * Check-ins are counted on the gym's copy of a pass only (design/sync.md "Writes and who decides"),
 * so the member's passes take their check-in state from the gyms' copies: one `_all_docs` by keys
 * per gym, in parallel. A pass whose gym copy is missing keeps the member copy's state.
 */
async function withGymCheckIns(deps: Deps, passes: readonly PassDoc[]): Promise<<T extends PassDoc>(pass: T) => T> {
  const idsByGym = new Map<string, string[]>();
  for (const pass of passes) {
    const ids = idsByGym.get(pass.gymId);
    if (ids) ids.push(pass._id);
    else idsByGym.set(pass.gymId, [pass._id]);
  }
  const byGym = new Map(
    await Promise.all(
      [...idsByGym].map(
        async ([gymId, ids]) => [gymId, await fetchDocs(tenantDb<PassDoc>(deps.couch, 'gym', gymId), ids)] as const,
      ),
    ),
  );
  return <T extends PassDoc>(pass: T): T => {
    const gymCopy = byGym.get(pass.gymId)?.get(pass._id);
    if (gymCopy?.type === 'day-pass' && pass.type === 'day-pass') return { ...pass, checkIns: gymCopy.checkIns };
    if (gymCopy?.type === 'mastr-pass' && pass.type === 'mastr-pass') return { ...pass, checkedIn: gymCopy.checkedIn };
    return pass;
  };
}

// ---- gym ----------------------------------------------------------------------------------------

async function gymMe(
  deps: Deps,
  gymPasses: PrefixSnapshots<PassFacts>,
  account: AccountDoc,
  profile: GymProfileDoc,
): Promise<GymMe> {
  const now = deps.now();
  const gymId = account.profileId;
  const [passes, timetable, coaches] = await Promise.all([
    gymPasses.read(tenantDbName('gym', gymId)),
    gymTimetableView(deps.couch, gymId, now),
    gymCoachLists(deps, gymId),
  ]);
  const dayPasses = passes.filter((p): p is DayPassFacts => p.type === 'day-pass');
  const mastrPasses = passes.filter((p): p is MastrPassFacts => p.type === 'mastr-pass');
  return {
    ...gymView(account, profile),
    mastrClassAvailability: mastrClassEntries(gymId, profile, mastrPasses, now),
    allMastrPasses: allMastrPassList(mastrPasses, now, ME_HISTORY_CAP).map(mastrPassView),
    visitors: visitorsOf(dayPasses, ME_HISTORY_CAP),
    upcomingDayPassesInformation: upcomingDayPassList(dayPasses, now).map(dayPassView),
    expiredDayPassesInformation: expiredDayPassList(dayPasses, now, ME_HISTORY_CAP).map(dayPassView),
    ...coaches,
    schedule: timetable.schedule,
  };
}

/** The next two Mastr classes, each with the ids of the passes booked into it. */
function mastrClassEntries(
  gymId: string,
  profile: GymProfileDoc,
  mastrPasses: readonly MastrPassFacts[],
  now: Date,
): MastrClassAvailabilityEntry[] {
  return mastrClassAvailability(gymId, profile, now).map((option) => ({
    ...option,
    assignedPasses: mastrPasses
      .filter((p) => p.dateAndTimeStart?.replace(/Z$/, '') === option.classDateAndTime)
      .map((p) => p.passId),
  }));
}

/** Registered coaches (newest registration first, as the public profile lists them) and pending ones (oldest first). */
async function gymCoachLists(
  deps: Deps,
  gymId: string,
): Promise<Pick<GymMe, 'coachesInformation' | 'requestsInformation'>> {
  const memberships = await membershipsOfGym(deps.couch, gymId);
  const coaches = await profilesById(
    deps.couch,
    'coach',
    memberships.map((m) => m.coachId),
  );
  const listed = (state: 'registered' | 'pending'): GymCoach[] =>
    memberships.flatMap((m) => {
      const coach = m.state === state ? coaches.get(m.coachId) : undefined;
      return coach ? [gymCoachView(coach)] : [];
    });
  return { coachesInformation: listed('registered').reverse(), requestsInformation: listed('pending') };
}

const gymCoachView = (coach: CoachProfileDoc): GymCoach => ({
  ...coachAvatar(coach),
  discipline: coach.discipline,
  price: coach.price,
});

// ---- coach --------------------------------------------------------------------------------------

async function coachMe(deps: Deps, account: AccountDoc, profile: CoachProfileDoc): Promise<CoachMe> {
  const coachId = account.profileId;
  const [gyms, availability, requests] = await Promise.all([
    coachGymLists(deps, coachId),
    availabilityView(deps, coachId),
    docsWithPrefix(tenantDb<CoachRequestDoc>(deps.couch, 'coach', coachId), COACH_REQUESTS),
  ]);
  return {
    ...coachView(account, profile),
    ...gyms,
    availability,
    privateSessionRequestsInformation: coachRequestList(requests),
  };
}

/** The gyms the coach is registered at and has asked to join, oldest first, active or not. */
async function coachGymLists(
  deps: Deps,
  coachId: string,
): Promise<
  Pick<CoachMe, 'registeredGyms' | 'pendingRequests' | 'registeredGymsInformation' | 'pendingRequestsInformation'>
> {
  const memberships = await membershipsOfCoach(deps.couch, coachId);
  const gyms = await profilesById(
    deps.couch,
    'gym',
    memberships.map((m) => m.gymId),
  );
  const listed = (state: 'registered' | 'pending'): GymProfileDoc[] =>
    memberships.flatMap((m) => {
      const gym = m.state === state ? gyms.get(m.gymId) : undefined;
      return gym ? [gym] : [];
    });
  const registered = listed('registered');
  const pending = listed('pending');
  const idOf = (gym: GymProfileDoc) => profileIdOf(gym._id);
  const info = (gym: GymProfileDoc): RegisteredGym => ({
    _id: idOf(gym),
    gymName: gym.gymName,
    profileImage: gym.profileImage,
  });
  return {
    registeredGyms: registered.map(idOf),
    pendingRequests: pending.map(idOf),
    registeredGymsInformation: registered.map(info),
    pendingRequestsInformation: pending.map(info),
  };
}
