/**
 * The two Management pages (§2 gym Management and coach Management, §5, §8): what their lists show
 * and the texts of their answers. Pure: the hooks call the server and pass its status here.
 */
import { MISSING_GYM_OR_COACH_ID, NO_COACHES_REGISTERED } from '@mastr/rules/texts.ts';
import type { CoachAvailabilityDay } from '@mastr/rules/api/availability.ts';
import type { CoachDetail, GymListItem } from '@mastr/rules/api/directory.ts';
import { addDaysToKey, coachWeekDate, isPastCoachDay } from '@mastr/rules/coach-week.ts';
import { formatWallClock } from '@mastr/rules/dates.ts';
import type { CoachMe } from '@mastr/rules/api/me.ts';
import { matchesGymSearch } from '@mastr/rules/listing.ts';
import { formatTimeOfDay } from '@mastr/rules/time-of-day.ts';

export const MANAGEMENT_TEXTS = {
  noGyms: 'No Gyms To Display',
  noPending: 'No pending requests.',
  noCoaches: NO_COACHES_REGISTERED,
  noCoachRequests: 'No Coach requests.',
  searchPlaceholder: 'Search Gyms here...',
  /** Offline: the lists are the copy kept on this device, and no action can be taken. */
  offlineAction: 'You are offline. This needs a connection to the server; nothing was changed.',
  requestSent: 'Request Sent',
  requestCancelled: 'Request Cancelled',
  leftGym: 'You have left the Gym.',
  accepted: 'Coach Accepted',
  rejected: 'Request Rejected',
  terminated: 'Coach Terminated',
} as const;

/** The six calls, named as the pages' buttons are. */
export type ManagementAction = 'request' | 'cancel' | 'leave' | 'accept' | 'reject' | 'terminate';

/** §8's texts per call: 400, 401, anything else; a call that never reached the server says so. */
const ERROR_TEXTS: Record<ManagementAction, { bad: string; unauthorized: string; other: string }> = {
  request: {
    bad: MISSING_GYM_OR_COACH_ID,
    unauthorized: 'Unauthorized',
    other: 'Send Request Failed',
  },
  cancel: {
    bad: 'Missing gym ID in Params / Coach ID in token',
    unauthorized: 'Unauthorized',
    other: 'Delete Coach Failed',
  },
  leave: { bad: "Missing ID's", unauthorized: 'Unauthorized', other: 'Delete Coach Failed' },
  accept: { bad: 'Missing Coach ID', unauthorized: 'Unauthorized', other: 'Accept Failed' },
  reject: { bad: "Missing ID's", unauthorized: 'Unauthorized', other: 'Delete Coach Failed' },
  terminate: { bad: "Missing ID's", unauthorized: 'Unauthorized', other: 'Delete Coach Failed' },
};

export function managementErrorText(action: ManagementAction, status: number): string {
  if (status === 0) return MANAGEMENT_TEXTS.offlineAction;
  const texts = ERROR_TEXTS[action];
  if (status === 400) return texts.bad;
  if (status === 401) return texts.unauthorized;
  return texts.other;
}

/**
 * Request Gyms (§2 coach Management, §5): public gyms the coach is neither registered at nor waiting
 * on, narrowed by the search (case-insensitive, on the gym's name and address as the gyms list).
 */
export function requestableGyms(
  gyms: readonly GymListItem[],
  coach: Pick<CoachMe, 'registeredGyms' | 'pendingRequests'>,
  query: string,
): GymListItem[] {
  const taken = new Set([...coach.registeredGyms, ...coach.pendingRequests]);
  const needle = query.trim();
  return gyms.filter((gym) => !taken.has(gym._id) && (!needle || matchesGymSearch(gym, needle)));
}

/** §5: the management search box shows what was typed upper-cased. */
export const shownSearch = (query: string): string => query.toUpperCase();

/** 'Current Coaches (3)'. */
export const currentCoachesTitle = (count: number): string => `Current Coaches (${count})`;

/** One week of a coach's hours as the gym's expandable row shows it. */
export interface AvailabilityWeek {
  /** 'This week, 22 Nov – 28 Nov'. */
  title: string;
  /** 'Fri 27 Nov: 07:00, 18:00', one per day with hours. */
  lines: string[];
  /** What the week says when no line is left. */
  empty: string;
}

const dayMonth = (dateKey: string) => formatWallClock(dateKey, 'd LLL');

/**
 * A coach's hours for this week and next, each week named with its dates and each day with its date
 * (issue 24: the row listed 'Sun 07:00' with no word of which week, mixing past and coming days).
 * Days already past this week, and days without hours, are left out.
 */
export function availabilityWeeks(
  coach: Pick<CoachDetail, 'availability' | 'currentWeekStart' | 'nextWeekStart'>,
  now: Date,
): AvailabilityWeek[] {
  const week = (
    label: string,
    start: string,
    times: (day: CoachAvailabilityDay) => readonly { time: number }[],
    empty: string,
  ): AvailabilityWeek => ({
    title: `${label}, ${dayMonth(start)} – ${dayMonth(addDaysToKey(start, 6))}`,
    empty,
    lines: coach.availability.flatMap((day) => {
      const slots = times(day);
      if (slots.length === 0 || isPastCoachDay(start, day.weekday, now)) return [];
      const date = coachWeekDate(start, day.weekday);
      return [`${day.abbreviation} ${dayMonth(date)}: ${slots.map((slot) => formatTimeOfDay(slot.time)).join(', ')}`];
    }),
  });
  return [
    week('This week', coach.currentWeekStart, (day) => day.currentWeekTimes, 'No hours left this week.'),
    week('Next week', coach.nextWeekStart, (day) => day.nextWeekTimes, 'No hours next week.'),
  ];
}
