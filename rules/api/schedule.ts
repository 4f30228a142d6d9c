/**
 * A gym's timetable edits (§7 "Gym schedule"): POST adds a class to a weekday of the default, current
 * or next week, PUT deletes one; both answer the whole schedule (the public timetable's shape).
 */
import type { ClassFields } from '../class-fields.ts';
import type { ScheduleWeek } from '../schedule.ts';
import type { GymTimetable } from './directory.ts';

/** POST /api/me/gyms/schedule/{weekdayId}/{week}: the class to add, its fields as declared once (class-fields.ts). */
export type ScheduleClassRequest = ClassFields;

/** PUT /api/me/gyms/schedule/{weekdayId}/{week}: the class to delete. */
export interface ScheduleDeleteRequest {
  classObjectId: string;
}

/** Seven weekdays (Monday first) with their default, current and next week classes, and the two Mondays. */
export type ScheduleResponse = GymTimetable;

export type { ScheduleWeek };
