/**
 * A gym's timetable edits (§7 "Gym schedule"): POST adds a class to a weekday of the default, current
 * or next week, PUT deletes one; both answer the whole schedule (the public timetable's shape).
 */
import type { ScheduleWeek } from '../schedule.ts';
import type { GymTimetable } from './directory.ts';

/** POST /api/me/gyms/schedule/{weekdayId}/{week}: the class to add. */
export interface ScheduleClassRequest {
  /** Seconds from midnight on the 30-minute grid 04:30–22:00. */
  startTime: number;
  /** After the start, on the half hour, by midnight (86400). */
  endTime: number;
  discipline: string;
  kidsClass: boolean;
  difficulty: string;
  location: string;
}

/** PUT /api/me/gyms/schedule/{weekdayId}/{week}: the class to delete. */
export interface ScheduleDeleteRequest {
  classObjectId: string;
}

/** Seven weekdays (Monday first) with their default, current and next week classes, and the two Mondays. */
export type ScheduleResponse = GymTimetable;

export type { ScheduleWeek };
