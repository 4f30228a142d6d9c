/**
 * Shapes of the CouchDB documents both sides share (design/data-model.md explains where each
 * lives and who may write it). Document ids are built and parsed in doc-ids.ts; ids are 24
 * lowercase hex characters. Dates and times of day-passes, classes and sessions are UK wall-clock
 * ISO strings without offset (see dates.ts); times of day inside a week are seconds from midnight.
 */
import type { DayPassType } from './constants.ts';
import type { CountedCheckIn } from './check-in.ts';
import type { ClassFields } from './class-fields.ts';

// ---- mastr_accounts (server only): account-documents.ts ------------------------------------------
export type { AccountDoc, CalendarFeedDoc, ClaimDoc, EntryCodeClaimDoc } from './account-documents.ts';

// ---- mastr_profiles (server writes; public API projects public fields) -------------------------

export interface Address {
  addressLineOne: string;
  addressLineTwo: string;
  addressTownOrCity: string;
  addressPostalCode: string;
}

export interface GymProfileDoc {
  _id: string; // profileDocId('gym', id)
  _rev?: string;
  type: 'gym';
  gymName: string;
  address: Address;
  status: boolean;
  subscribed: boolean;
  mastrPlan: string | null;
  bio: string;
  adultDayPassPrice: number; // pence
  kidsDayPassPrice: number; // pence
  profileImage: string;
  coverImage: string;
  stripeAccountDetailsSubmittedStatus: boolean;
  mastrClassActive: boolean;
  /** The weekly Mastr class slot: gym weekday 1-7 and seconds from midnight. */
  mastrClassDefault: { weekday: number; time: number; cancelled: boolean; nextClassDate?: string } | null;
  createdAt: string;
}

export interface CoachProfileDoc {
  _id: string; // profileDocId('coach', id)
  _rev?: string;
  type: 'coach';
  firstName: string;
  lastName: string;
  discipline: string;
  sessionPreferenceType: string;
  status: boolean;
  profileImage: string;
  price: number; // pence per hour
  instagramUsername: string;
  tiktokUsername: string;
  youtubeUsername: string;
  stripeAccountDetailsSubmittedStatus: boolean;
  createdAt: string;
}

export interface UserProfileDoc {
  _id: string; // profileDocId('user', id)
  _rev?: string;
  type: 'user';
  name: string;
  profileImage: string;
  coachProfileId: string | null;
  createdAt: string;
}

/** Coach-gym relation, one doc per pair so request/accept/terminate never race on a shared list. */
export interface MembershipDoc {
  _id: string; // membershipDocId(gymId, coachId)
  _rev?: string;
  type: 'membership';
  gymId: string;
  coachId: string;
  state: 'pending' | 'registered';
  updatedAt: string;
}

// ---- tenant databases (replicated to devices) ---------------------------------------------------

/**
 * mastr_gym_<id>, mastr_coach_<id> (and mastr_member_<id> for private sessions and the gym's
 * cancellations of a member's passes): an event of the coach–gym relation, of a private session or
 * of a pass for the other side's Notifications page (rules/memberships.ts `notificationText`),
 * written by the server only.
 */
export interface NotificationDoc {
  _id: string; // notificationDocId(random id), or passNotificationDocId(event, pass, …) for a pass event
  _rev?: string;
  type: 'notification';
  event: MembershipEvent | SessionEvent | PassEvent;
  gymId: string;
  /** '' for a pass event (no coach is involved). */
  coachId: string;
  /** The other side's name as it was then: the coach's full name for a gym, the gym's name for a coach. */
  otherName: string;
  /** When it happened (ISO instant). */
  at: string;
  /** A private-session event's session start (UK wall clock) and member; absent for coach–gym events. */
  sessionStart?: string;
  memberId?: string;
  /** A pass event's pass, and what was refunded of it in pence (0: nothing was paid or is due). */
  passId?: string;
  refundedPence?: number;
}

/**
 * A gym's cancellation told to the member holding the pass (decision 71): a day pass the gym
 * cancelled, or the Mastr class a pass was booked into (the pass goes back to unassigned).
 */
export type PassEvent = 'day-pass-cancelled-by-gym' | 'mastr-class-cancelled-by-gym';

