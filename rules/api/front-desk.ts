/**
 * The front desk's online calls (§3 "Day pass", "{product} class pass", §7 "Gym management and
 * passes"). A check-in answers 200 with 'Checked In.' when it counts, else 400 with the reason; the
 * body has the same shape either way, with the gym's refreshed list of that kind of pass.
 */
import type { DayPassType } from '../constants.ts';
import type { DayPassCancellation } from './booking.ts';

/** A day pass as the gym's online calls list it (today and later, soonest first, cancelled ones left out). */
export interface DayPassView {
  _id: string;
  passType: DayPassType;
  /** 'YYYY-MM-DDT00:00:00' (UK). */
  dayDateStart: string;
  clientName: string;
  /** Entry code, lower-case; shown upper-case. */
  idCode: string;
  gymName: string;
  expired: boolean;
  checkIns: { all_check_ins: string[]; latest_check_in: string | null };
}

/** A Mastr class pass as the gym's online calls list it (a class today or later, soonest first). */
export interface MastrPassView {
  _id: string;
  clientName: string;
  /** UK wall clock; null while the member has not chosen a class. */
  dateAndTimeStart: string | null;
  idCode: string;
  gymName: string;
  expired: boolean;
  checkedIn: { checkedInState: boolean; check_in_time: string | null };
  /** The class the gym cancelled while this pass was booked into it (it is unassigned again), or null. */
  cancelledClass: string | null;
}

/** POST /api/booking/daypass/gym/check_in/{id} (200 and 400 alike). */
export interface DayPassCheckInResponse {
  message: string;
  upcomingDayPassesInformation: DayPassView[];
}

/** POST /api/booking/mastrdaypass/gym/check_in/{id} (200 and 400 alike). */
export interface MastrPassCheckInResponse {
  message: string;
  mastrPasses: MastrPassView[];
}

/**
 * POST /api/booking/gym/cancel_day_pass/{id}: 'Day Pass Cancelled.' with the full refund (200). A
 * refusal is 400 with the reason and without `refundedPence`; either way the refreshed list.
 */
export interface GymCancelDayPassResponse {
  message: string;
  refundedPence: number;
  upcomingDayPassesInformation: DayPassView[];
}

/** The 400 body of a refused gym cancellation; `pass` (its final state) only when it was cancelled already. */
export type GymCancelDayPassRefusal = Omit<GymCancelDayPassResponse, 'refundedPence'> & {
  pass?: DayPassCancellation;
};
