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
import { createWeekEdits, sendWeekEdits, type WeekEdits } from './week-edits.ts';

export type ScheduleData = WeekEdits<ScheduleWeekDoc>;

const TYPE = 'schedule-week';

export function createScheduleData(collection: RxCollection<LocalDoc>, journal: WeekEditJournal): ScheduleData {
  return createWeekEdits<ScheduleWeekDoc>({ collection, journal, type: TYPE });
}

export interface ScheduleSenderOptions {
  gateway: ScheduleGateway;
  /** Pause after a first failed delivery; it doubles with each failure in a row, up to 10 s. */
  retryMs: number;
  log(message: string): void;
}

/** The leader tab's delivery of pending timetable weeks (the device outbox's merge-against-base strategy). */
export const sendScheduleEdits = (collection: RxCollection<LocalDoc>, journal: WeekEditJournal, options: ScheduleSenderOptions) =>
  sendWeekEdits<ScheduleWeekDoc>({ collection, journal, type: TYPE }, { ...options, send: deliverScheduleWeek, label: 'Schedule' });
