/**
 * What the gym timetable grid shows, as pure data (§2 "Timetable"): seven Monday-to-Sunday columns
 * of one week, each split into AM and PM, for the adult or the kids view.
 */
import { DISCIPLINE_SHORT_LABEL, GYM_WEEKDAYS, type ClassDiscipline } from '@mastr/rules/constants.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import type { MastrClassOption } from '@mastr/rules/api/directory.ts';
import type { ClassItem } from '@mastr/rules/documents.ts';
import { formatTimeOfDay } from '@mastr/rules/time-of-day.ts';
import {
  classesOfWeek,
  gymWeekDate,
  isExpiredDay,
  splitAmPm,
  type TimetableDay,
  type WeekKind,
} from '@mastr/rules/timetable.ts';

/** The legend: each of §9's short labels once, in the order the disciplines are listed. */
export const LEGEND_LABELS: readonly string[] = [...new Set(Object.values(DISCIPLINE_SHORT_LABEL))];

/** §9's short label of a class discipline; an unknown discipline shows as itself. */
export function shortLabelOf(discipline: string): string {
  return DISCIPLINE_SHORT_LABEL[discipline as ClassDiscipline] ?? discipline;
}

/** The colour token of a short label ('No-Gi' → 'nogi', 'S&C' → 'sc'); one per label. */
export function toneOf(shortLabel: string): string {
  return LEGEND_LABELS.includes(shortLabel) ? shortLabel.toLowerCase().replace(/[^a-z]/g, '') : 'other';
}

/** 'HH:mm - HH:mm'. */
export function classTimes(item: Pick<ClassItem, 'startTime' | 'endTime'>): string {
  return `${formatTimeOfDay(item.startTime)} - ${formatTimeOfDay(item.endTime)}`;
}

/** 'Wednesday 18th November' (§9 'EEEE do LLLL') of a 'YYYY-MM-DD' date. */
export function formatDayMonth(dateKey: string): string {
  return formatWallClock(dateKey, DATE_FORMATS.dayMonth);
}

export interface TimetableColumn {
  weekday: number;
  abbreviation: string;
  date: string;
  /** Day of the month, for the column heading. */
  dayOfMonth: number;
  expired: boolean;
  am: ClassItem[];
  pm: ClassItem[];
}

export interface TimetableWeekInput {
  days: readonly TimetableDay[];
  weekKind: WeekKind;
  weekStart: string;
  today: string;
  kids: boolean;
}

/** The seven columns of a week; a weekday the schedule lacks shows as an empty day. */
export function timetableColumns({ days, weekKind, weekStart, today, kids }: TimetableWeekInput): TimetableColumn[] {
  return GYM_WEEKDAYS.map(({ weekday, abbreviation }) => {
    const day = days.find((d) => d.weekday === weekday);
    const classes = day ? classesOfWeek(day, weekKind).filter((c) => c.kidsClass === kids) : [];
    const date = gymWeekDate(weekStart, weekday);
    return {
      weekday,
      abbreviation,
      date,
      dayOfMonth: Number(date.slice(8, 10)),
      expired: isExpiredDay(weekKind, weekStart, weekday, today),
      ...splitAmPm(classes),
    };
  });
}

/** A Mastr Class in the grid: where it sits (AM before noon) and what its chip says. */
export interface MastrChip {
  id: string;
  half: 'am' | 'pm';
  /** 'HH:mm'. */
  time: string;
}

/**
 * The gym's Mastr Classes on one date, for the adult view (issue 24: the grid never showed them, so a
 * member saw 'No Classes Today' on the day of one). Cancelled classes and a hidden Mastr Class are not
 * shown; members book them from the Mastr Class dialog the chip opens.
 */
export function mastrChipsOn(
  date: string,
  options: readonly Pick<MastrClassOption, '_id' | 'classDateAndTime' | 'cancelled'>[],
  shown: { active: boolean; kids: boolean },
): MastrChip[] {
  if (!shown.active || shown.kids) return [];
  return options
    .filter((o) => !o.cancelled && o.classDateAndTime.slice(0, 10) === date)
    .map((o) => {
      const time = o.classDateAndTime.slice(11, 16);
      return { id: o._id, half: time < '12:00' ? 'am' : 'pm', time };
    });
}

export function emptyDayText(kids: boolean): string {
  return kids ? 'No Kids Classes Today' : 'No Classes Today';
}
