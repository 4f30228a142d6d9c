import { ukDateKey, ukWallClock } from '@mastr/rules/dates.ts';
import { membershipDocId, type PassDoc } from '@mastr/rules/doc-ids.ts';
import type { CoachRequestDoc, DayPassDoc, GymRequestDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { memberCancellation } from '@mastr/rules/refunds.ts';
import type { AccountKind, TenantKind } from '@mastr/rules/roles.ts';
import type { Couch } from '../../couch/couch.ts';
import { membershipDocsOfCoach, membershipDocsOfGym } from '../../couch/stores/memberships-store.ts';
import { deletePass, getPass, passesIn } from '../../couch/stores/passes-store.ts';
import { updateProfile, type ProfileDoc } from '../../couch/stores/profiles-store.ts';
import { coachRequestsIn, deleteRequestCopy, gymRequestsIn } from '../../couch/stores/session-requests-store.ts';
import { dropTenantDatabase } from '../../couch/stores/tenant-databases.ts';
import type { Deps } from '../../deps.ts';
import { accessCheckFor } from '../auth/index.ts';
import {
  endCoachBookings,
  endGymBookings,
  endMemberBookings,
  scrubSessionNotifications,
  sessionParties,
  withdrawApplications,
  endCoachRequest,
  endGymRequest,
} from '../coaching/index.ts';
import { cancelDayPassAs } from '../passes/index.ts';
import { cancelOwnDayPass, cancelGymPlans } from '../payments/index.ts';
import { refundPassInFull } from '../refunds/index.ts';
import { goodbyeRecipient, tellAccountDeleted, releaseClaims } from '../accounts/index.ts';
import { deletionsBegunBefore, updateAccount, getAccount } from '../../couch/stores/accounts-store.ts';
import {
  authDocsOfAccount,
  deleteAccountDoc,
  deleteAuthDocs,
  deleteCalendarFeedDoc,
  deleteEntryCodeClaims,
  deleteMemberships,
  deleteProfileDoc,
  deleteProfileImages,
  scrubPassCopies,
  scrubRequestCopies,
} from './stores/deletion-store.ts';

/**
 * Settings 'Delete My Account' (`DELETE /api/me/users|coaches|gyms`; design/decisions.md "Deleting an
 * account" says what is kept and why). The account is marked `deletingSince` first; then every step
 * below is idempotent and reads what is left to do from the documents themselves, so a run the
 * server did not finish (it died, Stripe did not answer) is finished by calling again: the caller
 * stays signed in until the account document goes, which is the very last step but the sessions'
 * clean-up. In order:
 *
 *  1. mark the account `deletingSince` (paid checkouts that complete from now on are refunded, not issued);
 *  2. a gym or coach leaves the public lists at once (status false; a gym also unsubscribed);
 *  3. what the account shares with others:
 *     - member: passes for a later day refunded in full and cancelled (§1), Mastr passes not yet used
 *       (unassigned, or for a later day) refunded and removed; PT requests still to come withdrawn
 *       (coach slots released); on what stays in gyms' and coaches' databases the name and email are
 *       replaced ('Deleted member', '');
 *     - coach: requests still to come rejected (the members' copies removed), 'Deleted coach' on past
 *       ones; memberships ended;
 *     - gym: every pass not used yet (today's included: its front desk goes) refunded in full and
 *       cancelled, its PT requests and the coach requests at it still to come withdrawn, memberships
 *       ended, the Basic plan cancelled on Stripe, entry-code claims freed;
 *  4. profile images deleted;
 *  5. the tenant database deleted (the member's last: it is the index of steps 3);
 *  6. the profile, 7. the email and mobile claims (the email may register again), then the goodbye
 *     mail is queued (addressed at the start; the mark stops every other mail), 8. the account:
 *     from here every access token is refused (plugins/auth-strategy.ts) and no refresh works;
 *  9. the account's refresh sessions and one-time tokens deleted.
 * Payment records in `mastr_payments` stay: they hold ids, amounts and dates, never a name or email.
 */

type DeleteAccountOutcome =
  /** Deleted; `refundedPence` is what went back to members during this run. */
  | { outcome: 'deleted'; refundedPence: number }
  /** There was no such account (deleted already). */
  | { outcome: 'gone' };

/** What a gym's or coach's records show instead of a deleted member's name. */
export const DELETED_MEMBER_NAME = 'Deleted member';
/** What a member's records show instead of a deleted coach's name. */
export const DELETED_COACH_NAME = 'Deleted coach';

const TENANT_OF: Record<AccountKind, TenantKind> = { user: 'member', coach: 'coach', gym: 'gym' };

export async function deleteAccount(deps: Deps, kind: AccountKind, profileId: string): Promise<DeleteAccountOutcome> {
  const account = await getAccount(deps.couch, profileId);
  if (!account || account.kind !== kind) return { outcome: 'gone' };
  // Addressed now, while the profile (the greeting's name) is still there; sent at the end.
  const goodbye = await goodbyeRecipient(deps, profileId);
  if (!account.deletingSince) {
    const since = deps.now().toISOString();
    await updateAccount(deps.couch, profileId, (current) =>
      current.deletingSince ? current : { ...current, deletingSince: since },
    );
  }
  await leavePublicLists(deps.couch, kind, profileId);

  // Where private-session notifications naming a member or coach were written (read before anything ends).
  const told = kind === 'gym' ? [] : await sessionParties(deps, kind === 'user' ? 'member' : 'coach', profileId);
  let refundedPence = 0;
  if (kind === 'user') refundedPence = await endMemberDealings(deps, profileId);
  if (kind === 'coach') await endCoachDealings(deps, profileId);
  if (kind === 'gym') refundedPence = await endGymDealings(deps, profileId);
  // Private sessions (decision 40): cancelled and refunded as the side's own cancellation would be.
  if (kind === 'user') refundedPence += await endMemberBookings(deps, profileId, DELETED_MEMBER_NAME);
  if (kind === 'coach') refundedPence += await endCoachBookings(deps, profileId, DELETED_COACH_NAME);
  if (kind === 'gym') refundedPence += await endGymBookings(deps, profileId);
  if (kind === 'user') await scrubSessionNotifications(deps, told, 'member', profileId, DELETED_MEMBER_NAME);
  if (kind === 'coach') await scrubSessionNotifications(deps, told, 'coach', profileId, DELETED_COACH_NAME);

  await deleteProfileImages(deps.couch, kind, profileId);
  await dropTenantDatabase(deps.couch, TENANT_OF[kind], profileId);
  await deleteProfileDoc(deps.couch, kind, profileId);
  await releaseClaims(deps, account);
  // The calendar link's lookup (a new one cannot be made once `deletingSince` is set).
  const feed = (await getAccount(deps.couch, profileId))?.calendarFeed;
  if (feed) await deleteCalendarFeedDoc(deps.couch, feed.tokenHash);
  // The goodbye, queued before the account document goes, so a run that dies here is finished by
  // the next, which still finds the account and queues it (once: its key is the account's).
  if (goodbye) await tellAccountDeleted(deps, kind, goodbye, refundedPence);
  await deleteAccountDoc(deps.couch, profileId);
  // Refused at once on this instance; the others' access checks notice within their window.
  accessCheckFor(deps).forgetAccount(profileId);
  await deleteSessionsAndTokens(deps.couch, profileId);
  return { outcome: 'deleted', refundedPence };
}

/** A deletion still marked this long after it began has been interrupted (real ones take seconds). */
export const INTERRUPTED_AFTER_MS = 10 * 60 * 1000;

/**
 * Finishes deletions that were left half-done (their server died, Stripe did not answer) and that
 * nobody called again: run in the background at every start. The steps are the same idempotent ones,
 * so running them beside a live deletion is harmless too. Resolves to the number finished.
 */
export async function finishInterruptedDeletions(deps: Deps): Promise<number> {
  const before = new Date(deps.now().getTime() - INTERRUPTED_AFTER_MS).toISOString();
  const docs = await deletionsBegunBefore(deps.couch, before, 1000);
  let finished = 0;
  for (const account of docs) {
    try {
      if ((await deleteAccount(deps, account.kind, account.profileId)).outcome === 'deleted') finished += 1;
    } catch (err) {
      deps.logger.error({ err, profileId: account.profileId }, 'account deletion: could not finish an interrupted one');
    }
  }
  return finished;
}

// ---- 2. public lists ------------------------------------------------------------------------------

/** A gym or coach disappears from /api/gyms and /api/coaches (and their detail pages) at once. */
async function leavePublicLists(couch: Couch, kind: AccountKind, profileId: string): Promise<void> {
  if (kind === 'user') return;
  await updateProfile<ProfileDoc>(couch, kind, profileId, (current) => {
    if (!current || current.type !== kind) return null;
    if (current.type === 'gym')
      return current.status || current.subscribed ? { ...current, status: false, subscribed: false } : null;
    return current.type === 'coach' && current.status ? { ...current, status: false } : null;
  });
}

// ---- 3. what the account shares with others --------------------------------------------------------

const scrubPassClient = <T extends PassDoc>(pass: T): T => ({
  ...pass,
  clientName: DELETED_MEMBER_NAME,
  clientEmail: '',
});
const scrubRequestClient = <T extends CoachRequestDoc | GymRequestDoc>(request: T): T => ({
  ...request,
  clientName: DELETED_MEMBER_NAME,
});
const scrubRequestCoach = (request: CoachRequestDoc): CoachRequestDoc => ({
  ...request,
  coachFullName: DELETED_COACH_NAME,
});

/** Whether a PT request's hour is still to come (UK wall clock, like its `startTime`). */
const stillToCome = (request: { startTime: string }, now: Date) => request.startTime > ukWallClock(now);

/** §1: a member's cancellation is refunded in full only up to the day before; only those are cancelled here. */
const refundableByMember = (day: string, now: Date) => memberCancellation(day, now).outcome === 'full-refund';

async function endMemberDealings(deps: Deps, memberId: string): Promise<number> {
  const now = deps.now();
  let refunded = 0;

  // Day passes for a later day: the member's own cancellation, refund and all (payments/member-cancellation.ts).
  // Today's pass stays valid (the sale stands, §1) and is only anonymised below.
  const dayPasses = await passesIn<DayPassDoc>(deps.couch, 'member', memberId, 'day-pass');
  for (const mine of dayPasses) {
    if (mine.cancelled || !refundableByMember(mine.dayDateStart.slice(0, 10), now)) continue;
    const result = await cancelOwnDayPass(deps, memberId, mine.passId, { tellMember: false });
    if (result.outcome === 'cancelled') refunded += result.refundedPence;
  }

  // A Mastr pass never used (unassigned, or for a later day) is refunded and removed from the gym; the
  // member's copy goes with the member's database. One the member cancelled (decision 70) had its
  // refund then and stays at the gym, as a cancelled day pass does, scrubbed below.
  const mastrPasses = await passesIn<MastrPassDoc>(deps.couch, 'member', memberId, 'mastr-pass');
  for (const mine of mastrPasses) {
    const pass = await getPass<MastrPassDoc>(deps.couch, 'gym', mine.gymId, mine._id);
    if (!pass || pass.memberId !== memberId || pass.cancelled || pass.checkedIn.checkedInState || pass.expired)
      continue;
    if (pass.dateAndTimeStart !== null && !refundableByMember(pass.dateAndTimeStart.slice(0, 10), now)) continue;
    refunded += await refundPassInFull(deps, pass.passId, 'member-cancel');
    await deletePass(deps.couch, 'gym', mine.gymId, pass._id, scrubPassClient);
  }

  // PT requests: those still to come are withdrawn, past ones keep their hour but not the name.
  const gymRequests = await gymRequestsIn(deps.couch, 'member', memberId);
  for (const request of gymRequests) {
    if (stillToCome(request, now)) await endGymRequest(deps, request, scrubRequestClient);
    else await scrubRequestCopies(deps.couch, 'gym', request.gymId, [request._id], scrubRequestClient);
  }
  const coachRequests = await coachRequestsIn(deps.couch, 'member', memberId);
  for (const request of coachRequests) {
    if (stillToCome(request, now)) await endCoachRequest(deps, request, scrubRequestClient);
    else await scrubRequestCopies(deps.couch, 'coach', request.coachId, [request._id], scrubRequestClient);
  }

  // What the gyms keep (visits, cancelled and past passes) no longer names the member.
  const byGym = new Map<string, string[]>();
  for (const pass of [...dayPasses, ...mastrPasses])
    byGym.set(pass.gymId, [...(byGym.get(pass.gymId) ?? []), pass._id]);
  for (const [gymId, ids] of byGym) await scrubPassCopies<PassDoc>(deps.couch, 'gym', gymId, ids, scrubPassClient);
  return refunded;
}

async function endCoachDealings(deps: Deps, coachId: string): Promise<void> {
  const now = deps.now();
  // The coach's own copies, claims and slot locks go with the coach's database; the members' copies are handled here.
  const requests = await coachRequestsIn(deps.couch, 'coach', coachId);
  for (const request of requests) {
    const member = request.userProfile_id;
    if (stillToCome(request, now))
      await deleteRequestCopy<CoachRequestDoc>(deps.couch, 'member', member, request._id, scrubRequestCoach);
    else await scrubRequestCopies(deps.couch, 'member', member, [request._id], scrubRequestCoach);
  }
  const memberships = await membershipDocsOfCoach(deps.couch, coachId);
  // Before the relations go (a resumed deletion finds them again): no member can choose the coach now.
  for (const m of memberships) if (m.state === 'registered') await withdrawApplications(deps, coachId, m.gymId);
  await deleteMemberships(
    deps.couch,
    memberships.map((m) => ({ _id: membershipDocId(m.gymId, m.coachId), _rev: m._rev! })),
  );
}

async function endGymDealings(deps: Deps, gymId: string): Promise<number> {
  const now = deps.now();
  const today = ukDateKey(now);
  let refunded = 0;

  // Every pass not used yet, today's included (the gym's front desk goes with its database): cancelled
  // as a gym's cancellation is, refund and all, through the one decision a member's call may race
  // (passes/day-pass-cancellation.ts); one a crash left half-way is finished.
  const dayPasses = await passesIn<DayPassDoc>(deps.couch, 'gym', gymId, 'day-pass');
  for (const pass of dayPasses) {
    if (pass.cancelled ? !pass.refundOnCancel : pass.expired || pass.checkIns.all_check_ins.length > 0) continue;
    if (!pass.cancelled && pass.dayDateStart.slice(0, 10) < today) continue;
    const result = await cancelDayPassAs(deps, 'gym', gymId, pass.passId, () => ({ refundOnCancel: true }), {
      tellMember: false,
    });
    if (result.outcome === 'cancelled') refunded += result.refundedPence;
  }
  const mastrPasses = await passesIn<MastrPassDoc>(deps.couch, 'gym', gymId, 'mastr-pass');
  for (const pass of mastrPasses) {
    if (pass.checkedIn.checkedInState || pass.expired) continue;
    if (pass.dateAndTimeStart !== null && pass.dateAndTimeStart.slice(0, 10) < today) continue;
    refunded += await refundPassInFull(deps, pass.passId, 'gym-cancel');
    // The member's copy first: the gym's copy is what a resumed run finds this pass by.
    await deletePass(deps.couch, 'member', pass.memberId, pass._id);
    await deletePass(deps.couch, 'gym', gymId, pass._id);
  }

  // PT requests to the gym, and coach requests for sessions at it, still to come are withdrawn.
  const gymRequests = await gymRequestsIn(deps.couch, 'gym', gymId);
  for (const request of gymRequests) if (stillToCome(request, now)) await endGymRequest(deps, request);
  const memberships = await membershipDocsOfGym(deps.couch, gymId);
  for (const { coachId } of memberships) {
    const requests = await coachRequestsIn(deps.couch, 'coach', coachId);
    for (const request of requests)
      if (request.gymId === gymId && stillToCome(request, now)) await endCoachRequest(deps, request);
  }
  await deleteMemberships(
    deps.couch,
    memberships.map((m) => ({ _id: m._id, _rev: m._rev! })),
  );

  await cancelGymPlans(deps, gymId);
  await deleteEntryCodeClaims(deps.couch, gymId);
  return refunded;
}

// ---- 9. sessions, one-time tokens (4, the images, and 7, the claims: their stores) ------------------

/** Every refresh session (live, revoked or expired) and one-time token of the account. */
async function deleteSessionsAndTokens(couch: Couch, accountId: string): Promise<void> {
  for (const type of ['refresh-session', 'one-time-token'] as const) {
    for (let pass = 0; pass < 50; pass++) {
      const docs = await authDocsOfAccount(couch, type, accountId, 200);
      if (docs.length === 0) break;
      await deleteAuthDocs(couch, docs);
    }
  }
}
