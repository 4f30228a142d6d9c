import type { GymCoach, RegisteredGym } from '@mastr/rules/api/directory.ts';
import type { DayPassView, MastrPassView } from '@mastr/rules/api/front-desk.ts';
import type { CoachMe, GymMe, MastrClassAvailabilityEntry, MeProfiles, UserMe, Visitor } from '@mastr/rules/api/me.ts';
import { ME_HISTORY_CAP } from '@mastr/rules/constants.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import {
  BOOKING_DOC_PREFIX,
  MASTR_CLASS_DOC_PREFIX,
  mastrClassDocId,
  passDocPrefix,
  profileIdOf,
  SCHEDULE_DOC_PREFIX,
  scheduleDocId,
  type PassDoc,
} from '@mastr/rules/doc-ids.ts';
import type {
  AccountDoc,
  BookingDoc,
  CoachProfileDoc,
  CoachRequestDoc,
  DayPassDoc,
  GymProfileDoc,
  MastrClassDoc,
  MastrPassDoc,
  ScheduleWeekDoc,
  UserProfileDoc,
} from '@mastr/rules/documents.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { isAcceptanceLapsed } from '@mastr/rules/pt-bookings.ts';
import { visitorsOf } from '@mastr/rules/visitors.ts';
import type { Couch } from '../../couch/couch.ts';
import { bookingsIn } from '../../couch/stores/bookings-store.ts';
import { gymPassesById, passesIn } from '../../couch/stores/passes-store.ts';
import { coachRequestsById, coachRequestsIn, gymRequestsIn } from '../../couch/stores/session-requests-store.ts';
import type { Deps } from '../../deps.ts';
import { getPayee } from '../../couch/stores/payments-store.ts';
import {
  availabilityView,
  coachRequestList,
  gymRequestList,
  releaseLapsedAcceptances,
  sessionListFields,
} from '../coaching/index.ts';
import { membershipsOfCoach, membershipsOfGym, profilesById } from '../../couch/stores/directory-queries.ts';
import { coachAvatar, timetableFrom, mastrClassAvailability, withStoredClasses } from '../directory/index.ts';
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
} from '../passes/index.ts';
import type { ProfileDoc } from '../../couch/stores/profiles-store.ts';
import { getAccount } from '../../couch/stores/accounts-store.ts';
import { missingSteps, publicImageUrl, coachView, gymView, userView } from '../accounts/index.ts';
import { getProfile } from '../../couch/stores/profiles-store.ts';
import { createGymSnapshots, type GymSnapshots } from './stores/gym-snapshots-store.ts';

/**
 * GET /api/me/users|gyms|coaches (rules/api/me.ts): the profile part (profile-views.ts) and every §3
 * list that exists yet, read from the tenant databases and the memberships, every read of one answer
 * (the account and profile too) in parallel.
 *
 * A gym's passes and schedule weeks are read through a snapshot kept per gym and brought up to date
 * with the gym database's changes on every call (couch/prefix-snapshots.ts, design/decisions.md 32):
 * a busy gym holds 10,000 passes, which take over a second to read whole, while its front desk adds
 * check-ins all day. Members' and coaches' databases are small and read with one `_all_docs` range per prefix.
 */

/** Gyms whose passes are kept in memory per server instance (a 10,000-pass gym takes ~10 MB of heap). */
const GYM_SNAPSHOTS = 16;

interface MeViews {
  /**
   * The whole view of the account behind `profileId`, or null when it has no account of that kind
   * or no profile (a still-valid token of an account deleted since).
   */
  viewOf<K extends AccountKind>(kind: K, profileId: string): Promise<MeProfiles[K] | null>;
}

/** The account and its profile, or null unless both exist and are of that kind. */
type Owner<P extends ProfileDoc> = { account: AccountDoc; profile: P } | null;

async function ownerOf<P extends ProfileDoc>(couch: Couch, kind: P['type'], profileId: string): Promise<Owner<P>> {
  const [account, profile] = await Promise.all([getAccount(couch, profileId), getProfile(couch, kind, profileId)]);
  return account?.kind === kind && profile?.type === kind ? { account, profile: profile as P } : null;
}

