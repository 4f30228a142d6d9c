import type { SessionListFields } from '@mastr/rules/api/me.ts';
import type { SessionView } from '@mastr/rules/api/sessions.ts';
import { ME_HISTORY_CAP } from '@mastr/rules/constants.ts';
import type { BookingDoc } from '@mastr/rules/documents.ts';
import { isSessionCompleted, sessionLists } from '@mastr/rules/pt-bookings.ts';

/**
 * Paid private sessions in the §3 "Booking/session" shape GET /api/me answers, built field by field
 * (the payment id, slot claim and CouchDB fields stay on the server), sorted into §3's lists by the
 * shared rule (rules/pt-bookings.ts `sessionLists`; design/data-model.md "GET /api/me lists").
 */

function sessionView(booking: BookingDoc, now: Date): SessionView {
  return {
    _id: booking.bookingId,
    startTime: booking.startTime,
    endTime: booking.endTime,
    clientName: booking.clientName,
    gymName: booking.gymName,
    coachFullName: booking.coachFullName,
    discipline: booking.discipline,
    gymId: booking.gymId,
    coachId: booking.coachId,
    userProfile_id: booking.userProfile_id,
    experienceLevel: booking.experienceLevel,
    cancelled: booking.cancelled,
    completed: isSessionCompleted(booking, now),
  };
}

/** The six §3 session lists of a member's or coach's bookings (a gym answers four of them). */
export function sessionListFields(bookings: readonly BookingDoc[], now: Date): SessionListFields {
  const lists = sessionLists(
    bookings.filter((b) => b.type === 'booking'),
    now,
    ME_HISTORY_CAP,
  );
  const view = (b: BookingDoc) => sessionView(b, now);
  const upcoming = lists.upcoming.map(view);
  const todaysCompleted = lists.todaysCompleted.map(view);
  const archived = lists.archived.map(view);
  return {
    upcomingSessions: upcoming.map((s) => s._id),
    upcomingSessionsInformation: upcoming,
    completedSessions: [...todaysCompleted, ...archived].map((s) => s._id),
    todaysCompletedSessionsInformation: todaysCompleted,
    archivedBookingsInformation: archived,
    cancelledSessions: lists.cancelled.map(view),
  };
}
