import type {
  CoachAvatar,
  CoachCard,
  CoachDetail,
  CoachListItem,
  GymAvatar,
  GymCard,
  GymDetail,
  GymListItem,
} from '@mastr/rules/api/directory.ts';
import { coachWeekStart } from '@mastr/rules/coach-week.ts';
import { gymWeekStart } from '@mastr/rules/timetable.ts';
import { profileIdOf } from '@mastr/rules/doc-ids.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import { isAcceptanceLapsed } from '@mastr/rules/pt-bookings.ts';
import type { CoachProfileDoc, DayPassDoc, GymProfileDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { passesIn } from '../../couch/stores/passes-store.ts';
import { cardAvatars, holdsPassAt, isPublicCoach, isPublicGym } from '@mastr/rules/listing.ts';
import type { Deps } from '../../deps.ts';
import type { DatabaseUpdates } from '../../sync/database-updates.ts';
import { availabilityView, releaseLapsedAcceptances } from '../coaching/index.ts';
import {
  activeCoaches,
  activeGyms,
  profilesById,
  registeredMemberships,
  registeredMembershipsOfCoach,
  registeredMembershipsOfGym,
  type Membership,
} from '../../couch/stores/directory-queries.ts';
import { publicImageUrl } from '../accounts/index.ts';
import { gymTimetableView } from './gym-timetable-views.ts';
import { currentMastrClasses } from './mastr-class-service.ts';
import { mastrClassAvailability } from './mastr-class-schedule.ts';
import { prepareBody, type PreparedBody } from './prepared-body.ts';
import { memoiseProfiles } from './profile-memo.ts';
import { memoiseBySequence } from './sequence-memo.ts';
import { LISTS_DATABASE, profileDatabases } from './stores/database-sequences-store.ts';

/**
 * The public directory's views (§7 "Public data", §4 "Listing"; their shapes are rules/api/directory.ts):
 * only public gyms (active and subscribed) and coaches (active), built field by field from the public
 * fields, so no private field (email, mobile, payment status, tokens, membership internals) can slip
 * into an answer.
 */

const byCreatedAt = <T extends { _id: string; createdAt: string }>(a: T, b: T) =>
  a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id);

const gymAvatar = (gym: GymProfileDoc): GymAvatar => ({
  _id: profileIdOf(gym._id),
  status: gym.status,
  profileImage: publicImageUrl(gym.profileImage),
  gymName: gym.gymName,
});
/** A coach as gym cards and lists show them (also the gym's own coach lists, GET /api/me/gyms). */
export const coachAvatar = (coach: CoachProfileDoc): CoachAvatar => ({
  _id: profileIdOf(coach._id),
  status: coach.status,
  profileImage: publicImageUrl(coach.profileImage),
  firstName: coach.firstName,
  lastName: coach.lastName,
});

function gymCard(gym: GymProfileDoc): GymCard {
  return {
    _id: profileIdOf(gym._id),
    gymName: gym.gymName,
    address: {
      addressLineOne: gym.address.addressLineOne,
      addressLineTwo: gym.address.addressLineTwo,
      addressTownOrCity: gym.address.addressTownOrCity,
      addressPostalCode: gym.address.addressPostalCode,
    },
    bio: gym.bio,
    adultDayPassPrice: gym.adultDayPassPrice,
    kidsDayPassPrice: gym.kidsDayPassPrice,
    profileImage: publicImageUrl(gym.profileImage),
    coverImage: publicImageUrl(gym.coverImage),
    mastrClassActive: gym.mastrClassActive,
  };
}

function coachCard(coach: CoachProfileDoc): CoachCard {
  return {
    _id: profileIdOf(coach._id),
    firstName: coach.firstName,
    lastName: coach.lastName,
    discipline: coach.discipline,
    price: coach.price,
    sessionPreferenceType: coach.sessionPreferenceType,
    profileImage: publicImageUrl(coach.profileImage),
  };
}

/** For each key, the related profiles in relation order (profiles missing from `byId` left out). */
function related<T>(
  memberships: readonly Membership[],
  key: (m: Membership) => string,
  other: (m: Membership) => string,
  byId: Map<string, T>,
) {
  const grouped = new Map<string, T[]>();
  for (const m of memberships) {
    const profile = byId.get(other(m));
    if (!profile) continue;
    const list = grouped.get(key(m));
    if (list) list.push(profile);
    else grouped.set(key(m), [profile]);
  }
  return (id: string) => grouped.get(id) ?? [];
}

