import ical, { ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { addDays } from 'date-fns';
import { ukWallClockInstant } from '@mastr/rules/dates.ts';
import type { MailMessage } from './mailer.ts';

/**
 * Calendar entries for bookings and passes (RFC 5545, written by ical-generator): the same event in
 * a mail's `.ics` and in an account's calendar feed, with a UID derived from what it is about, so
 * a cancellation's CANCEL removes the entry the booking mail added and a feed refresh updates it.
 * Times are UTC instants converted from the stored UK wall clock, so every calendar shows them at
 * the right hour whatever its own zone.
 */
export interface CalendarEntry {
  /** Stable per booking or pass: `pass-{id}`, `session-{id}`, `mastr-class-{gymId}-{start}`. */
  uid: string;
  summary: string;
  /** A UK wall clock 'YYYY-MM-DDTHH:mm:ss' with `end`, or a whole day 'YYYY-MM-DD' (a day pass). */
  start: string;
  end?: string;
  location?: string;
  description?: string;
  url?: string;
  /** Raised on each change of the same entry, so calendars take the newest (RFC 5546). */
  sequence?: number;
  cancelled?: boolean;
}

const PROD_ID = { company: 'Mastr', product: 'Mastr', language: 'EN' };
const UID_DOMAIN = 'mastr.app';

function addEntry(calendar: ReturnType<typeof ical>, entry: CalendarEntry): void {
  const wholeDay = /^\d{4}-\d{2}-\d{2}$/.test(entry.start);
  calendar.createEvent({
    id: `${entry.uid}@${UID_DOMAIN}`,
    summary: entry.summary,
    start: wholeDay ? new Date(`${entry.start}T00:00:00Z`) : ukWallClockInstant(entry.start),
    end: wholeDay ? addDays(new Date(`${entry.start}T00:00:00Z`), 1) : ukWallClockInstant(entry.end ?? entry.start),
    allDay: wholeDay,
    location: entry.location,
    description: entry.description,
    url: entry.url,
    sequence: entry.sequence ?? 0,
    status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    stamp: new Date(),
  });
}

/** A whole calendar (an account's feed): PUBLISH, as a subscription is not an invitation. */
export function calendarFeed(name: string, entries: CalendarEntry[]): string {
  const calendar = ical({ prodId: PROD_ID, name, method: ICalCalendarMethod.PUBLISH });
  for (const entry of entries) addEntry(calendar, entry);
  return calendar.toString();
}

/**
 * One entry as a mail carries it: REQUEST adds or updates it, CANCEL removes it. RFC 5546 wants an
 * organizer and the attendee on both: Mastr's sending address organizes, the recipient attends
 * (already accepted, so no client offers to send a reply to a no-reply address).
 */
export function mailCalendarEvent(
  entry: CalendarEntry,
  people: { mailFrom: string; to: string },
): NonNullable<MailMessage['icalEvent']> {
  const method = entry.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: PROD_ID, method });
  addEntry(calendar, entry);
  const organizer = /<([^>]+)>/.exec(people.mailFrom)?.[1] ?? people.mailFrom;
  const event = calendar.events()[0];
  event.organizer({ name: 'Mastr', email: organizer });
  event.createAttendee({ email: people.to, status: ICalAttendeeStatus.ACCEPTED, rsvp: false });
  return {
    method: entry.cancelled ? 'CANCEL' : 'REQUEST',
    filename: entry.cancelled ? 'cancelled.ics' : 'booking.ics',
    content: calendar.toString(),
  };
}
