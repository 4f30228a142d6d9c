import type { DocumentScope } from 'nano';
import { ukDateKey, ukWallClock } from '@mastr/rules/dates.ts';
import {
  accountDocId,
  calendarFeedDocId,
  coachRequestId,
  entryCodeClaimId,
  gymRequestId,
  imageDocId,
  membershipDocId,
  membershipDocPrefix,
  passDocPrefix,
  profileDocId,
  type PassDoc,
} from '@mastr/rules/doc-ids.ts';
import type {
  AccountDoc,
  CoachRequestDoc,
  DayPassDoc,
  GymRequestDoc,
  MastrPassDoc,
  MembershipDoc,
} from '@mastr/rules/documents.ts';
import { memberCancellation } from '@mastr/rules/refunds.ts';
import type { AccountKind, TenantKind } from '@mastr/rules/roles.ts';
import { couchStatus, type Couch } from '../../couch/couch.ts';
import { DB, tenantDbName } from '../../couch/databases.ts';
import { findDocs } from '../../couch/find.ts';
import { QUERIES } from '../../couch/queries.ts';
import {
  deleteAsFullDocument,
  docsWithPrefix,
  fetchDocs,
  getDoc,
  tenantDb,
  updateDoc,
} from '../../couch/tenant-docs.ts';
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
import { updateAccount, getAccount } from '../../couch/stores/accounts-store.ts';
import type { ProfileDoc } from '../../couch/stores/profiles-store.ts';

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
  await dropDatabase(deps.couch, tenantDbName(TENANT_OF[kind], profileId));
  await destroyIfPresent(deps.couch.use(DB.profiles), profileDocId(kind, profileId));
  await releaseClaims(deps, account);
  // The calendar link's lookup (a new one cannot be made once `deletingSince` is set).
  const feed = (await getAccount(deps.couch, profileId))?.calendarFeed;
  if (feed) await destroyIfPresent(deps.couch.use(DB.accounts), calendarFeedDocId(feed.tokenHash));
  // The goodbye, queued before the account document goes, so a run that dies here is finished by
  // the next, which still finds the account and queues it (once: its key is the account's).
  if (goodbye) await tellAccountDeleted(deps, kind, goodbye, refundedPence);
  await destroyIfPresent(deps.couch.use(DB.accounts), accountDocId(profileId));
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
  const docs = await findDocs<AccountDoc>(deps.couch, QUERIES.interruptedDeletions(before, 1000));
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
  await updateDoc(couch.use<ProfileDoc>(DB.profiles), profileDocId(kind, profileId), (current) => {
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
  const memberDb = tenantDb<PassDoc | CoachRequestDoc | GymRequestDoc>(deps.couch, 'member', memberId);
  let refunded = 0;

  // Day passes for a later day: the member's own cancellation, refund and all (payments/member-cancellation.ts).
  // Today's pass stays valid (the sale stands, §1) and is only anonymised below.
  const dayPasses = await docsWithPrefix<DayPassDoc>(memberDb as DocumentScope<DayPassDoc>, passDocPrefix('day-pass'));
  for (const mine of dayPasses) {
    if (mine.cancelled || !refundableByMember(mine.dayDateStart.slice(0, 10), now)) continue;
    const result = await cancelOwnDayPass(deps, memberId, mine.passId, { tellMember: false });
    if (result.outcome === 'cancelled') refunded += result.refundedPence;
  }

  // A Mastr pass never used (unassigned, or for a later day) is refunded and removed from the gym; the
  // member's copy goes with the member's database. One the member cancelled (decision 70) had its
  // refund then and stays at the gym, as a cancelled day pass does, scrubbed below.
  const mastrPasses = await docsWithPrefix<MastrPassDoc>(
    memberDb as DocumentScope<MastrPassDoc>,
    passDocPrefix('mastr-pass'),
  );
  for (const mine of mastrPasses) {
    const gymDb = tenantDb<MastrPassDoc>(deps.couch, 'gym', mine.gymId);
    const pass = await getDoc(gymDb, mine._id);
    if (!pass || pass.memberId !== memberId || pass.cancelled || pass.checkedIn.checkedInState || pass.expired)
      continue;
    if (pass.dateAndTimeStart !== null && !refundableByMember(pass.dateAndTimeStart.slice(0, 10), now)) continue;
    refunded += await refundPassInFull(deps, pass.passId, 'member-cancel');
    await deleteAsFullDocument(gymDb, pass._id, scrubPassClient);
  }

  // PT requests: those still to come are withdrawn, past ones keep their hour but not the name.
  const gymRequests = await docsWithPrefix<GymRequestDoc>(memberDb as DocumentScope<GymRequestDoc>, gymRequestId(''));
  for (const request of gymRequests) {
    if (stillToCome(request, now)) await endGymRequest(deps, request, scrubRequestClient);
    else await scrubDocs(tenantDb<GymRequestDoc>(deps.couch, 'gym', request.gymId), [request._id], scrubRequestClient);
  }
  const coachRequests = await docsWithPrefix<CoachRequestDoc>(
    memberDb as DocumentScope<CoachRequestDoc>,
    coachRequestId(''),
  );
  for (const request of coachRequests) {
    if (stillToCome(request, now)) await endCoachRequest(deps, request, scrubRequestClient);
    else
      await scrubDocs(
        tenantDb<CoachRequestDoc>(deps.couch, 'coach', request.coachId),
        [request._id],
        scrubRequestClient,
      );
  }

  // What the gyms keep (visits, cancelled and past passes) no longer names the member.
  const byGym = new Map<string, string[]>();
  for (const pass of [...dayPasses, ...mastrPasses])
    byGym.set(pass.gymId, [...(byGym.get(pass.gymId) ?? []), pass._id]);
  for (const [gymId, ids] of byGym) await scrubDocs(tenantDb<PassDoc>(deps.couch, 'gym', gymId), ids, scrubPassClient);
  return refunded;
}

async function endCoachDealings(deps: Deps, coachId: string): Promise<void> {
  const now = deps.now();
  // The coach's own copies, claims and slot locks go with the coach's database; the members' copies are handled here.
  const requests = await docsWithPrefix<CoachRequestDoc>(tenantDb(deps.couch, 'coach', coachId), coachRequestId(''));
  for (const request of requests) {
    const memberCopy = tenantDb<CoachRequestDoc>(deps.couch, 'member', request.userProfile_id);
    if (stillToCome(request, now)) await deleteAsFullDocument(memberCopy, request._id, scrubRequestCoach);
    else await scrubDocs(memberCopy, [request._id], scrubRequestCoach);
  }
  const memberships = await findDocs<MembershipDoc>(
    deps.couch,
    QUERIES.membershipsOfCoach(coachId, ['registered', 'pending'], 100_000),
  );
  // Before the relations go (a resumed deletion finds them again): no member can choose the coach now.
  for (const m of memberships) if (m.state === 'registered') await withdrawApplications(deps, coachId, m.gymId);
  await destroyAll(
    deps.couch.use(DB.profiles),
    memberships.map((m) => ({ _id: membershipDocId(m.gymId, m.coachId), _rev: m._rev! })),
  );
}

async function endGymDealings(deps: Deps, gymId: string): Promise<number> {
  const now = deps.now();
  const today = ukDateKey(now);
  const gymDb = tenantDb<PassDoc | GymRequestDoc>(deps.couch, 'gym', gymId);
  let refunded = 0;

  // Every pass not used yet, today's included (the gym's front desk goes with its database): cancelled
  // as a gym's cancellation is, refund and all, through the one decision a member's call may race
  // (passes/day-pass-cancellation.ts); one a crash left half-way is finished.
  const dayPasses = await docsWithPrefix<DayPassDoc>(gymDb as DocumentScope<DayPassDoc>, passDocPrefix('day-pass'));
  for (const pass of dayPasses) {
    if (pass.cancelled ? !pass.refundOnCancel : pass.expired || pass.checkIns.all_check_ins.length > 0) continue;
    if (!pass.cancelled && pass.dayDateStart.slice(0, 10) < today) continue;
    const result = await cancelDayPassAs(deps, 'gym', gymId, pass.passId, () => ({ refundOnCancel: true }), {
      tellMember: false,
    });
    if (result.outcome === 'cancelled') refunded += result.refundedPence;
  }
  const mastrPasses = await docsWithPrefix<MastrPassDoc>(
    gymDb as DocumentScope<MastrPassDoc>,
    passDocPrefix('mastr-pass'),
  );
  for (const pass of mastrPasses) {
    if (pass.checkedIn.checkedInState || pass.expired) continue;
    if (pass.dateAndTimeStart !== null && pass.dateAndTimeStart.slice(0, 10) < today) continue;
    refunded += await refundPassInFull(deps, pass.passId, 'gym-cancel');
    // The member's copy first: the gym's copy is what a resumed run finds this pass by.
    await deleteAsFullDocument(tenantDb<MastrPassDoc>(deps.couch, 'member', pass.memberId), pass._id);
    await deleteAsFullDocument(gymDb as DocumentScope<MastrPassDoc>, pass._id);
  }

  // PT requests to the gym, and coach requests for sessions at it, still to come are withdrawn.
  const gymRequests = await docsWithPrefix<GymRequestDoc>(gymDb as DocumentScope<GymRequestDoc>, gymRequestId(''));
  for (const request of gymRequests) if (stillToCome(request, now)) await endGymRequest(deps, request);
  const memberships = await docsWithPrefix<MembershipDoc>(
    deps.couch.use<MembershipDoc>(DB.profiles),
    membershipDocPrefix(gymId),
  );
  for (const { coachId } of memberships) {
    const requests = await docsWithPrefix<CoachRequestDoc>(tenantDb(deps.couch, 'coach', coachId), coachRequestId(''));
    for (const request of requests)
      if (request.gymId === gymId && stillToCome(request, now)) await endCoachRequest(deps, request);
  }
  await destroyAll(
    deps.couch.use(DB.profiles),
    memberships.map((m) => ({ _id: m._id, _rev: m._rev! })),
  );

  await cancelGymPlans(deps, gymId);
  const entryCodes = entryCodeClaimId(gymId, '');
  await destroyAll(deps.couch.use(DB.accounts), await idsWithPrefix(deps.couch.use(DB.accounts), entryCodes));
  return refunded;
}

// ---- 4. images -----------------------------------------------------------------------------------

/**
 * Profile images of the account (a gym's logo and cover included): every stored version in
 * `mastr_images` (`image:{kind}:{profileId}:{version}`, services/accounts/profile-images.ts).
 */
async function deleteProfileImages(couch: Couch, kind: AccountKind, profileId: string): Promise<void> {
  const images = couch.use(DB.images);
  await destroyAll(images, await idsWithPrefix(images, imageDocId(kind, profileId, '')));
}

// ---- 9. sessions, one-time tokens (7, the claims: claims.ts) -----------------------------------------

/** Every refresh session (live, revoked or expired) and one-time token of the account. */
async function deleteSessionsAndTokens(couch: Couch, accountId: string): Promise<void> {
  const db = couch.use(DB.auth);
  for (const type of ['refresh-session', 'one-time-token'] as const) {
    for (let pass = 0; pass < 50; pass++) {
      const docs = await findDocs<Rev>(couch, QUERIES.authDocsOfAccount(type, accountId, 200));
      if (docs.length === 0) break;
      await destroyAll(db, docs);
    }
  }
}

// ---- CouchDB helpers ------------------------------------------------------------------------------

type Rev = { _id: string; _rev: string };

/** Replaces names on documents that still carry them (whole-document writes, so devices replicate the change). */
async function scrubDocs<T extends { _id: string; _rev?: string }>(
  db: DocumentScope<T>,
  ids: readonly string[],
  scrub: (doc: T) => T,
): Promise<void> {
  const found = await fetchDocs(db, ids);
  const changed = [...found.values()].filter((doc) => JSON.stringify(scrub(doc)) !== JSON.stringify(doc));
  if (changed.length === 0) return;
  const results = await db.bulk({ docs: changed.map(scrub) });
  // A document written meanwhile (a check-in counted) is scrubbed on its fresh revision.
  for (const result of results) {
    if (result.error !== 'conflict' || !result.id) continue;
    await updateDoc(db, result.id, (current) => (current ? scrub(current) : null));
  }
}

async function idsWithPrefix(db: DocumentScope<unknown>, prefix: string): Promise<Rev[]> {
  try {
    const { rows } = await db.list({ startkey: prefix, endkey: `${prefix}\ufff0` });
    return rows.map((row) => ({ _id: row.id, _rev: row.value.rev }));
  } catch (err) {
    if (couchStatus(err) === 404) return [];
    throw err;
  }
}

/** How often a delete that lost a race with another writer (409) is tried again on the fresh revision. */
const MAX_DELETE_ATTEMPTS = 8;

/**
 * Deletes documents of a server-only database (plain tombstones: nothing replicates these). One
 * written meanwhile by someone else (409) is read again and deleted on its fresh revision.
 */
async function destroyAll(db: DocumentScope<unknown>, docs: readonly Rev[]): Promise<Rev[]> {
  const tombstones: Rev[] = [];
  let pending = [...docs];
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    let results;
    try {
      results = await db.bulk({ docs: pending.map(({ _id, _rev }) => ({ _id, _rev, _deleted: true })) });
    } catch (err) {
      if (couchStatus(err) === 404) return tombstones; // no such database: nothing to delete
      throw err;
    }
    for (const r of results) if (r.id && r.rev && !r.error) tombstones.push({ _id: r.id, _rev: r.rev });
    const conflicted = results.filter((r) => r.error === 'conflict').map((r) => r.id!);
    if (conflicted.length === 0) return tombstones;
    if (attempt >= MAX_DELETE_ATTEMPTS) throw new Error(`Could not delete ${conflicted.join(', ')}: kept changing.`);
    const fresh = await fetchDocs(db as DocumentScope<{ _id: string }>, conflicted);
    pending = [...fresh.values()].map(({ _id, _rev }) => ({ _id, _rev }));
  }
  return tombstones;
}

async function destroyIfPresent(db: DocumentScope<unknown>, id: string): Promise<void> {
  const doc = await getDoc(db as DocumentScope<{ _id: string }>, id);
  if (doc) await destroyAll(db, [{ _id: doc._id, _rev: doc._rev }]);
}

async function dropDatabase(couch: Couch, name: string): Promise<void> {
  try {
    await couch.db.destroy(name);
  } catch (err) {
    if (couchStatus(err) !== 404) throw err;
  }
}