/** GET /api/gyms: public gyms, oldest first, each with up to nine active registered coaches. */
async function listGyms(deps: Deps): Promise<GymListItem[]> {
  const [gyms, coaches, memberships] = await Promise.all([
    activeGyms(deps.couch),
    activeCoaches(deps.couch),
    registeredMemberships(deps.couch),
  ]);
  const coachesOf = related(
    memberships,
    (m) => m.gymId,
    (m) => m.coachId,
    new Map(coaches.map((c) => [profileIdOf(c._id), c])),
  );
  return gyms
    .filter(isPublicGym)
    .sort(byCreatedAt)
    .map((gym) => ({
      ...gymCard(gym),
      coachesInformation: cardAvatars(coachesOf(profileIdOf(gym._id))).map(coachAvatar),
    }));
}

/** GET /api/coaches: public coaches in reverse order (newest first), each with up to nine active registered gyms. */
async function listCoaches(deps: Deps): Promise<CoachListItem[]> {
  const [coaches, gyms, memberships] = await Promise.all([
    activeCoaches(deps.couch),
    activeGyms(deps.couch),
    registeredMemberships(deps.couch),
  ]);
  const gymsOf = related(
    memberships,
    (m) => m.coachId,
    (m) => m.gymId,
    new Map(gyms.map((g) => [profileIdOf(g._id), g])),
  );
  return coaches
    .filter(isPublicCoach)
    .sort(byCreatedAt)
    .reverse()
    .map((coach) => ({
      ...coachCard(coach),
      gymsInformation: cardAvatars(gymsOf(profileIdOf(coach._id))).map(gymAvatar),
    }));
}

/**
 * The two lists, read from the profiles database alone and so recomputed only after it changed
 * (browsing, search and every card render read them; 2,000 gyms must stay fast), each kept ready
 * to send: serialised, compressed and tagged once per change (decision 111). With the instance's
 * `_db_updates` feed, an unchanged list is served with no CouchDB call.
 */
export function createDirectoryLists(deps: Deps, updates?: Pick<DatabaseUpdates, 'mark' | 'unchangedSince'>) {
  const prepared = <T>(list: () => Promise<T>): (() => Promise<PreparedBody<T>>) =>
    memoiseBySequence(deps.couch, LISTS_DATABASE, async () => prepareBody(await list()), Date.now, updates);
  return { gyms: prepared(() => listGyms(deps)), coaches: prepared(() => listCoaches(deps)) };
}

/**
 * GET /api/gyms/{id}, or null unless the gym is public: the card fields, every active registered
 * coach (newest registration first: §2 lists the gym's coaches in reverse order), the two-week
 * timetable and the next two Mastr classes. A viewer holding a pass there also sees a gym no longer
 * listed (decision 65); for anyone else the answer is `publicGymProfiles`'s.
 */
export async function gymProfile(
  deps: Deps,
  gymId: string,
  viewer: { memberId: string } | null = null,
): Promise<GymDetail | null> {
  const now = deps.now();
  const gym = (await profilesById(deps.couch, 'gym', [gymId])).get(gymId);
  if (!gym) return null;
  const listed = isPublicGym(gym);
  // An unlisted gym stays visible to a member still holding a pass there (decision 65), to nobody else.
  if (!listed && !(viewer && (await memberHoldsPassAt(deps, viewer.memberId, gymId, ukDateKey(now))))) return null;
  return gymDetail(deps, gym, now);
}

async function gymDetail(deps: Deps, gym: GymProfileDoc, now: Date): Promise<GymDetail> {
  const gymId = profileIdOf(gym._id);
  const memberships = await registeredMembershipsOfGym(deps.couch, gymId);
  const [coachesById, timetable, mastrClasses] = await Promise.all([
    profilesById(
      deps.couch,
      'coach',
      memberships.map((m) => m.coachId),
    ),
    gymTimetableView(deps.couch, gymId, now),
    currentMastrClasses(deps.couch, gymId, gym, now),
  ]);
  const coaches = memberships
    .flatMap((m) => {
      const coach = coachesById.get(m.coachId);
      return coach && isPublicCoach(coach) ? [coach] : [];
    })
    .reverse();
  return {
    ...gymCard(gym),
    listed: isPublicGym(gym),
    activeCoachCount: coaches.length,
    coachesInformation: coaches.map((c) => ({ ...coachAvatar(c), discipline: c.discipline, price: c.price })),
    ...timetable,
    mastrClassAvailability: mastrClasses,
  };
}

