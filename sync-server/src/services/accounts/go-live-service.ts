import { isDeepStrictEqual } from 'node:util';
import type { CoachProfileDoc, GymProfileDoc, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { coachMissingSteps, gymMissingSteps, type GoLiveStep } from '@mastr/rules/go-live.ts';
import { updateProfile } from '../../couch/stores/profiles-store.ts';
import { defaultSchedule } from '../../couch/stores/schedule-weeks-store.ts';
import type { Deps } from '../../deps.ts';
import { getPayee, type PayeeDoc, type PayeeKind } from '../../couch/stores/payments-store.ts';
import { getAccount } from '../../couch/stores/accounts-store.ts';
import { tellStatusChanged } from './account-event-mails.ts';

/**
 * Going live (design/decisions.md "Going live"): a gym or coach is Active exactly while nothing is
 * missing (rules/go-live.ts) — its account details from the profile, its payments state from the
 * payee document (`chargesEnabled` for a gym, `detailsSubmitted` for a coach), and for a gym a class
 * in its default schedule (`schedule:default` in its own database). Applied after every account edit
 * (in the same write), whenever the payee changes (connect-service.ts) and after every write of a
 * gym's schedule, online or synced (schedule-edit-service.ts, sync/bulk-writes.ts). A gym is then
 * listed only while also subscribed (rules/listing.ts).
 */

/** Going live reads and writes CouchDB and tells the account when its status turns. */
type GoLiveDeps = Pick<Deps, 'couch' | 'config' | 'mailer' | 'logger'>;

type ProfileOf<K extends PayeeKind> = K extends 'gym' ? GymProfileDoc : CoachProfileDoc;

/**
 * What is still missing for this profile to be Active, given its payee (null: never onboarded) and,
 * for a gym, its default schedule (null: none yet; ignored for a coach); also what a dashboard's
 * checklist needs from GET /api/me.
 */
export function missingSteps(
  profile: GymProfileDoc | CoachProfileDoc,
  payee: PayeeDoc | null,
  defaultSchedule: ScheduleWeekDoc | null,
): GoLiveStep[] {
  if (profile.type === 'gym')
    return gymMissingSteps({
      gymName: profile.gymName,
      address: profile.address,
      adultDayPassPrice: profile.adultDayPassPrice,
      kidsDayPassPrice: profile.kidsDayPassPrice,
      chargesEnabled: payee?.chargesEnabled === true,
      defaultSchedule,
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

/** How often the outside facts may change under an edit before the edit gives up (they never do in practice). */
const MAX_OUTSIDE_CHANGES = 5;

/** A gym's default schedule; a gym whose database does not exist yet has none. */
const defaultScheduleOf = (deps: Pick<Deps, 'couch'>, gymId: string) => defaultSchedule(deps.couch, gymId);

/** The facts besides the profile that decide the status, and whether they changed under a write. */
async function outsideFacts(deps: Pick<Deps, 'couch'>, kind: PayeeKind, profileId: string) {
  const [payee, account, defaultSchedule] = await Promise.all([
    getPayee(deps.couch, kind, profileId),
    getAccount(deps.couch, profileId),
    kind === 'gym' ? defaultScheduleOf(deps, profileId) : null,
  ]);
  // An account being deleted (decisions.md "Deleting an account") never goes live again.
  return {
    payee,
    defaultSchedule,
    deleting: Boolean(account?.deletingSince),
    key: `${payee?._rev ?? ''}|${account?.deletingSince ?? ''}|${defaultSchedule?._rev ?? ''}`,
  };
}

/**
 * Applies `change` to the gym's or coach's profile and sets `status` from the result, in one write
 * guarded by the revision (nothing is written when nothing changes). The payee, the account's
 * deletion mark and a gym's default schedule are read before and checked again after: if any changed
 * meanwhile, the other side may have read the profile before this write, so the status is worked out
 * again. Every ordering therefore ends with the status the latest profile, payee, account and
 * schedule call for.
 */
export async function updateWithGoLive<K extends PayeeKind>(
  deps: GoLiveDeps,
  kind: K,
  profileId: string,
  change: (profile: ProfileOf<K>) => ProfileOf<K>,
): Promise<GoLiveOutcome<K>> {
  for (let attempt = 1; attempt <= MAX_OUTSIDE_CHANGES; attempt += 1) {
    const { payee, defaultSchedule, deleting, key } = await outsideFacts(deps, kind, profileId);
    let steps: GoLiveStep[] = [];
    let turned = false;
    const stored = await updateProfile<ProfileOf<K>>(deps.couch, kind, profileId, (current) => {
      turned = false;
      if (!current) return null;
      const edited = change(current);
      steps = missingSteps(edited, payee, defaultSchedule);
      const next = { ...edited, status: steps.length === 0 && !deleting };
      turned = next.status !== current.status;
      return isDeepStrictEqual(next, current) ? null : next;
    });
    if (!stored || stored.type !== kind) return { outcome: 'no-profile' };
    const saved = stored as ProfileOf<K> & { _rev: string }; // of the kind asked for, as just checked
    // This write turned the status: of every writer, only the one whose revision won knows it, and
    // its new revision names the change (the mail's key), so it is told once.
    if (turned) await tellStatusChanged(deps, profileId, saved, steps);
    if ((await outsideFacts(deps, kind, profileId)).key === key)
      return { outcome: 'applied', profile: saved, missingSteps: steps };
  }
  throw new Error(`The payments state or schedule of ${kind} ${profileId} kept changing; status not settled.`);
}

/** Sets the gym's or coach's `status` from its profile, payee and schedule, writing only when it changes. */
export function applyGoLive(deps: GoLiveDeps, kind: PayeeKind, profileId: string) {
  return updateWithGoLive(deps, kind, profileId, (profile) => profile);
}
