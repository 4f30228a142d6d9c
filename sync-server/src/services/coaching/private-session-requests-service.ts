import { ukDateKey } from '@mastr/rules/dates.ts';
import { gymRequestId } from '@mastr/rules/doc-ids.ts';
import type { GymRequestDoc } from '@mastr/rules/documents.ts';
import { isPublicGym } from '@mastr/rules/listing.ts';
import { COACH_SELECTION_PRICE_PENCE } from '@mastr/rules/constants.ts';
import { isPtRequestDateSelectable, privateSessionTimes } from '@mastr/rules/pt-requests.ts';
import type { Couch } from '../../couch/couch.ts';
import type { Deps } from '../../deps.ts';
import { profilesById } from '../../couch/stores/directory-queries.ts';
import { newId } from '../../couch/ids.ts';
import { getProfile } from '../../couch/stores/profiles-store.ts';
import { writeRequestCopies } from '../../couch/stores/session-requests-store.ts';
import { sessionOfRequest, tellSession } from './session-notifications.ts';

/**
 * Private session (PT) requests a member sends (§7 "Member bookings"). A request belongs to two
 * tenants — the member and the gym or coach asked — so the server writes one copy into each
 * database, under the same id (`writeRequestCopies`), and each side's devices replicate their copy.
 */

export type RequestOutcome = { outcome: 'sent' } | { outcome: 'refused'; message: string };

export const REQUEST_REFUSALS = {
  tooEarly: 'Please choose a date more than two days from today.',
  unknownGym: 'Gym not found',
  unknownMember: 'Member not found',
} as const;

/** The member's name as requests show it to gyms and coaches, or null for an unknown member. */
export async function clientNameOf(couch: Couch, memberId: string): Promise<string | null> {
  const profile = await getProfile(couch, 'user', memberId);
  return profile?.type === 'user' ? profile.name : null;
}

export interface GymSessionRequest {
  memberId: string;
  gymId: string;
  date: string; // 'YYYY-MM-DD'
  time: number; // seconds, one of HOURLY_SLOTS
  discipline: string;
  experienceLevel: string;
}

/**
 * A PT request to a gym (§2 "PT request modal"): a date more than two days ahead (UK), an hour
 * from the chosen time, open to the gym's coaches at the standard PT price (design/decisions.md).
 */
export async function requestGymSession(deps: Deps, input: GymSessionRequest): Promise<RequestOutcome> {
  if (!isPtRequestDateSelectable(input.date, ukDateKey(deps.now())))
    return { outcome: 'refused', message: REQUEST_REFUSALS.tooEarly };
  const [gyms, clientName] = await Promise.all([
    profilesById(deps.couch, 'gym', [input.gymId]),
    clientNameOf(deps.couch, input.memberId),
  ]);
  const gym = gyms.get(input.gymId);
  if (!gym || !isPublicGym(gym)) return { outcome: 'refused', message: REQUEST_REFUSALS.unknownGym };
  if (clientName === null) return { outcome: 'refused', message: REQUEST_REFUSALS.unknownMember };
  const requestId = newId();
  const doc: GymRequestDoc = {
    _id: gymRequestId(requestId),
    type: 'gym-request',
    requestId,
    ...privateSessionTimes(input.date, input.time),
    gymId: input.gymId,
    gymName: gym.gymName,
    requestedDiscipline: input.discipline,
    sessionPrice: COACH_SELECTION_PRICE_PENCE,
    experienceLevel: input.experienceLevel,
    accepted: false,
    appliedCoaches: [],
    userProfile_id: input.memberId,
    clientName,
    createdAt: deps.now().toISOString(),
  };
  await writeRequestCopies(
    deps.couch,
    [
      ['gym', input.gymId],
      ['member', input.memberId],
    ],
    doc,
  );
  // The gym hears of it as a coach hears of a request for its own slot (issue 26).
  await tellSession(deps, {
    event: 'session-requested',
    session: sessionOfRequest(doc, input.discipline),
    otherName: clientName,
    notify: ['gym'],
    mail: ['gym'],
  });
  return { outcome: 'sent' };
}
