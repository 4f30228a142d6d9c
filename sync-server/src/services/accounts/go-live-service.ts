import { isDeepStrictEqual } from 'node:util';
import { profileDocId } from '@mastr/rules/doc-ids.ts';
import type { CoachProfileDoc, GymProfileDoc } from '@mastr/rules/documents.ts';
import { coachMissingSteps, gymMissingSteps, type GoLiveStep } from '@mastr/rules/go-live.ts';
import { DB } from '../../couch/databases.ts';
import { updateDoc } from '../../couch/tenant-docs.ts';
import type { Deps } from '../../deps.ts';
import { getPayee, type PayeeDoc, type PayeeKind } from '../payments/payment-docs.ts';

/**
 * Going live (design/decisions.md "Going live"): a gym or coach is Active exactly while nothing is
 * missing (rules/go-live.ts) — its account details from the profile, its payments state from the
 * payee document (`chargesEnabled` for a gym, `detailsSubmitted` for a coach). Applied after every
 * account edit (in the same write) and whenever the payee changes (connect-service.ts). A gym is
 * then listed only while also subscribed (rules/listing.ts).
 */

type ProfileOf<K extends PayeeKind> = K extends 'gym' ? GymProfileDoc : CoachProfileDoc;

/**
 * @public What is still missing for this profile to be Active, given its payee (null: never onboarded);
 * also what a dashboard's checklist needs from GET /api/me.
 */
export function missingSteps(profile: GymProfileDoc | CoachProfileDoc, payee: PayeeDoc | null): GoLiveStep[] {
  if (profile.type === 'gym')
    return gymMissingSteps({
      gymName: profile.gymName,
      address: profile.address,
      adultDayPassPrice: profile.adultDayPassPrice,
      kidsDayPassPrice: profile.kidsDayPassPrice,
      chargesEnabled: payee?.chargesEnabled === true,
    });
  return coachMissingSteps({
    firstName: profile.firstName,
    lastName: profile.lastName,
    discipline: profile.discipline,
    sessionPreferenceType: profile.sessionPreferenceType,
    price: profile.price,
    detailsSubmitted: payee?.detailsSubmitted === true,
  });
}

export type GoLiveOutcome<K extends PayeeKind> =
  { outcome: 'applied'; profile: ProfileOf<K>; missingSteps: GoLiveStep[] } | { outcome: 'no-profile' };

/** How often the payee may change under an edit before the edit gives up (it never does in practice). */
const MAX_PAYEE_CHANGES = 5;

/**
 * Applies `change` to the gym's or coach's profile and sets `status` from the result, in one write
 * guarded by the revision (nothing is written when nothing changes). The payee is read before and
 * checked again after: if it changed meanwhile, its own applyGoLive may have read the profile before
 * this write, so the status is worked out again from the new payee. Every ordering therefore ends
 * with the status the latest profile and payee call for.
 */
export async function updateWithGoLive<K extends PayeeKind>(
  deps: Pick<Deps, 'couch'>,
  kind: K,
  profileId: string,
  change: (profile: ProfileOf<K>) => ProfileOf<K>,
): Promise<GoLiveOutcome<K>> {
  const profiles = deps.couch.use<ProfileOf<K>>(DB.profiles);
  for (let attempt = 1; attempt <= MAX_PAYEE_CHANGES; attempt += 1) {
    const payee = await getPayee(deps.couch, kind, profileId);
    let steps: GoLiveStep[] = [];
    const saved = await updateDoc(profiles, profileDocId(kind, profileId), (current) => {
      if (!current || current.type !== kind) return null;
      const edited = change(current);
      steps = missingSteps(edited, payee);
      const next = { ...edited, status: steps.length === 0 };
      return isDeepStrictEqual(next, current) ? null : next;
    });
    if (!saved || saved.type !== kind) return { outcome: 'no-profile' };
    const payeeAfter = await getPayee(deps.couch, kind, profileId);
    if ((payeeAfter?._rev ?? null) === (payee?._rev ?? null))
      return { outcome: 'applied', profile: saved, missingSteps: steps };
  }
  throw new Error(`The payments state of ${kind} ${profileId} kept changing; status not settled.`);
}

/** Sets the gym's or coach's `status` from its profile and payee, writing only when it changes. */
export function applyGoLive(deps: Pick<Deps, 'couch'>, kind: PayeeKind, profileId: string) {
  return updateWithGoLive(deps, kind, profileId, (profile) => profile);
}
