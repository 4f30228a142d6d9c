import type { DocumentScope } from 'nano';
import { ukDateKey } from '@mastr/rules/dates.ts';
import { gymRequestId } from '@mastr/rules/doc-ids.ts';
import type { CoachRequestDoc, GymRequestDoc } from '@mastr/rules/documents.ts';
import { isPublicGym } from '@mastr/rules/listing.ts';
import { COACH_SELECTION_PRICE_PENCE } from '@mastr/rules/constants.ts';
import { isPtRequestDateSelectable, privateSessionTimes } from '@mastr/rules/pt-requests.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { ensureDatabase, type Couch } from '../../couch/couch.ts';
import { tenantDbName } from '../../couch/databases.ts';
import type { Deps } from '../../deps.ts';
import { profilesById } from '../../couch/stores/directory-queries.ts';
import { newId } from '../../couch/ids.ts';
import { getProfile } from '../../couch/stores/profiles-store.ts';
import { tenantDb } from '../../couch/tenant-docs.ts';
import { sessionOfRequest, tellSession } from './session-notifications.ts';

/**
 * Private session (PT) requests a member sends (§7 "Member bookings"). A request belongs to two
 * tenants — the member and the gym or coach asked — so the server writes one copy into each
 * database, under the same id, and each side's devices replicate their copy.
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

type RequestDoc = GymRequestDoc | CoachRequestDoc;
/** A copy as stored, or its deletion (design/sync.md "Deletes": the full document, `_deleted: true`). */
type StoredRequest = RequestDoc & { _deleted?: boolean };

/**
 * Writes the request into both tenants' databases (creating them if needed). If the second copy
 * cannot be written the first is deleted again (as a full document, design/sync.md "Deletes"), so a
 * request is never half-sent.
 */
export async function writeRequestCopies(
  couch: Couch,
  tenants: readonly [TenantKind, string][],
  doc: RequestDoc,
): Promise<void> {
  const written: { db: DocumentScope<StoredRequest>; rev: string }[] = [];
  try {
    for (const [kind, id] of tenants) {
      await ensureDatabase(couch, tenantDbName(kind, id));
      const db = tenantDb<StoredRequest>(couch, kind, id);
      written.push({ db, rev: (await db.insert(doc)).rev });
    }
  } catch (err) {
    for (const { db, rev } of written) await db.insert({ ...doc, _rev: rev, _deleted: true }).catch(() => undefined);
    throw err;
  }
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