/** What happened, named from the side that did it. */
export type MembershipEvent =
  'coach-requested' | 'coach-cancelled' | 'coach-left' | 'gym-accepted' | 'gym-rejected' | 'gym-terminated';

/**
 * Private-session events (rules/session-events.ts), told to the other party's database: a member's
 * database too (decision 40).
 */
export type SessionEvent =
  | 'session-requested'
  | 'session-accepted'
  | 'session-rejected'
  | 'coach-applied'
  | 'session-booked'
  | 'session-cancelled-by-coach'
  | 'session-cancelled-by-member'
  | 'session-cancelled-by-gym';

/** A class on a gym's timetable: its id and its fields (declared once in class-fields.ts). */
export interface ClassItem extends ClassFields {
  _id: string;
}

/** mastr_gym_<id>: scheduleDocId(null) and scheduleDocId(its Monday). A week with no doc of its own follows the default. */
export interface ScheduleWeekDoc {
  _id: string;
  _rev?: string;
  type: 'schedule-week';
  gymId: string;
  weekStart: string | null; // null for the default week
  days: { _id: string; weekday: number; abbreviation: string; classes: ClassItem[] }[];
  updatedAt: string;
}

/**
 * An hour the coach offers. Whether a client holds it lives only in the hour's slot claim
 * (`claimedSlot`, rules/coach-slots.ts; decision 120): documents written before that may still carry
 * `booked`/`requested` flags, which nothing reads and the next write of the week drops.
 */
export interface TimeSlot {
  _id: string;
  time: number;
}

/** mastr_coach_<id>: availabilityDocId(null) and availabilityDocId(its Sunday). */
export interface AvailabilityWeekDoc {
  _id: string;
  _rev?: string;
  type: 'availability-week';
  coachId: string;
  weekStart: string | null;
  days: { _id: string; weekday: number; abbreviation: string; times: TimeSlot[] }[];
  updatedAt: string;
}

/** In mastr_gym_<gymId> and mastr_member_<memberId>: passDocId('day-pass', id). */
export interface DayPassDoc {
  _id: string;
  _rev?: string;
  type: 'day-pass';
  passId: string;
  passType: DayPassType;
  dayDateStart: string; // 'YYYY-MM-DDT00:00:00'
  clientName: string;
  memberId: string;
  gymId: string;
  gymName: string;
  idCode: string; // entry code, stored lower-case, shown upper-case
  /** Server-signed entry token the member's QR code carries (design/sync.md "Entry codes"). */
  entryToken: string;
  clientEmail: string;
  expired: boolean;
  cancelled: boolean;
  /**
   * Written with `cancelled` in the gym's copy, under its revision, by the one cancellation that won
   * (design/payments.md "Refunds"), then copied to the member's: who cancelled, when, and whether a
   * full refund is due. Absent on passes cancelled before they were recorded.
   */
  cancelledAt?: string;
  cancelledBy?: 'member' | 'gym';
  refundOnCancel?: boolean;
  pricePence: number;
  /** Counted check-ins only, kept by the server (the authority on arrival); instants. */
  checkIns: { all_check_ins: string[]; latest_check_in: string | null };
  /**
   * Server bookkeeping: the check-in records that counted, so a re-delivered record is never
   * counted twice. Absent until the first check-in counts.
   */
  countedCheckIns?: CountedCheckIn[];
  createdAt: string;
}

/** In mastr_gym_<gymId> and mastr_member_<memberId>: passDocId('mastr-pass', id). Unassigned while dateAndTimeStart is null. */
export interface MastrPassDoc {
  _id: string;
  _rev?: string;
  type: 'mastr-pass';
  passId: string;
  clientName: string;
  memberId: string;
  gymId: string;
  gymName: string;
  dateAndTimeStart: string | null;
  idCode: string;
  entryToken: string;
  clientEmail: string;
  expired: boolean;
  pricePence: number;
  checkedIn: { checkedInState: boolean; check_in_time: string | null };
  /** As on DayPassDoc. */
  countedCheckIns?: CountedCheckIn[];
  /**
   * Set when the gym cancelled the class this pass was booked into and the pass went back to
   * unassigned: the member is told which class it was (design/decisions.md 36). Cleared when the
   * pass is booked into a class again.
   */
  cancelledClass?: { classDateAndTime: string; cancelledAt: string } | null;
  /**
   * The member's own cancellation (decision 70), as on DayPassDoc: written with `cancelled` in the
   * gym's copy under its revision by the one call that won, then copied to the member's. Absent on
   * a pass never cancelled (a gym's class cancellation unassigns a pass, never cancels it).
   */
  cancelled?: boolean;
  cancelledAt?: string;
  cancelledBy?: 'member';
  refundOnCancel?: boolean;
  createdAt: string;
}

