/**
 * Registrations nobody verified in time (design/auth.md "Unverified registrations", decision 52).
 * Anyone can register someone else's email or mobile; a registration that was not verified within
 * the verification window holds neither. Registration takes such a holder's claims over at once
 * (`freeLapsedClaims`), and the sweeper removes what is left (`sweepLapsedRegistrations`).
 *
 * Who wins is decided by CouchDB revisions, never by clocks: the account is first marked
 * `deletingSince` on the revision read while it was found lapsed, and a verification marks it
 * verified on the revision it read. Exactly one of the two writes lands; the other reads again and
 * sees the account verified (it stays, with its claims) or being removed (the link is refused).
 */
import type { AccountDoc, ClaimDoc } from '@mastr/rules/documents.ts';
import type { Deps } from '../../deps.ts';
import { VERIFICATION_WINDOW_MS, verificationWindowPassed } from '../auth/index.ts';
import { changeAccount, getAccount, unverifiedAccountsBefore } from '../../couch/stores/accounts-store.ts';
import { getClaim, releaseClaim } from '../../couch/stores/claims-store.ts';
import { deleteAccount } from './delete-account-service.ts';

/**
 * A claim whose account does not exist is left by a registration that died between writing its
 * claims and its account (seconds apart at most). Past this age it is free; younger, its account may
 * still be on its way.
 */
const ORPHAN_CLAIM_AFTER_MS = 10 * 60 * 1000;

/**
 * Removes a lapsed registration: marks it `deletingSince` on the revision read (the decision against
 * a verification landing at the same moment), then runs the account deletion's idempotent steps
 * (profile, claims still its own, account, tokens). Resolves true when the account is gone or being
 * removed, false when it is verified or still within its window. Several callers may retire one
 * account at once: the second finds it marked and runs the same steps, harmlessly.
 */
export async function retireLapsedRegistration(deps: Deps, profileId: string, now: Date): Promise<boolean> {
  const marked = await changeAccount(deps.couch, profileId, (current) => {
    if (!current || current.type !== 'account' || current.deletingSince) return null;
    return verificationWindowPassed(current, now) ? { ...current, deletingSince: now.toISOString() } : null;
  });
  if (!marked) return true;
  if (!marked.deletingSince || !verificationWindowPassed(marked, now)) return false;
  await deleteAccount(deps, marked.kind, marked.profileId);
  return true;
}

/**
 * Called when a registration was refused because one of `claimIds` is held. Frees those held by a
 * lapsed registration (retiring it) or by no account at all (a registration that died half-way),
 * and answers whether registering again can succeed. A claim held by a live account (verified, or
 * unverified within its window) frees nothing: the answer stays 'Email or Mobile Taken', and nothing
 * is touched, so a taken email cannot be used to remove someone's lapsed mobile claim either.
 */
export async function freeLapsedClaims(deps: Deps, claimIds: readonly string[], now: Date): Promise<boolean> {
  const held: { claim: ClaimDoc & { _rev: string }; holder: AccountDoc | null }[] = [];
  for (const id of claimIds) {
    const claim = await getClaim(deps.couch, id);
    if (!claim) continue;
    const holder = await getAccount(deps.couch, claim.accountId);
    const lapsed = holder
      ? verificationWindowPassed(holder, now)
      : now.getTime() - Date.parse(claim.createdAt ?? '1970-01-01T00:00:00Z') >= ORPHAN_CLAIM_AFTER_MS;
    if (!lapsed) return false;
    held.push({ claim, holder });
  }
  for (const { claim, holder } of held) {
    if (holder) {
      if (!(await retireLapsedRegistration(deps, holder.profileId, now))) return false;
    } else {
      await releaseClaim(deps.couch, claim._id, claim.accountId);
    }
  }
  return true;
}

/** The most lapsed registrations one sweep removes; the rest wait for the next run. */
const MAX_RETIRED_PER_RUN = 200;

/**
 * The sweeper's part (plugins/expired-docs-sweeper.ts): removes registrations whose window passed
 * more than `graceMs` ago (the grace covers instances whose clocks disagree), their claims, profile
 * and tokens. A verified account is never selected, and one verified between the query and its
 * removal is kept by the revision check in retireLapsedRegistration.
 */
export async function sweepLapsedRegistrations(
  deps: Deps,
  graceMs: number,
  max = MAX_RETIRED_PER_RUN,
): Promise<{ removed: number; more: boolean }> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - VERIFICATION_WINDOW_MS - graceMs).toISOString();
  const profileIds = await unverifiedAccountsBefore(deps.couch, cutoff, max);
  let removed = 0;
  for (const profileId of profileIds) if (await retireLapsedRegistration(deps, profileId, now)) removed += 1;
  return { removed, more: profileIds.length >= max };
}
