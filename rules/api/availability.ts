/**
 * A coach's availability (§3 "Coach availability day", §7 "Coach gyms, availability"): what
 * GET /api/coaches/{id} carries, what the coach's online edits and a member's slot request answer.
 */
import type { ShownSlot } from '../coach-slots.ts';

/** One coach weekday (0 Sunday .. 6 Saturday, Sunday first) with its hourly slots per week. */
export interface CoachAvailabilityDay {
  /** The default week's day id (stable across weeks). */
  _id: string;
  weekday: number;
  abbreviation: string;
  defaultTimes: ShownSlot[];
  /** A week without its own document shows the default's hours; a dated hour's state is its slot claim's. */
  currentWeekTimes: ShownSlot[];
  nextWeekTimes: ShownSlot[];
}

/** The whole availability after an edit or a request. */
export interface AvailabilityResponse {
  availability: CoachAvailabilityDay[];
}

/** The body of an availability edit: the weekday and the slot (seconds from midnight) in the week's own field. */
export type AvailabilitySlotRequest<TimeField extends string> = { weekday: number } & Record<TimeField, number>;

/** POST /api/me/coaches/availability/{week}: the field naming the hour to add, per week. */
export interface AvailabilityAddFields {
  default: 'newDefaultTime';
  currentweek: 'newCurrentWeekTime';
  nextweek: 'newNextWeekTime';
}

/** PUT /api/me/coaches/availability/{week}: the field naming the hour to remove, per week. */
export interface AvailabilityRemoveFields {
  default: 'defaultTimeToDelete';
  currentweek: 'currentWeekTimeToDelete';
  nextweek: 'nextWeekTimeToDelete';
}

/** The three weeks the edit paths name. */
export type AvailabilityWeek = keyof AvailabilityAddFields;
