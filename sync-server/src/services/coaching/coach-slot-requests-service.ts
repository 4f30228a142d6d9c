import { COACH_WEEKDAYS } from '@mastr/rules/constants.ts';
import {
  coachSlotDate,
  coachSlotTimes,
  coachWeekStartOf,
  isDaySelectable,
  type CoachWeekKind,
} from '@mastr/rules/coach-slots.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import { coachRequestId, slotClaimId } from '@mastr/rules/doc-ids.ts';
import type { CoachRequestDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { isPublicCoach, isPublicGym } from '@mastr/rules/listing.ts';
import type { Deps } from '../../deps.ts';
import { offeredHour } from './availability-service.ts';
import { profilesById } from '../../couch/stores/directory-queries.ts';
import { newId } from '../../couch/ids.ts';
import { getMembership } from '../../couch/stores/memberships-store.ts';
import { getCoachRequest, writeRequestCopies } from '../../couch/stores/session-requests-store.ts';
import { deleteSlotClaim, getSlotClaim, putSlotClaim } from '../../couch/stores/slot-claims-store.ts';
import { ensureTenantDatabase } from '../../couch/stores/tenant-databases.ts';
import { clientNameOf, REQUEST_REFUSALS } from './private-session-requests-service.ts';
import { releaseLapsedAcceptances } from './session-request-answers.ts';
import { sessionOfRequest, tellSession } from './session-notifications.ts';

/**
 * A member's request for one of a coach's slots (§4 "Coach slot"), race-free across server
 * instances (design/sync.md "Coach slot requests"):
 *   1. claim the slot with `slot-claim:{weekStart}:{weekday}:{time}` in the coach's database —
 *      CouchDB accepts exactly one creation of an id, so of any number of simultaneous requests on
 *      any number of instances one wins and the rest get 409;
 *   2. the winner reads the week (its own document, or the default it follows) and gives the claim
 *      back if the coach no longer offers the hour. The claim alone says the hour is requested
 *      (decision 120): nothing is written into the coach's week, and a coach removing the hour at
 *      the same moment reads the claims after its write (`removeAvailabilitySlot`, the gateway), so
 *      one of the two always sees the other;
 *   3. writes the request into the coach's and the member's databases.
 * When step 2 or 3 fails the claim is released, so a failed request never strands the slot.
 */

export interface CoachSlotRequest {
  memberId: string;
  coachId: string;
  gymId: string;
  experienceLevel: string;
  weekKind: CoachWeekKind;
  bookingDate: string; // 'YYYY-MM-DD'
  time: number; // seconds
}

export type CoachSlotOutcome = { outcome: 'sent' } | { outcome: 'taken' } | { outcome: 'refused'; message: string };

const SLOT_REFUSALS = {
  unknownCoach: 'Coach not found',
  notRegistered: 'This coach is not registered to that gym.',
  notInWeek: 'That date is not in the chosen week.',
  dayClosed: 'That day can no longer be booked.',
} as const;

/**
 * A claim whose request never got written (its server died between the steps) is abandoned after
 * this long and may be taken over, still through CouchDB's revision check. Real requests take
 * milliseconds between claim and request document.
 */
export const ABANDONED_CLAIM_MS = 2 * 60 * 1000;

/** The claim's revision when this request now holds the slot, null when another request does. */
async function claimSlot(deps: Deps, coachId: string, claim: SlotClaimDoc): Promise<string | null> {
  const rev = await putSlotClaim(deps.couch, coachId, claim);
  if (rev) return rev;
  const held = await getSlotClaim(deps.couch, coachId, claim._id);
  // A paid session's claim is never abandoned (its request document is gone once it is booked).
  if (
    !held ||
    held.booking ||
    !isAbandoned(deps, held) ||
    (await getCoachRequest(deps.couch, 'coach', coachId, held.requestId))
  )
    return null;
  return putSlotClaim(deps.couch, coachId, claim, held._rev);
}

const isAbandoned = (deps: Deps, claim: SlotClaimDoc) =>
  deps.now().getTime() - Date.parse(claim.createdAt) >= ABANDONED_CLAIM_MS;

/** Whether the gym is public and the coach registered to it (one membership document per pair). */
async function isRegisteredAt(deps: Deps, coachId: string, gymId: string) {
  const [membership, gyms] = await Promise.all([
    getMembership(deps.couch, gymId, coachId),
    profilesById(deps.couch, 'gym', [gymId]),
  ]);
  const gym = gyms.get(gymId);
  return membership?.state === 'registered' && gym && isPublicGym(gym) ? gym : null;
}

/** Claims and records the slot; see the file comment for the steps and why they are race-free. */
export async function requestCoachSlot(deps: Deps, input: CoachSlotRequest): Promise<CoachSlotOutcome> {
  const now = deps.now();
  const { coachId, gymId, memberId, time } = input;
  const [coaches, gym, clientName] = await Promise.all([
    profilesById(deps.couch, 'coach', [coachId]),
    isRegisteredAt(deps, coachId, gymId),
    clientNameOf(deps.couch, memberId),
  ]);
  const coach = coaches.get(coachId);
  if (!coach || !isPublicCoach(coach)) return refused(SLOT_REFUSALS.unknownCoach);
  if (!gym) return refused(SLOT_REFUSALS.notRegistered);
  if (clientName === null) return refused(REQUEST_REFUSALS.unknownMember);
  const weekStart = coachWeekStartOf(input.weekKind, now);
  const weekday = COACH_WEEKDAYS.find((d) => coachSlotDate(weekStart, d.weekday) === input.bookingDate)?.weekday;
  if (weekday === undefined) return refused(SLOT_REFUSALS.notInWeek);
  if (!isDaySelectable(input.weekKind, weekday, ukDateKey(now))) return refused(SLOT_REFUSALS.dayClosed);

  await ensureTenantDatabase(deps.couch, 'coach', coachId);
  // An accepted request not paid in time gives its slot back before anyone asks for it (decision 38).
  await releaseLapsedAcceptances(deps, coachId);
  const requestId = newId();
  const claim: SlotClaimDoc = {
    _id: slotClaimId(weekStart, weekday, time),
    type: 'slot-claim',
    requestId,
    weekStart,
    weekday,
    time,
    createdAt: now.toISOString(),
  };
  const claimRev = await claimSlot(deps, coachId, claim);
  if (!claimRev) return { outcome: 'taken' };
  let sent = false;
  try {
    const offered = await offeredHour(deps, coachId, weekStart, weekday, time);
    if (!offered) return { outcome: 'taken' };
    const request: CoachRequestDoc = {
      _id: coachRequestId(requestId),
      type: 'coach-request',
      requestId,
      ...coachSlotTimes(weekStart, weekday, time),
      clientName,
      userProfile_id: memberId,
      coachId,
      coachFullName: `${coach.firstName} ${coach.lastName}`.trim(),
      coachPrice: coach.price,
      gymId,
      gymName: gym.gymName,
      experienceLevel: input.experienceLevel,
      accepted: false,
      weekStart,
      bookingDayId: offered.dayId,
      bookingTimeObject_id: offered.slotId,
      slotClaimId: claim._id,
      createdAt: now.toISOString(),
    };
    await writeRequestCopies(
      deps.couch,
      [
        ['coach', coachId],
        ['member', memberId],
      ],
      request,
    );
    sent = true;
    await tellSession(deps, {
      event: 'session-requested',
      session: sessionOfRequest(request, coach.discipline),
      otherName: clientName,
      notify: ['coach'],
      mail: ['coach'],
    });
    return { outcome: 'sent' };
  } finally {
    // Released as a full document (design/sync.md "Deletes"); a later request may claim the id again.
    if (!sent) await deleteSlotClaim(deps.couch, coachId, claim, claimRev).catch(() => undefined);
  }
}

const refused = (message: string): CoachSlotOutcome => ({ outcome: 'refused', message });
