import { availabilityDocId, membershipDocId, profileDocId, profileIdOf, scheduleDocId } from '@mastr/rules/doc-ids.ts';
import type {
  AvailabilityWeekDoc,
  CoachProfileDoc,
  GymProfileDoc,
  MembershipDoc,
  ScheduleWeekDoc,
  UserProfileDoc,
} from '@mastr/rules/documents.ts';
import { COACH_WEEKDAYS, GYM_WEEKDAYS } from '@mastr/rules/constants.ts';
import { ensureDatabase } from '../couch/couch.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import type { TestStack } from './test-stack.ts';

/**
 * Profiles, memberships, schedules and availability written straight into CouchDB (no accounts, no
 * password hashing), so directory tests can build thousands of gyms quickly. Creation times
 * increase with every call, so "oldest first" / "newest first" orders are predictable.
 */

let sequence = 0;
const nextCreatedAt = () => new Date(Date.UTC(2026, 0, 1) + ++sequence * 1000).toISOString();

export function gymDoc(overrides: Partial<GymProfileDoc> = {}): GymProfileDoc {
  const id = newId();
  return {
    _id: profileDocId('gym', id),
    type: 'gym',
    gymName: `Gym ${sequence + 1}`,
    address: {
      addressLineOne: '1 High Street',
      addressLineTwo: '',
      addressTownOrCity: 'Leeds',
      addressPostalCode: 'LS1 1AA',
    },
    status: true,
    subscribed: true,
    mastrPlan: 'basic',
    bio: 'A gym.',
    adultDayPassPrice: 1500,
    kidsDayPassPrice: 800,
    profileImage: `https://img.example/${id}.png`,
    coverImage: '',
    stripeAccountDetailsSubmittedStatus: true,
    mastrClassActive: false,
    mastrClassDefault: null,
    createdAt: nextCreatedAt(),
    ...overrides,
  };
}

export function coachDoc(overrides: Partial<CoachProfileDoc> = {}): CoachProfileDoc {
  const id = newId();
  return {
    _id: profileDocId('coach', id),
    type: 'coach',
    firstName: 'Casey',
    lastName: `Coach${sequence + 1}`,
    discipline: 'Boxing',
    sessionPreferenceType: '1 to 1',
    status: true,
    profileImage: `https://img.example/${id}.png`,
    price: 4500,
    instagramUsername: 'casey',
    tiktokUsername: '',
    youtubeUsername: '',
    stripeAccountDetailsSubmittedStatus: true,
    createdAt: nextCreatedAt(),
    ...overrides,
  };
}

export const idOf = (doc: { _id: string }) => profileIdOf(doc._id);

export async function givenProfiles(
  stack: Pick<TestStack, 'couch'>,
  docs: readonly (GymProfileDoc | CoachProfileDoc | UserProfileDoc | MembershipDoc)[],
) {
  // In batches: Apache CouchDB answers a `_bulk_docs` only once all of it is written, and 8,000
  // documents at once can take longer on a loaded machine than the client waits for an answer to begin.
  for (let start = 0; start < docs.length; start += 1_000) {
    const results = await stack.couch.use(DB.profiles).bulk({ docs: docs.slice(start, start + 1_000) });
    if (results.some((r) => r.error))
      throw new Error(`could not write profiles: ${JSON.stringify(results.find((r) => r.error))}`);
  }
}

export async function givenGym(
  stack: Pick<TestStack, 'couch'>,
  overrides: Partial<GymProfileDoc> = {},
): Promise<string> {
  const doc = gymDoc(overrides);
  await givenProfiles(stack, [doc]);
  return idOf(doc);
}

export async function givenCoach(stack: TestStack, overrides: Partial<CoachProfileDoc> = {}): Promise<string> {
  const doc = coachDoc(overrides);
  await givenProfiles(stack, [doc]);
  return idOf(doc);
}

export async function givenMember(stack: TestStack, name = 'Alex Member'): Promise<string> {
  const id = newId();
  await givenProfiles(stack, [
    {
      _id: profileDocId('user', id),
      type: 'user',
      name,
      profileImage: '',
      coachProfileId: null,
      createdAt: nextCreatedAt(),
    },
  ]);
  return id;
}

export function membershipDoc(
  gymId: string,
  coachId: string,
  state: MembershipDoc['state'] = 'registered',
): MembershipDoc {
  return {
    _id: membershipDocId(gymId, coachId),
    type: 'membership',
    gymId,
    coachId,
    state,
    updatedAt: nextCreatedAt(),
  };
}

export async function givenMembership(
  stack: TestStack,
  gymId: string,
  coachId: string,
  state: MembershipDoc['state'] = 'registered',
) {
  await givenProfiles(stack, [membershipDoc(gymId, coachId, state)]);
}

/** A schedule week document (`weekStart` null: the default) with these classes per gym weekday. */
export async function givenSchedule(
  stack: TestStack,
  gymId: string,
  weekStart: string | null,
  classes: Record<number, ScheduleWeekDoc['days'][number]['classes']>,
) {
  await ensureDatabase(stack.couch, tenantDbName('gym', gymId));
  const doc: ScheduleWeekDoc = {
    _id: scheduleDocId(weekStart),
    type: 'schedule-week',
    gymId,
    weekStart,
    days: GYM_WEEKDAYS.map(({ weekday, abbreviation }) => ({
      _id: newId(),
      weekday,
      abbreviation,
      classes: classes[weekday] ?? [],
    })),
    updatedAt: stack.clock.now.toISOString(),
  };
  await stack.couch.use<ScheduleWeekDoc>(tenantDbName('gym', gymId)).insert(doc);
}

/** A coach's default availability: these hourly times on these coach weekdays (0 Sunday .. 6 Saturday). */
export async function givenDefaultAvailability(stack: TestStack, coachId: string, times: Record<number, number[]>) {
  await ensureDatabase(stack.couch, tenantDbName('coach', coachId));
  const doc: AvailabilityWeekDoc = {
    _id: availabilityDocId(null),
    type: 'availability-week',
    coachId,
    weekStart: null,
    days: COACH_WEEKDAYS.map(({ weekday, abbreviation }) => ({
      _id: newId(),
      weekday,
      abbreviation,
      times: (times[weekday] ?? []).map((time) => ({ _id: newId(), time })),
    })),
    updatedAt: stack.clock.now.toISOString(),
  };
  await stack.couch.use<AvailabilityWeekDoc>(tenantDbName('coach', coachId)).insert(doc);
}