/**
 * The anonymous GET /api/gyms/{id}, kept ready to send per gym (decision 143): it reads the profiles
 * database (the gym, its memberships, their coaches) and the gym's own (timetable weeks, Mastr
 * classes), and of the clock only the current week and which Mastr classes have not started.
 */
export function publicGymProfiles(deps: Deps, updates?: Pick<DatabaseUpdates, 'mark' | 'unchangedSince'>) {
  return memoiseProfiles<GymDetail>(
    async (gymId, now) => {
      const gym = (await profilesById(deps.couch, 'gym', [gymId])).get(gymId);
      const shown = gym && isPublicGym(gym) ? gym : null;
      return {
        value: shown && (await gymDetail(deps, shown, now)),
        timeKey: (at) =>
          shown
            ? [gymWeekStart(at), ...mastrClassAvailability(gymId, shown, at).map((o) => o.classDateAndTime)].join()
            : '',
      };
    },
    { dbNamesOf: (gymId) => profileDatabases('gym', gymId), now: deps.now, updates },
  );
}

/**
 * Whether the member's own passes (their database) include one still to use at the gym. A member who
 * never bought anything has no database yet: the store answers no passes.
 */
async function memberHoldsPassAt(deps: Deps, memberId: string, gymId: string, today: string): Promise<boolean> {
  const [dayPasses, mastrPasses] = await Promise.all([
    passesIn<DayPassDoc>(deps.couch, 'member', memberId, 'day-pass'),
    passesIn<MastrPassDoc>(deps.couch, 'member', memberId, 'mastr-pass'),
  ]);
  return holdsPassAt([...dayPasses, ...mastrPasses], gymId, today);
}

/**
 * GET /api/coaches/{id}, kept ready to send per coach (decision 145): null unless the coach is
 * public; else the card fields, socials, the public gyms the coach is registered to, and the
 * availability of the default, current and next week. It reads the profiles database and the
 * coach's own, and of the clock the current week and which accepted requests have lapsed.
 */
export function publicCoachProfiles(deps: Deps, updates?: Pick<DatabaseUpdates, 'mark' | 'unchangedSince'>) {
  return memoiseProfiles<CoachDetail>(
    async (coachId, now) => {
      const coach = (await profilesById(deps.couch, 'coach', [coachId])).get(coachId);
      if (!coach || !isPublicCoach(coach)) return { value: null, timeKey: () => '' };
      // Lapsed acceptances (decision 38) are released before the slots are shown; the answer holds
      // until one of those left lapses too.
      const waiting = await releaseLapsedAcceptances(deps, coachId);
      return {
        value: await coachDetail(deps, coach, now),
        timeKey: (at) =>
          [coachWeekStart(at), ...waiting.filter((r) => isAcceptanceLapsed(r, at)).map((r) => r._id)].join(),
      };
    },
    { dbNamesOf: (coachId) => profileDatabases('coach', coachId), now: deps.now, updates },
  );
}

async function coachDetail(deps: Deps, coach: CoachProfileDoc, now: Date): Promise<CoachDetail> {
  const coachId = profileIdOf(coach._id);
  const memberships = await registeredMembershipsOfCoach(deps.couch, coachId);
  const [gymsById, availability] = await Promise.all([
    profilesById(
      deps.couch,
      'gym',
      memberships.map((m) => m.gymId),
    ),
    availabilityView(deps, coachId),
  ]);
  const gyms = memberships.flatMap((m) => gymsById.get(m.gymId) ?? []);
  return {
    ...coachCard(coach),
    gymsInformation: cardAvatars(gyms).map(gymAvatar),
    instagramUsername: coach.instagramUsername,
    tiktokUsername: coach.tiktokUsername,
    youtubeUsername: coach.youtubeUsername,
    registeredGymsInformation: gyms
      .filter(isPublicGym)
      .map((g) => ({ _id: profileIdOf(g._id), gymName: g.gymName, profileImage: publicImageUrl(g.profileImage) })),
    availability,
    currentWeekStart: coachWeekStart(now),
    nextWeekStart: coachWeekStart(now, 1),
  };
}
