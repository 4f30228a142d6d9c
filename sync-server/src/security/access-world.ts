import type { GymTimetable, MastrClassOption } from '@mastr/rules/api/directory.ts';
import { emailClaimId } from '@mastr/rules/doc-ids.ts';
import { DB } from '../couch/databases.ts';
import { mintAccessToken, sessionIdOfToken } from '../test-support/access-fixtures.ts';
import { buyDayPass } from '../test-support/payment-fixtures.ts';
import {
  givenPtCoach,
  givenPtMember,
  inject,
  paidBooking,
  requestAtGym,
  requestSlot,
  SEVEN_AM,
  SIX_PM,
} from '../test-support/pt-fixtures.ts';
import { createMastrPass } from '../services/passes/index.ts';
import { passesDeps } from '../test-support/sync-fixtures.ts';
import type { TestStack } from '../test-support/test-stack.ts';

/**
 * The access matrix's world: two parties, each a gym, a coach registered there and a member, with
 * real data made through the real calls where they exist (design/security.md "Access matrix").
 * Every identity of one party is called with the other party's ids, so whatever changes in the
 * other party's data, or shows up in an answer, was reached across the line.
 */

// Wednesday 18 November 2026, 10:00 UK (GMT): Friday is more than two days ahead (the PT lead).
const WORLD_NOW = new Date('2026-11-18T10:00:00Z');
export const FRIDAY = '2026-11-20';
const SATURDAY = '2026-11-21';
/** A day with free slots left, for the requests the matrix itself sends. */
export const SUNDAY = '2026-11-22';
export { SIX_PM };

/** Gym weekday of the Mastr class (Saturday) and its hour (10:00). */
const MASTR_DAY = 6;
const MASTR_TIME = 10 * 3600;

export type PartyRole = 'member' | 'coach' | 'gym';

export interface Party {
  name: 'A' | 'B';
  gymId: string;
  coachId: string;
  memberId: string;
  /** Bearer tokens as sign-in issues them, each on its own refresh session. */
  tokens: Record<PartyRole, string>;
  sessionIds: Record<PartyRole, string>;
  emails: Record<PartyRole, string>;
  dayPassId: string;
  /** A Mastr pass the member has not put into a class yet. */
  mastrPassId: string;
  mastrClass: MastrClassOption;
  /** A paid private session (coach, member and gym each hold a copy). */
  bookingId: string;
  /** A member's request for one of the coach's slots, not answered yet. */
  coachRequestId: string;
  /** A member's PT request to the gym, open in its auction. */
  gymRequestId: string;
  /** A default-week class of the gym's Monday, and that day's id. */
  scheduleClassId: string;
  scheduleDayId: string;
}

/** Builds one party through the fixtures and the real calls (checkouts paid on the local provider). */
export async function buildParty(stack: TestStack, name: 'A' | 'B'): Promise<Party> {
  stack.clock.now = WORLD_NOW;
  const coach = await givenPtCoach(stack, { price: 4500 });
  const member = await givenPtMember(stack, `Member ${name}`);
  const tokens = {
    member: await mintAccessToken(stack, 'user', member.memberId, WORLD_NOW),
    coach: await mintAccessToken(stack, 'coach', coach.coachId, WORLD_NOW),
    gym: await mintAccessToken(stack, 'gym', coach.gymId, WORLD_NOW),
  };
  const gymHeaders = { authorization: `Bearer ${tokens.gym}` };

  const activated = await inject(stack, 'POST', '/api/me/gyms/mastrclass/activate', gymHeaders, {
    selectedDay: MASTR_DAY,
    selectedTime: MASTR_TIME,
  });
  if (activated.status !== 200) throw new Error(`mastr activate: ${activated.status}`);
  const mastrClass = (activated.body.mastrClassAvailability as MastrClassOption[])[0];

  const email = `user-${member.memberId}@example.com`;
  const { pass: mastrPass } = await createMastrPass(passesDeps(stack), {
    gym: { profileId: coach.gymId, gymName: 'Iron Temple' },
    member: { profileId: member.memberId, name: `Member ${name}`, email },
    dateAndTimeStart: null,
    pricePence: 100,
  });
  const { pass: dayPass } = await buyDayPass(stack, coach.gymId, member, FRIDAY);
  const booking = await paidBooking(stack, coach, member, FRIDAY, SIX_PM);
  const coachRequest = await requestSlot(stack, coach, member, SATURDAY, SEVEN_AM);
  const gymRequest = await requestAtGym(stack, coach.gymId, member, SATURDAY, SIX_PM);

  const me = await inject(stack, 'GET', '/api/me/gyms', gymHeaders);
  const monday = findMondayClass(me.body as GymTimetable);

  const party: Party = {
    name,
    gymId: coach.gymId,
    coachId: coach.coachId,
    memberId: member.memberId,
    tokens,
    sessionIds: {
      member: sessionIdOfToken(tokens.member),
      coach: sessionIdOfToken(tokens.coach),
      gym: sessionIdOfToken(tokens.gym),
    },
    emails: {
      member: email,
      coach: `coach-${coach.coachId}@example.com`,
      gym: `gym-${coach.gymId}@example.com`,
    },
    dayPassId: dayPass.passId,
    mastrPassId: mastrPass.passId,
    mastrClass,
    bookingId: booking.bookingId,
    coachRequestId: coachRequest.requestId,
    gymRequestId: gymRequest.requestId,
    scheduleClassId: monday.classId,
    scheduleDayId: monday.dayId,
  };
  await claimEmails(stack, party);
  return party;
}

/** The first class of the default week's Monday, as GET /api/me/gyms lists the timetable. */
function findMondayClass(me: GymTimetable): { dayId: string; classId: string } {
  const monday = me.schedule.find((d) => d.weekday === 1);
  const first = monday?.defaultClasses[0];
  if (!monday || !first) throw new Error('no Monday class in GET /api/me/gyms');
  return { dayId: monday._id, classId: first._id };
}

/** The profile id of a party's account of that role. */
export function idOf(party: Party, role: PartyRole): string {
  return { member: party.memberId, coach: party.coachId, gym: party.gymId }[role];
}

/**
 * The email claims registration would have written (the fixtures create accounts directly), so the
 * parties' emails are taken as they would be in production.
 */
async function claimEmails(stack: TestStack, party: Party): Promise<void> {
  const kinds = { member: 'user', coach: 'coach', gym: 'gym' } as const;
  await stack.couch.use(DB.accounts).bulk({
    docs: (Object.keys(kinds) as PartyRole[]).map((role) => ({
      _id: emailClaimId(kinds[role], party.emails[role]),
      type: 'email-claim',
      accountId: idOf(party, role),
    })),
  });
}
