/**
 * An account's private calendar feed (GET /api/calendar/{token}.ics, design/mail.md "Calendar
 * feed"): its upcoming passes, sessions and, for a gym, its timetable and Mastr classes, as one
 * PUBLISH calendar. The entries come from the same lists the account's own pages show (the
 * /api/me view), so the feed never lists what the app does not (cancelled passes and sessions are
 * left out there already), and carry the UIDs the mails' `.ics` use, so a calendar that holds both
 * shows each booking once.
 */
import type { CoachMe, GymMe, MeProfiles, UserMe } from '@mastr/rules/api/me.ts';
import type { SessionView } from '@mastr/rules/api/sessions.ts';
import type { ClassItem } from '@mastr/rules/documents.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { END_OF_DAY, formatTimeOfDay } from '@mastr/rules/time-of-day.ts';
import { gymWeekDate, gymWeekStart } from '@mastr/rules/timetable.ts';
import { calendarFeed, type CalendarEntry } from './calendar-events.ts';

/** The UIDs every mail's `.ics` and the feed share (calendar-events.ts). */
export const passUid = (passId: string) => `pass-${passId}`;
export const sessionUid = (bookingId: string) => `session-${bookingId}`;
export const mastrClassUid = (gymId: string, classDateAndTime: string) => `mastr-class-${gymId}-${classDateAndTime}`;

const HOUR_MS = 60 * 60 * 1000;

/** A UK wall clock an hour later (wall-clock arithmetic: the feed converts to instants itself). */
function hourAfter(wallClock: string): string {
  return new Date(Date.parse(`${wallClock}Z`) + HOUR_MS).toISOString().slice(0, 19);
}

const wallClockOf = (date: string, seconds: number) =>
  seconds >= END_OF_DAY ? `${date}T23:59:59` : `${date}T${formatTimeOfDay(seconds)}:00`;

type Links = Record<'passes' | 'sessions' | 'mastr' | 'schedule', string>;

const PAGES: Record<AccountKind, Links> = {
  user: {
    passes: '/userdashboard/daypasses',
    sessions: '/userdashboard/bookings',
    mastr: '/userdashboard/daypasses/mastr',
    schedule: '/userdashboard',
  },
  coach: {
    passes: '/coachdashboard',
    sessions: '/coachdashboard/bookings',
    mastr: '/coachdashboard',
    schedule: '/coachdashboard',
  },
  gym: {
    passes: '/gymdashboard/daypasses',
    sessions: '/gymdashboard/bookings',
    mastr: '/gymdashboard/daypasses/mastr',
    schedule: '/gymdashboard/schedule',
  },
};

function sessionEntry(kind: AccountKind, session: SessionView, url: string): CalendarEntry {
  const summary: Record<AccountKind, string> = {
    user: `PT session with ${session.coachFullName}`,
    coach: `PT session: ${session.clientName}`,
    gym: `PT session: ${session.coachFullName} with ${session.clientName}`,
  };
  return {
    uid: sessionUid(session._id),
    summary: summary[kind],
    start: session.startTime,
    end: session.endTime,
    location: session.gymName,
    description: session.discipline ? `${session.discipline} private session` : undefined,
    url,
  };
}

const upcomingSessions = (sessions: SessionView[]) => sessions.filter((s) => !s.cancelled && !s.completed);

