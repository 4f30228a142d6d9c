import { MASTR_CLASS_STARTED } from './texts.ts';
import { ukDateKey, ukWallClock } from './dates.ts';

/**
 * Cancellation and refunds of day passes (§1 legal, §9 "Refund cutoff 23:00 on session day"),
 * reckoned on the UK wall clock whatever the server's zone. design/payments.md "Refunds".
 */

/** Sales are final from this UK wall-clock time on the day of the session. */
const REFUND_CUTOFF_TIME = '23:00:00';

export const SALES_FINAL_MESSAGE = 'Sales are final after 23:00 on the day of the session.';

/**
 * What a member's cancellation of their own pass does:
 * - `full-refund`: up to the end of the day before the pass day;
 * - `no-refund`: on the pass day before 23:00 (§1: a same-day cancellation may incur a late fee at
 *   the provider's discretion, so no money goes back automatically);
 * - `refused`: from 23:00 on the pass day, and any time after it.
 */
export type MemberCancellation =
  { outcome: 'full-refund' } | { outcome: 'no-refund' } | { outcome: 'refused'; message: string };

/** `passDay` is the pass's UK day 'YYYY-MM-DD' (the first 10 characters of its `dayDateStart`). */
export function memberCancellation(passDay: string, now: Date): MemberCancellation {
  const today = ukDateKey(now);
  if (today < passDay) return { outcome: 'full-refund' };
  if (today === passDay && ukWallClock(now).slice(11) < REFUND_CUTOFF_TIME) return { outcome: 'no-refund' };
  return { outcome: 'refused', message: SALES_FINAL_MESSAGE };
}

/**
 * What a member's cancellation of their own Mastr class pass does (decision 70): the same §1 rule
 * as a day pass, reckoned on the day of the class it is booked into, and refused once that class
 * has started. A pass not booked into a class yet (or put back by the gym's cancellation of its
 * class) has no session day to be late for: refunded in full. `classStart` is the UK wall clock
 * 'YYYY-MM-DDTHH:mm:ss', or null while unassigned.
 */
export function mastrPassCancellation(classStart: string | null, now: Date): MemberCancellation {
  if (classStart === null) return { outcome: 'full-refund' };
  if (classStart <= ukWallClock(now)) return { outcome: 'refused', message: MASTR_CLASS_STARTED };
  return memberCancellation(classStart.slice(0, 10), now);
}

/**
 * What a gym's cancellation of a member's upcoming day pass refunds (design/decisions.md 42): the
 * gym cancels, so the member gets back everything paid, whatever the day — the price of the pass
 * (the platform fee and the gym's transfer are reversed with it). A pass sold without payment
 * (demo data) refunds nothing; the server reports what Stripe actually refunded.
 */
export function gymCancellationRefundPence(pricePence: number): number {
  return Number.isFinite(pricePence) && pricePence > 0 ? pricePence : 0;
}
