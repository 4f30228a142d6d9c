import { checkInId, isId, passDocId, type PassDoc } from '@mastr/rules/doc-ids.ts';
import { REFUSALS } from '@mastr/rules/refusals.ts';
import type { Deps } from '../../deps.ts';
import { newId } from '../../couch/ids.ts';
import { getDoc, tenantDb } from '../../couch/tenant-docs.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import type { DayPassDoc } from '@mastr/rules/documents.ts';
import { gymCancelledPassMail } from '../mail/mail-templates.ts';
import { refundPassInFull } from '../payments/refund-service.ts';
import { recordCheckIn } from './check-in-service.ts';
import { upcomingDayPasses, upcomingMastrPasses } from './pass-views.ts';
import { CANCEL_REFUSALS, cancelDayPass } from './passes-service.ts';

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
 * tablet's, written and decided by the same authority (check-in-service.ts), so the 60-minute rule
 * holds whichever way a member is checked in.
 */
export async function checkInOnline(
  deps: Deps,
  gymId: string,
  kind: PassKind,
  passId: string,
): Promise<OnlineCheckInResult> {
  const refreshed = (): Promise<PassList> =>
    kind === 'day-pass'
      ? upcomingDayPasses(deps.couch, gymId, deps.now())
      : upcomingMastrPasses(deps.couch, gymId, deps.now());
  const pass = isId(passId) ? await getDoc(tenantDb<PassDoc>(deps.couch, 'gym', gymId), passDocId(kind, passId)) : null;
  if (!pass) return { outcome: 'refused', reason: UNKNOWN_PASS, passes: await refreshed() };
  const { outcome } = await recordCheckIn(deps, gymId, {
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
  | { outcome: 'refused'; reason: string; passes: DayPassList };

/**
 * A gym cancels one of its upcoming day passes. The gym's cancellation is refunded in full
 * (design/payments.md "Refunds"); a pass sold without payment (demo data) is just cancelled.
 */
export async function cancelDayPassForGym(deps: Deps, gymId: string, passId: string): Promise<GymCancelResult> {
  let refundedPence = 0;
  const result = isId(passId)
    ? await cancelDayPass(deps, gymId, passId, async (pass) => {
        refundedPence = await refundPassInFull(deps, pass.passId, 'gym-cancel');
      })
    : ({ outcome: 'refused', reason: CANCEL_REFUSALS.unknown } as const);
  if (result.outcome === 'cancelled') await tellMemberOfGymCancel(deps, result.pass, refundedPence);
  const passes = await upcomingDayPasses(deps.couch, gymId, deps.now());
  return result.outcome === 'refused'
    ? { outcome: 'refused', reason: result.reason, passes }
    : { outcome: 'cancelled', refundedPence, passes };
}

/**
 * The member hears of a gym's cancellation by email (design/decisions.md 42). The pass is cancelled
 * and refunded whatever happens to the mail: a failure is logged, never turned into a failed cancel.
 */
async function tellMemberOfGymCancel(deps: Deps, pass: DayPassDoc, refundedPence: number): Promise<void> {
  if (!pass.clientEmail) return;
  const mail = gymCancelledPassMail(
    pass.clientEmail,
    {
      gymName: pass.gymName,
      passType: pass.passType,
      date: formatWallClock(pass.dayDateStart, DATE_FORMATS.long),
      refundedPence,
    },
    `${deps.config.publicUrl}/userdashboard/daypasses`,
  );
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    deps.logger.warn({ err, passId: pass.passId }, 'could not mail the member of a gym-cancelled day pass');
  }
}
