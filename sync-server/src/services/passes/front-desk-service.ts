import { checkInId, isId, type PassDoc } from '@mastr/rules/doc-ids.ts';
import { REFUSALS } from '@mastr/rules/refusals.ts';
import type { Deps } from '../../deps.ts';
import { newId } from '../../couch/ids.ts';
import { gymPass } from '../../couch/stores/passes-store.ts';
import type { DayPassCancellation } from '@mastr/rules/api/booking.ts';
import type { DecidedCheckIn, NewCheckIn } from './check-in-service.ts';
import { upcomingDayPasses, upcomingMastrPasses } from './pass-views.ts';
import { CANCEL_REFUSALS, cancelDayPassAs, gymCancelRule } from './day-pass-cancellation.ts';

type PassKind = PassDoc['type'];
type DayPassList = Awaited<ReturnType<typeof upcomingDayPasses>>;
type PassList = DayPassList | Awaited<ReturnType<typeof upcomingMastrPasses>>;

/** What an online check-in answers: the decision and the gym's refreshed list for that kind of pass. */
type OnlineCheckInResult =
  { outcome: 'counted'; passes: PassList } | { outcome: 'refused'; reason: string; passes: PassList };

/** "Missing ID's": §8's answer to a pass id the gym does not hold. */
const UNKNOWN_PASS = "Missing ID's";

/**
 * A check-in made through the online calls (§7 "Gym management and passes"): a record like any
 * tablet's, built here and handed to `record`, the check-in entry of the device-write registry
 * (sync/device-writes.ts `writeOnline`, decision 184): the same rules as a tablet's record (with
 * method 'online', which only this path may set) and the same authority deciding it, so the
 * 60-minute rule holds whichever way a member is checked in.
 */
export async function checkInOnline(
  deps: Deps,
  gymId: string,
  kind: PassKind,
  passId: string,
  record: (checkIn: NewCheckIn) => Promise<DecidedCheckIn>,
): Promise<OnlineCheckInResult> {
  const refreshed = (): Promise<PassList> =>
    kind === 'day-pass'
      ? upcomingDayPasses(deps.couch, gymId, deps.now())
      : upcomingMastrPasses(deps.couch, gymId, deps.now());
  const pass = isId(passId) ? await gymPass(deps.couch, gymId, kind, passId) : null;
  if (!pass) return { outcome: 'refused', reason: UNKNOWN_PASS, passes: await refreshed() };
  const { outcome } = await record({
    _id: checkInId(passId, newId()),
    type: 'check-in',
    passId,
    passKind: kind,
    gymId,
    checkedInAt: deps.now().toISOString(),
    method: 'online',
    deviceId: 'server',
  });
  const passes = await refreshed();
  return outcome.outcome === 'counted'
    ? { outcome: 'counted', passes }
    : // Every decision other than 'counted' carries its reason (rules/check-in.ts, check-in-service.ts).
      { outcome: 'refused', reason: outcome.reason ?? REFUSALS.unknown, passes };
}

type GymCancelResult =
  | { outcome: 'cancelled'; refundedPence: number; passes: DayPassList }
  | { outcome: 'refused'; reason: string; pass?: DayPassCancellation; passes: DayPassList };

/**
 * A gym cancels one of its upcoming day passes: refunded in full (design/payments.md "Refunds"; a
 * pass sold without payment, demo data, is just cancelled) and the member mailed once
 * (decisions.md 42), through the one cancellation a member's call may race (day-pass-cancellation.ts).
 */
export async function cancelDayPassForGym(deps: Deps, gymId: string, passId: string): Promise<GymCancelResult> {
  const result = isId(passId)
    ? await cancelDayPassAs(deps, 'gym', gymId, passId, gymCancelRule)
    : ({ outcome: 'refused', message: CANCEL_REFUSALS.unknown } as const);
  const passes = await upcomingDayPasses(deps.couch, gymId, deps.now());
  switch (result.outcome) {
    case 'cancelled':
      return { outcome: 'cancelled', refundedPence: result.refundedPence, passes };
    case 'already-cancelled':
      return { outcome: 'refused', reason: result.message, pass: result.pass, passes };
    default:
      return { outcome: 'refused', reason: result.message, passes };
  }
}