function memberEntries(me: UserMe, links: Links): CalendarEntry[] {
  const dayPasses = me.upcomingDayPassesInformation.map((pass): CalendarEntry => ({
    uid: passUid(pass._id),
    summary: `${pass.passType === 'Kids' ? 'Kids' : 'Adult'} day pass: ${pass.gymName}`,
    start: pass.dayDateStart.slice(0, 10),
    location: pass.gymName,
    description: `Entry code ${pass.idCode.toUpperCase()}`,
    url: links.passes,
  }));
  const mastrPasses = me.upcomingMastrClassPassesInformation.flatMap((pass): CalendarEntry[] => {
    // Older passes stored the class's wall clock with a stray 'Z' (read the same way by me-views-service).
    const start = pass.dateAndTimeStart?.replace(/Z$/, '');
    if (!start) return [];
    return [
      {
        uid: passUid(pass._id),
        summary: `Mastr Class: ${pass.gymName}`,
        start,
        end: hourAfter(start),
        location: pass.gymName,
        description: `Entry code ${pass.idCode.toUpperCase()}`,
        url: links.mastr,
      },
    ];
  });
  return [...dayPasses, ...mastrPasses];
}

function classEntry(gymId: string, date: string, item: ClassItem, me: GymMe, url: string): CalendarEntry {
  return {
    uid: `class-${gymId}-${date}-${item._id}`,
    summary: `${item.kidsClass ? 'Kids ' : ''}${item.discipline} (${item.difficulty})`,
    start: wallClockOf(date, item.startTime),
    end: wallClockOf(date, item.endTime),
    location: item.location ? `${me.gymName}, ${item.location}` : me.gymName,
    url,
  };
}

/** This week's classes from today on, and next week's. */
function timetableEntries(me: GymMe, now: Date, url: string): CalendarEntry[] {
  const today = ukDateKey(now);
  const weeks = [
    { start: gymWeekStart(now), classes: (day: GymMe['schedule'][number]) => day.currentWeekClasses },
    { start: gymWeekStart(now, 1), classes: (day: GymMe['schedule'][number]) => day.nextWeekClasses },
  ];
  return weeks.flatMap((week) =>
    me.schedule.flatMap((day) => {
      const date = gymWeekDate(week.start, day.weekday);
      if (date < today) return [];
      return week.classes(day).map((item) => classEntry(me._id, date, item, me, url));
    }),
  );
}

function gymEntries(me: GymMe, now: Date, links: Links): CalendarEntry[] {
  const mastr = me.mastrClassAvailability
    .filter((c) => !c.cancelled)
    .map((c): CalendarEntry => ({
      uid: mastrClassUid(me._id, c.classDateAndTime),
      summary: `Mastr Class (${c.assignedPasses.length} booked)`,
      start: c.classDateAndTime,
      end: hourAfter(c.classDateAndTime),
      location: me.gymName,
      url: links.mastr,
    }));
  return [...timetableEntries(me, now, links.schedule), ...mastr];
}

/** The feed's entries for an account's view, soonest first, links made absolute with `publicUrl`. */
function feedEntries<K extends AccountKind>(
  kind: K,
  me: MeProfiles[K],
  options: { now: Date; publicUrl: string },
): CalendarEntry[] {
  const links = Object.fromEntries(
    Object.entries(PAGES[kind]).map(([key, path]) => [key, `${options.publicUrl}${path}`]),
  ) as Links;
  const sessions = upcomingSessions(me.upcomingSessionsInformation).map((s) => sessionEntry(kind, s, links.sessions));
  const own =
    kind === 'user'
      ? memberEntries(me as UserMe, links)
      : kind === 'gym'
        ? gymEntries(me as GymMe, options.now, links)
        : [];
  return [...own, ...sessions].sort((a, b) => a.start.localeCompare(b.start));
}

/** The name a calendar app shows for the subscription. */
function feedName(kind: AccountKind, me: UserMe | CoachMe | GymMe): string {
  const name =
    kind === 'gym' ? (me as GymMe).gymName : kind === 'coach' ? (me as CoachMe).firstName : (me as UserMe).name;
  return name ? `Mastr: ${name}` : 'Mastr';
}

/** The whole `.ics` text. */
export function feedCalendar<K extends AccountKind>(
  kind: K,
  me: MeProfiles[K],
  options: { now: Date; publicUrl: string },
): string {
  return calendarFeed(feedName(kind, me), feedEntries(kind, me, options));
}
