import type { AccountKind } from '@mastr/rules/roles.ts';
import { newId } from '../../couch/ids.ts';
import { givenMember } from '../../test-support/directory-fixtures.ts';
import { givenSellingGym } from '../../test-support/payment-fixtures.ts';
import {
  givenPtCoach,
  givenPtMember,
  givenSessionBookings,
  requestAtGym,
  requestSlot,
} from '../../test-support/pt-fixtures.ts';
import { bearerFor, givenDayPass, givenMastrPass } from '../../test-support/sync-fixtures.ts';
import type { TestStack } from '../../test-support/test-stack.ts';

/** Wednesday 18 November 2026, 10:00 UK (GMT): this gym week ends Sunday the 22nd. */
const FUZZ_NOW = new Date('2026-11-18T10:00:00Z');
export const FUZZ_TODAY = '2026-11-18';

export type Headers = Record<string, string>;

/** The parties and records the fuzzed requests aim at, and who may sign in as whom. */
export interface FuzzWorld {
  /** A signed-in party of each kind, with its profile id. */
  parties: Record<AccountKind, { id: string; headers: Headers }>;
  /** Ids and words of the world, for fields and path parameters to take (so requests reach past "not found"). */
  knownStrings: string[];
  /** A fresh account of the kind, for calls that end the account they are made with (DELETE /api/me/...). */
  throwaway(kind: AccountKind): Promise<Headers>;
}

/**
 * A gym selling passes and taking PT requests, a coach registered there with free slots, a member
 * with a day pass, a Mastr pass, a request to the gym, a request for the coach's slot and bookings,
 * and a second gym and member whose ids are the "other party" in paths and bodies. The parties'
 * tenant databases are opened first, as their devices would, so a refusal never creates one.
 */
export async function buildFuzzWorld(stack: TestStack): Promise<FuzzWorld> {
  stack.clock.now = FUZZ_NOW;
  const coach = await givenPtCoach(stack);
  const member = await givenPtMember(stack);
  const otherGymId = await givenSellingGym(stack);
  const otherMemberId = await givenMember(stack, 'Sam Other');
  const dayPass = await givenDayPass(stack, coach.gymId, '2026-11-21', { memberId: member.memberId });
  const mastrPass = await givenMastrPass(stack, coach.gymId, null);
  const gymRequest = await requestAtGym(stack, coach.gymId, member, '2026-11-25');
  const slotRequest = await requestSlot(stack, coach, member, '2026-11-20');
  const bookings = await givenSessionBookings(
    stack,
    { coachId: coach.coachId, gymId: coach.gymId, memberId: member.memberId },
    FUZZ_TODAY,
  );
  const parties: FuzzWorld['parties'] = {
    user: { id: member.memberId, headers: member.headers },
    coach: { id: coach.coachId, headers: coach.coachHeaders },
    gym: { id: coach.gymId, headers: await bearerFor(stack, 'gym', coach.gymId) },
  };
  for (const [tenant, party] of [
    ['member', parties.user],
    ['coach', parties.coach],
    ['gym', parties.gym],
  ] as const) {
    const opened = await stack.server.inject({ url: `/sync/${tenant}/${party.id}`, headers: party.headers });
    if (opened.statusCode !== 200) throw new Error(`opening ${tenant} sync: ${opened.statusCode}`);
  }
  const knownStrings = [
    ...Object.values(parties).map((party) => party.id),
    otherGymId,
    otherMemberId,
    dayPass.passId,
    mastrPass.passId,
    gymRequest.requestId,
    slotRequest.requestId,
    ...Object.values(bookings).map((booking) => booking.bookingId),
    newId(),
    'user',
    'member',
    'coach',
    'gym',
    'users',
    'coaches',
    'gyms',
  ];
  return {
    parties,
    knownStrings,
    throwaway: (kind) => bearerFor(stack, kind, newId()),
  };
}
