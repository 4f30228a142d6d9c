/** The booking dialogs of a gym profile as pure data (§2 "Modals", §5 booking rules). */
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import type { DayPassType } from '@mastr/rules/constants.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import type { ClassItem } from '@mastr/rules/documents.ts';
import { isPtRequestDateSelectable } from '@mastr/rules/pt-requests.ts';
import {
  classesOnDate,
  dayPassClasses,
  gymWeekDates,
  isDayPassDateOpen,
  mastrOptionState,
  type MastrClassSlot,
  type MastrOptionState,
  type TimetableDay,
} from '@mastr/rules/timetable.ts';
import type { GymSessionRequest } from '@mastr/rules/api/booking.ts';

/** The dates a booking picker offers: the current gym week, then the next (§9 "Two weeks only"). */
export function pickerWeeks(currentWeekStart: string): [string[], string[]] {
  return [gymWeekDates(currentWeekStart), gymWeekDates(addDaysToKey(currentWeekStart, 7))];
}

export function passTypeOf(kids: boolean): DayPassType {
  return kids ? 'Kids' : 'Adult';
}

/** The day pass dialog's class list: that date's classes of the pass type, invitation-only left out. */
export function dayPassClassesOn(
  days: readonly TimetableDay[],
  currentWeekStart: string,
  date: string,
  kids: boolean,
): ClassItem[] {
  return dayPassClasses(classesOnDate(days, currentWeekStart, date), kids);
}

/** Dates before today cannot be booked. */
export const isDayPassDateDisabled = (date: string, today: string) => !isDayPassDateOpen(date, today);

/** PT requests need a date more than two days ahead (§5). */
export const isPtDateDisabled = (date: string, today: string) => !isPtRequestDateSelectable(date, today);

export interface PtRequestChoices {
  date: string | null;
  time: number | null;
  discipline: string;
  experience: string;
}

/** The request body once date, time, discipline and experience are all chosen; null until then. */
export function ptRequestBody(gymId: string, choices: PtRequestChoices): GymSessionRequest | null {
  const { date, time, discipline, experience } = choices;
  if (!date || time == null || !discipline || !experience) return null;
  return {
    gym_id: gymId,
    selectedDate: date,
    selectedTime: time,
    selectedDiscipline: discipline,
    selectedExperienceLevel: experience,
  };
}

export interface MastrOptionView {
  _id: string;
  week: string;
  /** 'Friday 20th November, 18:00'. */
  when: string;
  state: MastrOptionState;
  disabled: boolean;
  /** Why it is disabled, '' when it can be chosen. */
  note: string;
}

const STATE_NOTE: Record<MastrOptionState, string> = {
  open: '',
  selected: 'Selected',
  cancelled: 'Cancelled',
  past: 'Passed',
};

export function mastrOptionViews(
  options: readonly (MastrClassSlot & { week: string })[],
  selectedId: string | null,
  now: Date = new Date(),
): MastrOptionView[] {
  return options.map((option) => {
    const state = mastrOptionState(option, selectedId, now);
    const when = `${formatWallClock(option.classDateAndTime, DATE_FORMATS.dayMonth)}, ${formatWallClock(option.classDateAndTime, DATE_FORMATS.time)}`;
    return { _id: option._id, week: option.week, when, state, disabled: state !== 'open', note: STATE_NOTE[state] };
  });
}
