import { MASTR_CLASS_CANCELLED, MASTR_CLASS_STARTED } from '@mastr/rules/texts.ts';
import type { MastrClassOption } from '@mastr/rules/api/directory.ts';
import type { MastrAssignResponse } from '@mastr/rules/api/mastr.ts';
import type { MastrClassAvailabilityEntry } from '@mastr/rules/api/me.ts';
import { ME_HISTORY_CAP } from '@mastr/rules/constants.ts';
import { ukWallClock } from '@mastr/rules/dates.ts';
import { mastrClassDocId, passDocId } from '@mastr/rules/doc-ids.ts';
import type { GymProfileDoc, MastrClassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import type { Couch } from '../../couch/couch.ts';
import { mastrClassesAt, updateMastrClass } from '../../couch/stores/mastr-classes-store.ts';
import { getPass, passesIn, updatePass } from '../../couch/stores/passes-store.ts';
import type { Deps } from '../../deps.ts';
import { getProfile, updateProfile } from '../../couch/stores/profiles-store.ts';
import {
  allMastrPassList,
  mastrPassView,
  passFacts,
  unassignedMastrPassList,
  upcomingMastrPassList,
  type MastrPassFacts,
  tellMastrClassBooked,
  tellMastrClassCancelled,
} from '../passes/index.ts';
import { mastrClassAvailability, mastrClassId, withStoredClasses } from './mastr-class-schedule.ts';

/**
 * The gym's Mastr class (§2 Account, §7 "Gym account and {product}") and the member's booking of
 * a Mastr pass into one of its classes. Every class a pass is booked into, and every cancelled
 * class, is a `mastr-class:{start}` document in the gym's database; the passes are copies kept in
 * step with it. The ordering that keeps a pass out of a cancelled class under any interleaving of
 * instances is design/decisions.md 36.
 */

const MASTR_CLASS_REFUSALS = {
  noGym: 'Activation Failed',
  noDefault: 'Missing data: the Mastr class has not been set up.',
  unknownClass: "Missing ID's: that Mastr class is not one of the next two.",
  classCancelled: MASTR_CLASS_CANCELLED,
  classStarted: MASTR_CLASS_STARTED,
  unknownPass: "Missing ID's: no such unassigned Mastr pass.",
  passBooked: 'That Mastr pass is already booked into a class.',
  passCancelled: 'That Mastr pass is cancelled.',
} as const;

type Refused = { outcome: 'refused'; message: string };
const refused = (message: string): Refused => ({ outcome: 'refused', message });

type GymProfile = GymProfileDoc & { _rev: string };

async function gymOf(couch: Couch, gymId: string): Promise<GymProfile | null> {
  const gym = await getProfile(couch, 'gym', gymId);
  return gym?.type === 'gym' ? (gym as GymProfile) : null;
}

/** The gym's next two classes, with the cancellations its stored occurrences hold. */
export async function currentMastrClasses(
  couch: Couch,
  gymId: string,
  gym: Pick<GymProfileDoc, 'mastrClassActive' | 'mastrClassDefault'>,
  now: Date,
): Promise<MastrClassOption[]> {
  const computed = mastrClassAvailability(gymId, gym, now);
  const stored = await mastrClassesAt(
    couch,
    gymId,
    computed.map((o) => o.classDateAndTime),
  );
  return withStoredClasses(computed, (at) => stored.get(mastrClassDocId(at)) as MastrClassDoc | undefined);
}

/** The gym's Mastr passes (facts) and its next two classes with the passes booked into each. */
async function gymClassesAndPasses(deps: Deps, gymId: string, gym: GymProfileDoc) {
  const now = deps.now();
  const [classes, docs] = await Promise.all([
    currentMastrClasses(deps.couch, gymId, gym, now),
    passesIn<MastrPassDoc>(deps.couch, 'gym', gymId, 'mastr-pass'),
  ]);
  const passes = docs.flatMap((d) => {
    const facts = passFacts(d);
    return facts?.type === 'mastr-pass' ? [facts] : [];
  });
  const availability: MastrClassAvailabilityEntry[] = classes.map((c) => ({
    ...c,
    assignedPasses: passes.filter((p) => p.dateAndTimeStart === c.classDateAndTime).map((p) => p.passId),
  }));
  return { availability, passes, now };
}

// ---- gym ----------------------------------------------------------------------------------------

export type GymMastrOutcome =
  { outcome: 'done'; gym: GymProfileDoc; availability: MastrClassAvailabilityEntry[] } | Refused;

/** Saves the gym's profile through `change` (null: refused with that message) and answers the classes. */
async function changeGym(
  deps: Deps,
  gymId: string,
  change: (gym: GymProfile) => GymProfileDoc | string,
): Promise<GymMastrOutcome> {
  let refusal: string | null = null;
  const saved = await updateProfile<GymProfileDoc>(deps.couch, 'gym', gymId, (current) => {
    refusal = null;
    if (current?.type !== 'gym') {
      refusal = MASTR_CLASS_REFUSALS.noGym;
      return null;
    }
    const next = change(current);
    if (typeof next === 'string') {
      refusal = next;
      return null;
    }
    return next;
  });
  // Without a refusal the document stored is the gym written (a wrong type there is refused above).
  if (refusal !== null || saved?.type !== 'gym') return refused(refusal ?? MASTR_CLASS_REFUSALS.noGym);
  const { availability } = await gymClassesAndPasses(deps, gymId, saved);
  return { outcome: 'done', gym: saved, availability };
}

/** 'Set Mastr Classes': the weekly slot, and the Mastr class goes live. */
export function activateMastrClass(deps: Deps, gymId: string, weekday: number, time: number) {
  return changeGym(deps, gymId, (gym) => ({
    ...gym,
    mastrClassActive: true,
    mastrClassDefault: { weekday, time, cancelled: false },
  }));
}

/**
 * A new default day and time; a cancellation of the next class stays on its stored occurrence.
 * A listed class the new default no longer holds, with passes booked into it, is cancelled for
 * them (decision 108): each member is told the class moved, and keeps the pass to book into the new
 * class or cancel for a full refund. The default is saved first and the booked classes looked for
 * after, while an assign re-reads the default after joining its class, so a booking racing the
 * change is released by one side or the other.
 */
export async function updateMastrDefault(
  deps: Deps,
  gymId: string,
  weekday: number,
  time: number,
): Promise<GymMastrOutcome> {
  const before = await gymOf(deps.couch, gymId);
  const outcome = await changeGym(deps, gymId, (gym) =>
    gym.mastrClassDefault
      ? { ...gym, mastrClassDefault: { weekday, time, cancelled: false } }
      : MASTR_CLASS_REFUSALS.noDefault,
  );
  if (outcome.outcome !== 'done' || !before) return outcome;
  const now = deps.now();
  const staying = mastrClassAvailability(gymId, outcome.gym, now);
  const left = (await currentMastrClasses(deps.couch, gymId, before, now)).filter(
    (c) =>
      !c.cancelled &&
      c.classDateAndTime > ukWallClock(now) &&
      !staying.some((s) => s.classDateAndTime === c.classDateAndTime),
  );
  if (!left.length) return outcome;
  const copies = await passesIn<MastrPassDoc>(deps.couch, 'gym', gymId, 'mastr-pass');
  const booked = new Set(
    copies.flatMap((p) => (p.type === 'mastr-pass' && !p.cancelled && p.dateAndTimeStart ? [p.dateAndTimeStart] : [])),
  );
  const stored = await mastrClassesAt(
    deps.couch,
    gymId,
    left.map((c) => c.classDateAndTime),
  );
  for (const c of left) {
    const occurrence = stored.get(mastrClassDocId(c.classDateAndTime)) as MastrClassDoc | undefined;
    if (booked.has(c.classDateAndTime) || occurrence?.assignedPasses.length)
      await cancelOccurrence(deps, gymId, c, staying[0]?.classDateAndTime ?? null);
  }
  return outcome;
}

/** Public visibility: Live ⇄ Inactive. */
export function toggleMastrVisibility(deps: Deps, gymId: string) {
  return changeGym(deps, gymId, (gym) =>
    gym.mastrClassDefault ? { ...gym, mastrClassActive: !gym.mastrClassActive } : MASTR_CLASS_REFUSALS.noDefault,
  );
}

/**
 * 'Set As Cancelled' or re-activate the next default class. Cancelling marks the occurrence
 * cancelled (releasing its passes) and records it on the default; re-activating clears both.
 */
export async function toggleNextDefaultClass(deps: Deps, gymId: string): Promise<GymMastrOutcome> {
  const gym = await gymOf(deps.couch, gymId);
  if (!gym) return refused(MASTR_CLASS_REFUSALS.noGym);
  const slot = gym.mastrClassDefault;
  if (!slot) return refused(MASTR_CLASS_REFUSALS.noDefault);
  // The next class as the default alone would have it (the flag off), whatever is stored.
  const [next] = mastrClassAvailability(
    gymId,
    { ...gym, mastrClassDefault: { ...slot, cancelled: false } },
    deps.now(),
  );
  if (!next) return refused(MASTR_CLASS_REFUSALS.noDefault);
  const [current] = await currentMastrClasses(deps.couch, gymId, gym, deps.now());
  if (current.cancelled) {
    await updateMastrClass(deps.couch, gymId, next.classDateAndTime, (doc) =>
      doc?.type === 'mastr-class' && doc.cancelled ? { ...doc, cancelled: false, cancelledAt: null } : null,
    );
    return changeGym(deps, gymId, (g) =>
      g.mastrClassDefault
        ? { ...g, mastrClassDefault: { ...g.mastrClassDefault, cancelled: false } }
        : MASTR_CLASS_REFUSALS.noDefault,
    );
  }
  await cancelOccurrence(deps, gymId, next);
  return changeGym(deps, gymId, (g) =>
    g.mastrClassDefault
      ? { ...g, mastrClassDefault: { ...g.mastrClassDefault, cancelled: true, nextClassDate: next.classDateAndTime } }
      : MASTR_CLASS_REFUSALS.noDefault,
  );
}

export type CancelClassOutcome =
  { outcome: 'cancelled'; availability: MastrClassAvailabilityEntry[]; mastrPasses: MastrPassFacts[] } | Refused;

/** One of the two listed classes, not cancelled and not started: cancelled, its passes unassigned. */
export async function cancelMastrClass(deps: Deps, gymId: string, classId: string): Promise<CancelClassOutcome> {
  const gym = await gymOf(deps.couch, gymId);
  if (!gym) return refused(MASTR_CLASS_REFUSALS.noGym);
  const now = deps.now();
  const target = (await currentMastrClasses(deps.couch, gymId, gym, now)).find((c) => c._id === classId);
  if (!target) return refused(MASTR_CLASS_REFUSALS.unknownClass);
  if (target.cancelled) return refused(MASTR_CLASS_REFUSALS.classCancelled);
  if (target.classDateAndTime <= ukWallClock(now)) return refused(MASTR_CLASS_REFUSALS.classStarted);
  await cancelOccurrence(deps, gymId, target);
  const after = await gymClassesAndPasses(deps, gymId, gym);
  return {
    outcome: 'cancelled',
    availability: after.availability,
    mastrPasses: allMastrPassList(after.passes, after.now, ME_HISTORY_CAP),
  };
}

/**
 * Marks the occurrence cancelled (a revision-guarded write: from then on no assign can join it),
 * then unassigns every pass booked into it — those it lists and any whose copy names its start —
 * telling each member which class it was.
 */
async function cancelOccurrence(
  deps: Deps,
  gymId: string,
  target: MastrClassOption,
  /** Set when the class is gone because the gym moved its default: the new next class. */
  movedTo?: string | null,
): Promise<void> {
  const cancelledAt = deps.now().toISOString();
  const saved = await updateMastrClass(deps.couch, gymId, target.classDateAndTime, (doc) => {
    if (doc?.type === 'mastr-class') return doc.cancelled ? null : { ...doc, cancelled: true, cancelledAt };
    return newOccurrence(gymId, target, { cancelled: true, cancelledAt });
  });
  const listed = saved?.type === 'mastr-class' ? saved.assignedPasses : [];
  const copies = await passesIn<MastrPassDoc>(deps.couch, 'gym', gymId, 'mastr-pass');
  const held = new Set([
    ...listed,
    ...copies
      .filter((p) => p.type === 'mastr-pass' && p.dateAndTimeStart === target.classDateAndTime)
      .map((p) => p.passId),
  ]);
  for (const passId of held) {
    await releasePass(
      deps,
      gymId,
      passId,
      target.classDateAndTime,
      { classDateAndTime: target.classDateAndTime, cancelledAt },
      { mail: true, movedTo },
    );
  }
}

function newOccurrence(
  gymId: string,
  target: MastrClassOption,
  state: Pick<MastrClassDoc, 'cancelled' | 'cancelledAt'>,
  assignedPasses: string[] = [],
): MastrClassDoc {
  return {
    _id: mastrClassDocId(target.classDateAndTime),
    type: 'mastr-class',
    classId: target._id,
    gymId,
    classDateAndTime: target.classDateAndTime,
    ...state,
    assignedPasses,
  };
}

/**
 * Puts a pass booked into the class starting `classDateAndTime` back to unassigned, in the gym's
 * copy and the member's (each a revision-guarded write; a pass booked elsewhere is left alone).
 */
async function releasePass(
  deps: Deps,
  gymId: string,
  passId: string,
  classDateAndTime: string,
  notice: MastrPassDoc['cancelledClass'],
  tell: { mail: boolean; movedTo?: string | null } = { mail: true },
): Promise<void> {
  // A pass its member cancelled keeps its class: it is out of every list, and the member is not
  // told of a class they have given up (decision 70: of the two, the gym copy's revision decides).
  const release = (pass: (MastrPassDoc & { _rev: string }) | null): MastrPassDoc | null =>
    pass?.type === 'mastr-pass' && pass.dateAndTimeStart === classDateAndTime && !pass.cancelled
      ? { ...pass, dateAndTimeStart: null, cancelledClass: notice }
      : null;
  const gymCopy = await updatePass<MastrPassDoc>(deps.couch, 'gym', gymId, passDocId('mastr-pass', passId), release);
  if (gymCopy?.type !== 'mastr-pass') return;
  await updatePass<MastrPassDoc>(deps.couch, 'member', gymCopy.memberId, gymCopy._id, release);
  // The gym's cancellation, told in the app and by mail (decision 71) by every call that finds this
  // pass put back for this class (keyed by pass and class: told once however many calls finish it).
  if (notice && !gymCopy.cancelled && gymCopy.cancelledClass?.classDateAndTime === classDateAndTime)
    await tellMastrClassCancelled(
      deps,
      gymCopy,
      {
        start: classDateAndTime,
        at: gymCopy.cancelledClass.cancelledAt,
      },
      tell,
    );
}

// ---- member -------------------------------------------------------------------------------------

async function unassignedPassOf(couch: Couch, memberId: string, passId: string) {
  const pass = await getPass<MastrPassDoc>(couch, 'member', memberId, passDocId('mastr-pass', passId));
  return pass?.type === 'mastr-pass' &&
    pass.memberId === memberId &&
    pass.dateAndTimeStart === null &&
    !pass.expired &&
    !pass.cancelled
    ? pass
    : null;
}

export type ClassOptionsOutcome = { outcome: 'options'; options: MastrClassOption[] } | Refused;

/** The classes the member's unassigned pass can choose among: its gym's next two. */
export async function mastrClassOptions(deps: Deps, memberId: string, passId: string): Promise<ClassOptionsOutcome> {
  const pass = await unassignedPassOf(deps.couch, memberId, passId);
  if (!pass) return refused(MASTR_CLASS_REFUSALS.unknownPass);
  const gym = await gymOf(deps.couch, pass.gymId);
  if (!gym) return { outcome: 'options', options: [] };
  return { outcome: 'options', options: await currentMastrClasses(deps.couch, pass.gymId, gym, deps.now()) };
}

export type AssignOutcome = { outcome: 'assigned'; answer: MastrAssignResponse } | Refused;

/**
 * Books the member's unassigned pass into one of its gym's next two classes. Order matters
 * (design/decisions.md 36): (1) the member's copy is claimed, guarded by its revision, so one
 * pass goes into one class; (2) the gym's copy follows; (3) the pass joins the occurrence's
 * `assignedPasses`, guarded by the occurrence's revision and refused once it is cancelled; if
 * refused, both copies are put back. A cancellation that wins (3) finds the pass in (1)/(2)'s copies.
 */
export async function assignMastrClass(
  deps: Deps,
  memberId: string,
  passId: string,
  classId: string,
  classDate: string,
): Promise<AssignOutcome> {
  const pass = await unassignedPassOf(deps.couch, memberId, passId);
  if (!pass) return refused(MASTR_CLASS_REFUSALS.unknownPass);
  const gym = await gymOf(deps.couch, pass.gymId);
  if (!gym) return refused(MASTR_CLASS_REFUSALS.unknownClass);
  const now = deps.now();
  const target = (await currentMastrClasses(deps.couch, pass.gymId, gym, now)).find((c) => c._id === classId);
  const namedDay = classDate.replace(/Z$/, '').slice(0, 10);
  if (!target || target.classDateAndTime.slice(0, 10) !== namedDay) return refused(MASTR_CLASS_REFUSALS.unknownClass);
  if (target.cancelled) return refused(MASTR_CLASS_REFUSALS.classCancelled);
  if (target.classDateAndTime <= ukWallClock(now)) return refused(MASTR_CLASS_REFUSALS.classStarted);

  const start = target.classDateAndTime;
  let claimedIt = false;
  const book = (copy: (MastrPassDoc & { _rev: string }) | null): MastrPassDoc | null => {
    claimedIt = copy?.type === 'mastr-pass' && copy.dateAndTimeStart === null && !copy.cancelled;
    return claimedIt ? { ...copy!, dateAndTimeStart: start, cancelledClass: null } : null;
  };
  // (1) the member's copy: the claim (of two requests for the same pass, one wins the revision).
  await updatePass<MastrPassDoc>(deps.couch, 'member', memberId, pass._id, book);
  if (!claimedIt) return refused(MASTR_CLASS_REFUSALS.passBooked);
  // (2) the gym's copy: the member's cancellation of this pass may have won it meanwhile (decision
  // 70); that cancellation's finish then puts the member's copy in step, and the pass books nothing.
  const gymCopy = await updatePass<MastrPassDoc>(deps.couch, 'gym', pass.gymId, pass._id, book);
  if (gymCopy?.cancelled) return refused(MASTR_CLASS_REFUSALS.passCancelled);
  // (3) the occurrence.
  if (!(await joinOccurrence(deps, pass.gymId, target, passId))) {
    await releasePass(deps, pass.gymId, passId, start, null);
    return refused(MASTR_CLASS_REFUSALS.classCancelled);
  }
  // A new default saved meanwhile may have moved this class away (decision 108): the default is read
  // again after joining, so either this re-read or the move's own look for booked classes finds it.
  if (!(await stillScheduled(deps, pass.gymId, start))) {
    await releasePass(deps, pass.gymId, passId, start, null);
    return refused(MASTR_CLASS_REFUSALS.unknownClass);
  }
  // Booked: the member's confirmation with the class in their calendar (once per pass and class).
  if (gymCopy?.type === 'mastr-pass') await tellMastrClassBooked(deps, gymCopy, start);
  return { outcome: 'assigned', answer: await memberMastrLists(deps, memberId) };
}

async function stillScheduled(deps: Deps, gymId: string, start: string): Promise<boolean> {
  const gym = await gymOf(deps.couch, gymId);
  return !!gym && mastrClassAvailability(gymId, gym, deps.now()).some((c) => c.classDateAndTime === start);
}

/** Adds the pass to the occurrence unless it is cancelled; false when it is. */
async function joinOccurrence(deps: Deps, gymId: string, target: MastrClassOption, passId: string): Promise<boolean> {
  let joined = false;
  await updateMastrClass(deps.couch, gymId, target.classDateAndTime, (doc) => {
    joined = false;
    if ((doc && doc.type !== 'mastr-class') || doc?.cancelled) return null;
    joined = true;
    if (!doc) return newOccurrence(gymId, target, { cancelled: false, cancelledAt: null }, [passId]);
    return doc.assignedPasses.includes(passId) ? null : { ...doc, assignedPasses: [...doc.assignedPasses, passId] };
  });
  return joined;
}

/**
 * A pass bought for a class (checkout) joins its occurrence like an assign's step (3); if the gym
 * cancelled the class between the checkout and the payment, the pass goes back to unassigned with
 * the notice, so the member can choose another class. Answers whether it joined.
 */
export async function enrolPaidMastrPass(
  deps: Deps,
  pass: Pick<MastrPassDoc, 'gymId' | 'passId' | 'dateAndTimeStart'>,
): Promise<boolean> {
  const start = pass.dateAndTimeStart;
  if (!start) return false;
  const target: MastrClassOption = {
    _id: mastrClassId(pass.gymId, start),
    week: 'Next Class',
    classDateAndTime: start,
    cancelled: false,
  };
  if (await joinOccurrence(deps, pass.gymId, target, pass.passId)) return true;
  const notice = { classDateAndTime: start, cancelledAt: deps.now().toISOString() };
  // The receipt tells of the class gone; a mail with a CANCEL would withdraw an entry the member never had.
  await releasePass(deps, pass.gymId, pass.passId, start, notice, { mail: false });
  return false;
}

async function memberMastrLists(deps: Deps, memberId: string): Promise<MastrAssignResponse> {
  const docs = await passesIn<MastrPassDoc>(deps.couch, 'member', memberId, 'mastr-pass');
  const passes = docs.flatMap((d) => {
    const facts = passFacts(d);
    return facts?.type === 'mastr-pass' ? [facts] : [];
  });
  return {
    upcomingMastrPasses: upcomingMastrPassList(passes, deps.now()).map(mastrPassView),
    unassignedMastrPasses: unassignedMastrPassList(passes).map(mastrPassView),
  };
}