/** What a gym's snapshot keeps: its passes' facts, its schedule weeks and its stored Mastr classes. */
type GymDoc = PassFacts | ScheduleWeekDoc | MastrClassDoc | BookingDoc;

function gymDocOf(doc: { type?: unknown }): GymDoc | null {
  if (doc.type === 'schedule-week') return doc as ScheduleWeekDoc;
  if (doc.type === 'booking') return doc as BookingDoc;
  if (doc.type === 'mastr-class') return doc as MastrClassDoc;
  return passFacts(doc);
}

const perInstance = new WeakMap<Deps, MeViews>();

/**
 * The views of one server instance (its `deps`): GET /api/me and the calendar feed (mail-settings.ts)
 * share them, so a gym's passes are held in one snapshot, not one per route.
 */
export function meViewsOf(deps: Deps): MeViews {
  let views = perInstance.get(deps);
  if (!views) {
    views = createMeViews(deps);
    perInstance.set(deps, views);
  }
  return views;
}

function createMeViews(deps: Deps): MeViews {
  const gymDocs = createGymSnapshots<GymDoc>(deps.couch, {
    prefixes: [
      passDocPrefix('day-pass'),
      passDocPrefix('mastr-pass'),
      SCHEDULE_DOC_PREFIX,
      MASTR_CLASS_DOC_PREFIX,
      BOOKING_DOC_PREFIX,
    ],
    project: gymDocOf,
    maxGyms: GYM_SNAPSHOTS,
  });
  const gymLists = memoisedGymLists();
  return {
    // The tenant reads need only the id, so they run alongside the account and profile reads.
    viewOf<K extends AccountKind>(kind: K, profileId: string) {
      const views: { [A in AccountKind]: () => Promise<MeProfiles[A] | null> } = {
        user: () => userMe(deps, profileId),
        gym: () => gymMe(deps, { docs: gymDocs, lists: gymLists }, profileId),
        coach: () => coachMe(deps, profileId),
      };
      return views[kind]() as Promise<MeProfiles[K] | null>;
    },
  };
}

// ---- member -------------------------------------------------------------------------------------

async function userMe(deps: Deps, memberId: string): Promise<UserMe | null> {
  const now = deps.now();
  const { couch } = deps;
  const [owner, dayPasses, allMastrPasses, storedCoachRequests, gymRequests, bookings] = await Promise.all([
    ownerOf<UserProfileDoc>(couch, 'user', memberId),
    passesIn<DayPassDoc>(couch, 'member', memberId, 'day-pass'),
    passesIn<MastrPassDoc>(couch, 'member', memberId, 'mastr-pass'),
    coachRequestsIn(couch, 'member', memberId),
    gymRequestsIn(couch, 'member', memberId),
    bookingsIn(couch, 'member', memberId),
  ]);
  if (!owner) return null;
  // A Mastr pass the member cancelled is listed nowhere (decision 70), as a cancelled day pass.
  const mastrPasses = allMastrPasses.filter((p) => !p.cancelled);
  const coachRequests = await withoutLapsedAcceptances(deps, storedCoachRequests);
  const upcoming = upcomingDayPassList(dayPasses, now);
  const expired = expiredDayPassList(dayPasses, now, ME_HISTORY_CAP);
  const upcomingMastr = upcomingMastrPassList(mastrPasses, now);
  // Unassigned Mastr passes cannot have been checked in: only the others need the gym's word.
  const checkedIn = await withGymCheckIns(deps, [...upcoming, ...expired, ...upcomingMastr]);
  return {
    ...userView(owner.account, owner.profile),
    upcomingDayPassesInformation: upcoming.map((p) => dayPassView(checkedIn(p))),
    expiredDayPassesInformation: expired.map((p) => dayPassView(checkedIn(p))),
    upcomingMastrClassPassesInformation: upcomingMastr.map((p) => mastrPassView(checkedIn(p))),
    unassignedMastrClassPassesInformation: unassignedMastrPassList(mastrPasses).map(mastrPassView),
    privateSessionRequestsInformation: coachRequestList(coachRequests),
    privateSessionRequestsGymInformation: gymRequestList(gymRequests),
    ...sessionListFields(bookings, now),
  };
}