/**
 * In mastr_gym_<gymId>: mastrClassDocId(classDateAndTime), one occurrence of the gym's Mastr class
 * once anything happened to it (a pass booked into it, a cancellation). The authority on which
 * passes a class holds and whether it is cancelled: every assign and every cancellation is a
 * revision-guarded write of this document (design/decisions.md 36).
 */
export interface MastrClassDoc {
  _id: string;
  _rev?: string;
  type: 'mastr-class';
  /** The occurrence id every view names (`mastrClassId(gymId, classDateAndTime)`). */
  classId: string;
  gymId: string;
  /** UK wall clock, 'YYYY-MM-DDTHH:mm:ss'. */
  classDateAndTime: string;
  cancelled: boolean;
  cancelledAt: string | null;
  /** Pass ids booked into the class, in booking order. */
  assignedPasses: string[];
}

/**
 * In mastr_gym_<gymId>: checkInId(passId, random). Written by a front-desk device (online or
 * offline) and stored exactly as sent: a fact, never changed again. The server's decision is kept
 * apart from it: a counted record in its pass's `countedCheckIns`, any other decision as a
 * document of its own (`CheckInOutcomeDoc`; rules/check-in-decisions.ts). Every record is kept for audit.
 */
export interface CheckInDoc {
  _id: string;
  _rev?: string;
  type: 'check-in';
  passId: string;
  passKind: 'day-pass' | 'mastr-pass';
  gymId: string;
  /** ISO instant on the device when staff checked the member in. */
  checkedInAt: string;
  method: 'tap' | 'code' | 'qr' | 'online';
  deviceId: string;
}

/**
 * Every field of a check-in record as a device sends it, in sending order: all of CheckInDoc but
 * `_rev` (documents.test.ts holds the two to each other).
 */
export const CHECK_IN_FIELDS = [
  '_id',
  'type',
  'passId',
  'passKind',
  'gymId',
  'checkedInAt',
  'method',
  'deviceId',
] as const satisfies readonly (keyof CheckInDoc)[];

/**
 * In mastr_gym_<gymId>: checkInOutcomeId(checkInId), written only by the server once it has
 * decided a check-in did not count (duplicate or refused; a counted one is told by its pass's
 * `countedCheckIns` since decision 197, though `counted` documents written before stay valid). A
 * separate document, so a device never holds a copy of it that a pull could collide with
 * (design/sync.md "Writes and who decides"); read through rules/check-in-decisions.ts.
 */
export interface CheckInOutcomeDoc {
  _id: string;
  _rev?: string;
  type: 'check-in-outcome';
  checkInId: string;
  passId: string;
  gymId: string;
  /** refused: the pass is unknown, cancelled, expired or not for that day (reason says which). */
  outcome: 'counted' | 'duplicate' | 'refused';
  duplicateOf?: string;
  reason?: string;
  /**
   * The record's `checkedInAt`: gym devices do not pull check-in records (decision 198), so a
   * refusal's note is ordered by it. Absent on outcome documents written before.
   */
  checkedInAt?: string;
  resolvedAt: string;
}

/** In every mastr_gym_<id>: SIGNING_KEYS_DOC_ID, the public keys that verify entry tokens offline. */
export interface SigningKeysDoc {
  _id: 'pass-signing-keys';
  _rev?: string;
  type: 'signing-keys';
  keys: { kid: string; alg: 'Ed25519'; publicKey: string /* base64url raw 32 bytes */ }[];
}

/**
 * In mastr_coach_<coachId> and mastr_member_<memberId>: coachRequestId(requestId), a member's
 * request for one of the coach's slots (§3 "Private session request (coach)"). Written by the
 * server only, after it claimed the slot (SlotClaimDoc) and marked it requested.
 */
