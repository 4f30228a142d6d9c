import { isId, membershipDocId, notificationDocId } from '@mastr/rules/doc-ids.ts';
import type { NotificationDoc } from '@mastr/rules/documents.ts';
import { isPublicGym } from '@mastr/rules/listing.ts';
import {
  MEMBERSHIP_EVENTS,
  MEMBERSHIP_REFUSALS,
  membershipStep,
  type MembershipAction,
} from '@mastr/rules/memberships.ts';
import { newId } from '../../couch/ids.ts';
import { getMembership, removeMembership, writeMembership } from '../../couch/stores/memberships-store.ts';
import { addNotification } from '../../couch/stores/notifications-store.ts';
import type { Deps } from '../../deps.ts';
import { withdrawApplications } from '../coaching/index.ts';
import { profilesById } from '../../couch/stores/directory-queries.ts';
import { sendEventMail, MEMBERSHIP_MAIL_CATEGORY, membershipMailContent } from '../mail/index.ts';

/**
 * The coach–gym relation's six calls (§4, §7; rules/memberships.ts decides each transition). The
 * relation is the one document `membership:{gymId}:{coachId}` in `mastr_profiles`: a request creates
 * it (an insert without a revision, so of two simultaneous requests on any instances one is refused
 * by CouchDB with 409), an accept rewrites it and every ending deletes it, each under the revision it
 * read. A call that loses such a race reads the document again and decides again from what won, so
 * accept racing cancel, or an accept racing a reject, ends in one state, and the public lists (read
 * from the same documents) agree with both dashboards at once (design/decisions.md 33).
 */

export type MembershipOutcome = { outcome: 'done' } | { outcome: 'refused'; message: string };

/** Read-decide-write until the write lands on the revision it read (bounded like `updateDoc`). */
const MAX_ATTEMPTS = 8;

async function transition(
  deps: Deps,
  action: MembershipAction,
  gymId: string,
  coachId: string,
): Promise<MembershipOutcome> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const live = await getMembership(deps.couch, gymId, coachId);
    const step = membershipStep(action, live?.state ?? null);
    switch (step.step) {
      case 'refused':
        return { outcome: 'refused', message: step.message };
      case 'unchanged':
        return { outcome: 'done' };
      case 'delete':
        // A lost race (another call wrote the relation since the read): read and decide again.
        if (!(await removeMembership(deps.couch, live!))) continue;
        // A coach who leaves or is terminated can no longer be chosen for the gym's PT requests.
        if (live!.state === 'registered') await withdrawApplications(deps, coachId, gymId);
        await tellMembership(deps, action, gymId, coachId, live!._rev);
        return { outcome: 'done' };
      case 'write': {
        const rev = await writeMembership(deps.couch, {
          _id: membershipDocId(gymId, coachId),
          ...(live ? { _rev: live._rev } : {}),
          type: 'membership',
          gymId,
          coachId,
          state: step.state,
          updatedAt: deps.now().toISOString(),
        });
        if (rev === null) continue;
        await tellMembership(deps, action, gymId, coachId, rev);
        return { outcome: 'done' };
      }
    }
  }
  throw new Error(`The membership of coach ${coachId} at gym ${gymId} kept changing; ${action} abandoned.`);
}

/**
 * Tells the other side what happened: a notification document in its tenant database, which its
 * devices replicate (the Notifications page reads it from local data), and a mail (decision 97).
 * Written after the relation changed, by the call that changed it, so each change is told once; a
 * failure here is logged and does not undo the change the caller was answered about. The mail's key
 * is the change itself: the relation's revision that the change wrote (or, for an ending, deleted),
 * which no other change has, so a later request after an ending is a new event and mailed again.
 */
async function tellMembership(
  deps: Deps,
  action: MembershipAction,
  gymId: string,
  coachId: string,
  rev: string,
): Promise<void> {
  const { event, tell } = MEMBERSHIP_EVENTS[action];
  const tenantId = tell === 'gym' ? gymId : coachId;
  let names: { coachName: string; gymName: string };
  try {
    const [gyms, coaches] = await Promise.all([
      profilesById(deps.couch, 'gym', [gymId]),
      profilesById(deps.couch, 'coach', [coachId]),
    ]);
    const coach = coaches.get(coachId);
    names = {
      coachName: `${coach?.firstName ?? ''} ${coach?.lastName ?? ''}`.trim() || 'A coach',
      gymName: gyms.get(gymId)?.gymName ?? 'A gym',
    };
  } catch (err) {
    deps.logger.warn({ err, event, gymId, coachId }, 'could not read the names for a membership notification');
    return;
  }
  const doc: NotificationDoc = {
    _id: notificationDocId(newId()),
    type: 'notification',
    event,
    gymId,
    coachId,
    otherName: tell === 'gym' ? names.coachName : names.gymName,
    at: deps.now().toISOString(),
  };
  try {
    await addNotification(deps.couch, tell, tenantId, doc);
  } catch (err) {
    deps.logger.warn({ err, event, gymId, coachId }, 'could not write the membership notification');
  }
  await sendEventMail(deps, {
    event: `membership-${event}:${gymId}:${coachId}:${rev}`,
    profileId: tenantId,
    category: MEMBERSHIP_MAIL_CATEGORY,
    content: (recipient) => membershipMailContent(event, names, recipient, deps.config.publicUrl),
  });
}

/** A coach asks to join a public gym; asking again while pending adds nothing. */
export async function requestGym(deps: Deps, coachId: string, gymId: string): Promise<MembershipOutcome> {
  const gym = isId(gymId) ? (await profilesById(deps.couch, 'gym', [gymId])).get(gymId) : undefined;
  if (!gym || !isPublicGym(gym)) return { outcome: 'refused', message: MEMBERSHIP_REFUSALS.unknownGym };
  return transition(deps, 'request', gymId, coachId);
}

/**
 * The other five: a coach cancels (`cancel`) or leaves (`leave`) a gym, a gym accepts (`approve`),
 * rejects (`reject`) or terminates (`terminate`) a coach. An id that names no relation is refused
 * like a relation in the wrong state: each side acts only on its own pairs, since the pair is the
 * caller's own profile id and the other id.
 */
export async function changeMembership(
  deps: Deps,
  action: Exclude<MembershipAction, 'request'>,
  gymId: string,
  coachId: string,
): Promise<MembershipOutcome> {
  if (!isId(gymId) || !isId(coachId)) return { outcome: 'refused', message: refusalOf(action) };
  return transition(deps, action, gymId, coachId);
}

function refusalOf(action: Exclude<MembershipAction, 'request'>): string {
  const step = membershipStep(action, null);
  return step.step === 'refused' ? step.message : MEMBERSHIP_REFUSALS.unknownGym;
}
