/**
 * A gym's timetable on its device (design/sync.md "Schedules"): the pulled `schedule-week` documents
 * with this device's pending edits shown over them, and their delivery by the leader tab — the week
 * edits of `week-edits.ts` with the timetable's own merge (`mergeSchedule`, `schedule-sender.ts`).
 */
import type { RxCollection } from 'rxdb';
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import type { WeekEditJournal } from './week-edit-journal.ts';
import { deliverScheduleWeek, type ScheduleGateway } from './schedule-sender.ts';
import type { LocalDoc } from './tenant-docs.ts';
import { createWeekEdits, weekEditsOutbox, type WeekEdits } from './week-edits.ts';

export type ScheduleData = WeekEdits<ScheduleWeekDoc>;

const TYPE = 'schedule-week';

export function createScheduleData(collection: RxCollection<LocalDoc>, journal: WeekEditJournal): ScheduleData {
  return createWeekEdits<ScheduleWeekDoc>({ collection, journal, type: TYPE });
}

export interface ScheduleSenderOptions {
  gateway: ScheduleGateway;
  /** A week's first pause after it failed; it doubles with each failure in a row, up to 10 s. */
  retryMs: number;
  log(message: string): void;
}

/** Pending timetable weeks as the leader tab's device sender runs them (the merge-against-base strategy). */
export const scheduleOutbox = (collection: RxCollection<LocalDoc>, journal: WeekEditJournal, options: ScheduleSenderOptions) =>
  weekEditsOutbox<ScheduleWeekDoc>({ collection, journal, type: TYPE }, { ...options, send: deliverScheduleWeek, label: 'Schedule' });
