/**
 * A paid private session as every Bookings page shows it (member, gym and coach; issue 25: one view
 * shape instead of three), from the `booking` copies on the device, and the three lists those pages
 * show. Completed is worked out on the UK wall clock by rules/pt-bookings.ts, as the server does, so
 * the lists are right offline too. The server's §3 `SessionView` is the /api/me wire shape, for
 * clients that do not hold the documents. Pure.
 */
import { DATE_FORMATS, formatWallClock, ukDateKey } from '@mastr/rules/dates.ts';
import type { BookingDoc } from '@mastr/rules/documents.ts';
import { sessionLists } from '@mastr/rules/pt-bookings.ts';

export interface BookingView {
  id: string;
  /** What the cancel call names. */
  bookingId: string;
  clientName: string;
  coachFullName: string;
  gymName: string;
  discipline: string;
  experienceLevel: string;
  /** The session's UK start, which the refund rule reckons from. */
  startTime: string;
  /** 'Monday 7th December 2026'. */
  date: string;
  /** '18:00' and '19:00'. */
  start: string;
  end: string;
  /** '18:00 – 19:00'. */
  time: string;
}

export interface BookingSections {
  todaysCompleted: BookingView[];
  /** Today's, not yet ended (one under way too), soonest first. */
  today: BookingView[];
  /** After today, soonest first. */
  upcoming: BookingView[];
}

function bookingView(doc: BookingDoc): BookingView {
  const start = formatWallClock(doc.startTime, DATE_FORMATS.time);
  const end = formatWallClock(doc.endTime, DATE_FORMATS.time);
  return {
    id: doc._id,
    bookingId: doc.bookingId,
    clientName: doc.clientName,
    coachFullName: doc.coachFullName,
    gymName: doc.gymName,
    discipline: doc.discipline,
    experienceLevel: doc.experienceLevel,
    startTime: doc.startTime,
    date: formatWallClock(doc.startTime, DATE_FORMATS.long),
    start,
    end,
    time: `${start} – ${end}`,
  };
}

/** Cancelled sessions, and those hidden after a cancel here (before sync brings the cancelled copy), are left out. */
export function bookingSections(
  docs: readonly BookingDoc[],
  now: Date,
  hidden: ReadonlySet<string> = new Set(),
): BookingSections {
  const lists = sessionLists(
    docs.filter((doc) => !hidden.has(doc.bookingId)),
    now,
    0,
  );
  const today = ukDateKey(now);
  return {
    todaysCompleted: lists.todaysCompleted.map(bookingView),
    today: lists.upcoming.filter((doc) => doc.startTime.slice(0, 10) === today).map(bookingView),
    upcoming: lists.upcoming.filter((doc) => doc.startTime.slice(0, 10) > today).map(bookingView),
  };
}
