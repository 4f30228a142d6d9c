/**
 * The coach's PT Requests page (§2 "Private Session Requests", §8 "Coach session actions"): which
 * slot requests it lists, in which group, how a row reads and the texts of the answers. Pure: the
 * hook reads the device's `coach-request` documents and the server's status and passes them here.
 */
import { ACCEPT_SESSION_FAILED, NO_PRIVATE_SESSION_REQUESTS } from '@mastr/rules/texts.ts';
import type { RejectSessionRequest } from '@mastr/rules/api/sessions.ts';
import type { CoachRequestDoc } from '@mastr/rules/documents.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import { byStartAscending } from '@mastr/rules/pass-listing.ts';
import { hasSessionStarted, isAcceptanceLapsed } from '@mastr/rules/pt-bookings.ts';

export const SESSION_REQUEST_TEXTS = {
  title: 'Private Session Requests',
  accepted: 'Accepted Sessions',
  requested: 'Requested Sessions',
  none: NO_PRIVATE_SESSION_REQUESTS,
  loading: 'Loading Private Session Requests...',
  acceptTitle: 'Accept Session',
  acceptLabel: 'Confirm',
  rejectTitle: 'Confirm Cancellation',
  rejectLabel: 'Reject',
  acceptedDone: 'Session Accepted',
  rejectedDone: 'Session Rejected',
  /** Offline: the list is this device's copy; answering needs the server. */
  offline: 'You are offline. Accepting or rejecting needs a connection to the server; nothing was changed.',
} as const;

export const rejectQuestion = (client: string) => `Are you sure you want to reject the PT Request for ${client}?`;
export const acceptQuestion = (client: string) => `Accept the PT Session with ${client}?`;

export type RequestAnswer = 'accept' | 'reject';

/** What this device already knows from the server's answers, before replication brings the documents. */
export interface AnsweredRequests {
  /** Accepted here: shown as accepted at once. */
  accepted: ReadonlySet<string>;
  /** Rejected here: gone from the list at once (the member's copy and the slot are freed by the server). */
  rejected: ReadonlySet<string>;
}

export const NO_ANSWERS: AnsweredRequests = { accepted: new Set(), rejected: new Set() };

export interface RequestRow {
  requestId: string;
  clientName: string;
  experienceLevel: string;
  /** 'Monday 7th December'. */
  day: string;
  /** '18:00 - 19:00'. */
  time: string;
  accepted: boolean;
  /** What §7's reject sends (the server trusts only the request id). */
  rejectBody: RejectSessionRequest;
}

export interface RequestGroups {
  accepted: RequestRow[];
  requested: RequestRow[];
}

function rowOf(doc: CoachRequestDoc, accepted: boolean): RequestRow {
  return {
    requestId: doc.requestId,
    clientName: doc.clientName,
    experienceLevel: doc.experienceLevel,
    day: formatWallClock(doc.startTime, DATE_FORMATS.dayMonth),
    time: `${formatWallClock(doc.startTime, DATE_FORMATS.time)} - ${formatWallClock(doc.endTime, DATE_FORMATS.time)}`,
    accepted,
    rejectBody: {
      user_profile_id: doc.userProfile_id,
      booking_day_id: doc.bookingDayId,
      request_date: doc.startTime,
      bookingTimeObject_id: doc.bookingTimeObject_id,
    },
  };
}

/**
 * The two groups, soonest first. Requests whose session has started can no longer be answered and
 * acceptances the member let lapse are released by the server: neither is listed.
 */
export function requestGroups(docs: readonly CoachRequestDoc[], answered: AnsweredRequests, now: Date): RequestGroups {
  const live = docs
    .filter((doc) => !answered.rejected.has(doc.requestId))
    .map((doc) => ({ doc, accepted: doc.accepted || answered.accepted.has(doc.requestId) }))
    .filter(({ doc, accepted }) => !hasSessionStarted(doc, now) && !isAcceptanceLapsed({ ...doc, accepted }, now))
    .sort(byStartAscending(({ doc }) => doc.startTime));
  const rows = live.map(({ doc, accepted }) => rowOf(doc, accepted));
  return { accepted: rows.filter((row) => row.accepted), requested: rows.filter((row) => !row.accepted) };
}

/**
 * §8: 400 'Missing ID's' (or the server's reason, e.g. the session has started), 401 'Unauthorized',
 * otherwise the call's failure; a call that never reached the server says the action needs one.
 */
export function answerErrorText(answer: RequestAnswer, status: number, serverMessage = ''): string {
  if (status === 0) return SESSION_REQUEST_TEXTS.offline;
  if (status === 400) return serverMessage || "Missing ID's";
  if (status === 401) return 'Unauthorized';
  return answer === 'accept' ? ACCEPT_SESSION_FAILED : 'Reject Session Failed';
}