export interface CoachRequestDoc {
  _id: string;
  _rev?: string;
  type: 'coach-request';
  requestId: string;
  startTime: string; // UK wall clock, one hour long
  endTime: string;
  clientName: string;
  userProfile_id: string;
  coachId: string;
  coachFullName: string;
  coachPrice: number; // pence per hour, from the coach's profile when requested
  gymId: string;
  gymName: string;
  experienceLevel: string;
  accepted: boolean;
  /** When the coach accepted (ISO instant); the member then has `PAYMENT_WINDOW_MS` to pay (rules/pt-bookings.ts). */
  acceptedAt?: string;
  /** Where the slot lives: the availability week (its Sunday), the day's and the slot's ids. */
  weekStart: string;
  bookingDayId: string;
  bookingTimeObject_id: string;
  /** The claim holding the slot; whoever ends the request (reject, cancel) deletes it. */
  slotClaimId: string;
  createdAt: string;
}

/**
 * In mastr_coach_<coachId>: slotClaimId(weekStart, weekday, time). Its deterministic id makes
 * CouchDB itself pick exactly one request per slot across server instances (the others get 409).
 */
export interface SlotClaimDoc {
  _id: string;
  _rev?: string;
  type: 'slot-claim';
  requestId: string;
  weekStart: string;
  weekday: number;
  time: number;
  createdAt: string;
  /**
   * Set once a paid checkout booked the slot: the booking and the checkout session that won it. A
   * second payment for the same slot finds another session here and is refunded (rules/pt-bookings.ts).
   */
  booking?: { bookingId: string; checkoutSessionId: string };
}

/** A coach's application to a gym PT request (§3 appliedCoaches entry). */
interface AppliedCoach {
  _id: string;
  coach_id: string;
  coachName: string;
  coachProfileImage: string;
  coachDiscipline: string;
  coachPrice: number;
}

/**
 * In mastr_gym_<gymId> and mastr_member_<memberId>: gymRequestId(requestId), a member's PT request
 * to a gym (§3 "Private session request (gym)"), open to the gym's coaches (the auction).
 */
export interface GymRequestDoc {
  _id: string;
  _rev?: string;
  type: 'gym-request';
  requestId: string;
  startTime: string; // UK wall clock, one hour long
  endTime: string;
  gymId: string;
  gymName: string;
  requestedDiscipline: string;
  sessionPrice: number; // pence
  experienceLevel: string;
  accepted: boolean;
  appliedCoaches: AppliedCoach[];
  userProfile_id: string;
  clientName: string;
  createdAt: string;
}

/**
 * In mastr_coach_<coachId>, mastr_member_<memberId> and mastr_gym_<gymId>: bookingDocId(bookingId),
 * a paid private session (§3 "Booking/session"), written only by the signed webhook. The booking id
 * is the request's id, so one request books at most once. `completed` is not stored: a session is
 * completed once it has ended (rules/pt-bookings.ts `isSessionCompleted`, on the UK wall clock).
 */
export interface BookingDoc {
  _id: string;
  _rev?: string;
  type: 'booking';
  bookingId: string;
  /** Which request it came from (its id is the booking id). */
  source: 'coach-request' | 'gym-request';
  startTime: string; // UK wall clock, one hour long
  endTime: string;
  clientName: string;
  userProfile_id: string;
  coachId: string;
  coachFullName: string;
  gymId: string;
  gymName: string;
  discipline: string;
  experienceLevel: string;
  /** What the member paid, in pence, and the payment's id (`payment:{paymentId}`, server-only). */
  pricePence: number;
  paymentId: string;
  /**
   * The coach's part of `pricePence` (the price less Mastr's fee and the gym's space share, as split
   * when the payment landed): the coach's earnings, which a device cannot work out itself (the fee
   * settings are the server's).
   */
  coachReceivesPence?: number;
  /** The coach's slot claim holding the hour (slotClaimId), released when the booking is cancelled. */
  slotClaimId: string;
  cancelled: boolean;
  cancelledAt: string | null;
  /** 'gym': the gym deleted its account (decision 31). */
  cancelledBy: 'coach' | 'member' | 'gym' | null;
  /** Whether the cancellation refunds the member (decided once, when cancelled: design/payments.md "Refunds"). */
  refundOnCancel?: boolean;
  createdAt: string;
}