/**
 * A member's accepted requests whose payment window has passed (decision 38) are released first, as
 * the coach's side would release them, so the member is never shown one that can no longer be paid.
 */
async function withoutLapsedAcceptances(deps: Deps, requests: CoachRequestDoc[]): Promise<CoachRequestDoc[]> {
  const now = deps.now();
  const lapsedCoaches = new Set(requests.filter((r) => isAcceptanceLapsed(r, now)).map((r) => r.coachId));
  if (lapsedCoaches.size === 0) return requests;
  for (const coachId of lapsedCoaches) await releaseLapsedAcceptances(deps, coachId);
  const released = new Set(
    requests.filter((r) => lapsedCoaches.has(r.coachId) && isAcceptanceLapsed(r, now)).map((r) => r._id),
  );
  const stillThere = await coachRequestsById(deps.couch, 'member', requests[0].userProfile_id, [...released]);
  return requests.filter((r) => !released.has(r._id) || stillThere.has(r._id));
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
      [...idsByGym].map(async ([gymId, ids]) => [gymId, await gymPassesById(deps.couch, gymId, ids)] as const),
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

/** A gym's pass lists as they stand today, worked out once per version of its documents and UK day. */
interface GymLists {
  upcoming: DayPassView[];
  expired: DayPassView[];
  allMastr: MastrPassView[];
  visitors: Visitor[];
  bookings: BookingDoc[];
  mastrPasses: MastrPassFacts[];
  schedules: Map<string, ScheduleWeekDoc>;
  mastrClasses: Map<string, MastrClassDoc>;
}

/**
 * The snapshot answers the same list while none of the gym's passes changed (check-in records and
 * outcomes are not passes), so the lists are remembered against it and worked out again only after
 * a pass changed or the UK day turned. A pass that did not change keeps its facts object, so its
 * §3 view is remembered against that: after one check-in only that pass's view is made again.
 */
function memoisedGymLists() {
  const remembered = new WeakMap<readonly GymDoc[], { today: string; lists: GymLists }>();
  const dayViews = new WeakMap<DayPassFacts, DayPassView>();
  const mastrViews = new WeakMap<MastrPassFacts, MastrPassView>();
  const dayView = (pass: DayPassFacts) => remember(dayViews, pass, dayPassView);
  const mastrView = (pass: MastrPassFacts) => remember(mastrViews, pass, mastrPassView);
  return (docs: readonly GymDoc[], now: Date): GymLists => {
    const today = ukDateKey(now);
    const hit = remembered.get(docs);
    if (hit?.today === today) return hit.lists;
    const dayPasses = docs.filter((d): d is DayPassFacts => d.type === 'day-pass');
    const mastrPasses = docs.filter((d): d is MastrPassFacts => d.type === 'mastr-pass');
    const bookings = docs.filter((d): d is BookingDoc => d.type === 'booking');
    const lists = {
      upcoming: upcomingDayPassList(dayPasses, now).map(dayView),
      expired: expiredDayPassList(dayPasses, now, ME_HISTORY_CAP).map(dayView),
      allMastr: allMastrPassList(mastrPasses, now, ME_HISTORY_CAP).map(mastrView),
      visitors: visitorsOf(dayPasses, ME_HISTORY_CAP, bookings),
      bookings,
      mastrPasses,
      schedules: new Map(docs.flatMap((d) => (d.type === 'schedule-week' ? [[d._id, d] as const] : []))),
      mastrClasses: new Map(docs.flatMap((d) => (d.type === 'mastr-class' ? [[d._id, d] as const] : []))),
    };
    remembered.set(docs, { today, lists });
    return lists;
  };
}

function remember<K extends object, V>(memo: WeakMap<K, V>, key: K, make: (key: K) => V): V {
  let value = memo.get(key);
  if (value === undefined) {
    value = make(key);
    memo.set(key, value);
  }
  return value;
}

async function gymMe(
  deps: Deps,
  gym: { docs: GymSnapshots<GymDoc>; lists: ReturnType<typeof memoisedGymLists> },
  gymId: string,
): Promise<GymMe | null> {
  const now = deps.now();
  const [owner, docs, coaches, payee] = await Promise.all([
    ownerOf<GymProfileDoc>(deps.couch, 'gym', gymId),
    gym.docs.read(gymId),
    gymCoachLists(deps, gymId),
    getPayee(deps.couch, 'gym', gymId),
  ]);
  if (!owner) return null;
  const lists = gym.lists(docs, now);
  // Completed is a matter of the clock, not of the documents: worked out on every call.
  const sessions = sessionListFields(lists.bookings, now);
  return {
    ...gymView(owner.account, owner.profile),
    upcomingSessionsInformation: sessions.upcomingSessionsInformation,
    cancelledSessions: sessions.cancelledSessions,
    todaysCompletedSessionsInformation: sessions.todaysCompletedSessionsInformation,
    archivedBookingsInformation: sessions.archivedBookingsInformation,
    missingSteps: missingSteps(owner.profile, payee, lists.schedules.get(scheduleDocId(null)) ?? null),
    mastrClassAvailability: mastrClassEntries(gymId, owner.profile, lists, now),
    allMastrPasses: lists.allMastr,
    visitors: lists.visitors,
    upcomingDayPassesInformation: lists.upcoming,
    expiredDayPassesInformation: lists.expired,
    ...coaches,
    schedule: timetableFrom(gymId, (id) => lists.schedules.get(id), now).schedule,
  };
}

/** The next two Mastr classes, each with the ids of the passes booked into it. */
function mastrClassEntries(
  gymId: string,
  profile: GymProfileDoc,
  { mastrPasses, mastrClasses }: Pick<GymLists, 'mastrPasses' | 'mastrClasses'>,
  now: Date,
): MastrClassAvailabilityEntry[] {
  const options = withStoredClasses(mastrClassAvailability(gymId, profile, now), (at) =>
    mastrClasses.get(mastrClassDocId(at)),
  );
  return options.map((option) => ({
    ...option,
    assignedPasses: mastrPasses
      .filter((p) => p.dateAndTimeStart?.replace(/Z$/, '') === option.classDateAndTime)
      .map((p) => p.passId),
  }));
}

/** Registered coaches (newest registration first, as the public profile lists them) and pending ones (oldest first). */
export async function gymCoachLists(
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

async function coachMe(deps: Deps, coachId: string): Promise<CoachMe | null> {
  // Lapsed acceptances (decision 38) are released before the slots and requests are read.
  await releaseLapsedAcceptances(deps, coachId);
  const [owner, gyms, availability, requests, payee, bookings] = await Promise.all([
    ownerOf<CoachProfileDoc>(deps.couch, 'coach', coachId),
    coachGymLists(deps, coachId),
    availabilityView(deps, coachId),
    coachRequestsIn(deps.couch, 'coach', coachId),
    getPayee(deps.couch, 'coach', coachId),
    bookingsIn(deps.couch, 'coach', coachId),
  ]);
  if (!owner) return null;
  return {
    ...coachView(owner.account, owner.profile),
    missingSteps: missingSteps(owner.profile, payee, null),
    ...gyms,
    availability,
    privateSessionRequestsInformation: coachRequestList(requests),
    ...sessionListFields(bookings, deps.now()),
  };
}

/** The gyms the coach is registered at and has asked to join, oldest first, active or not. */
export async function coachGymLists(
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
    profileImage: publicImageUrl(gym.profileImage),
  });
  return {
    registeredGyms: registered.map(idOf),
    pendingRequests: pending.map(idOf),
    registeredGymsInformation: registered.map(info),
    pendingRequestsInformation: pending.map(info),
  };
}
