import { addDays, addWeeks, format, startOfWeek } from 'date-fns';
import { ukNow } from '@mastr/rules/dates.ts';

const DATE_KEY = 'yyyy-MM-dd';

/** 'YYYY-MM-DD' of the UK day `days` after the UK day containing `now`. */
export function ukDayKey(now: Date, days = 0): string {
  return format(addDays(ukNow(now), days), DATE_KEY);
}

/** The Monday ('YYYY-MM-DD') starting the UK gym week containing `now`, or `weeks` later. */
export function ukGymWeekStart(now: Date, weeks = 0): string {
  return format(addWeeks(startOfWeek(ukNow(now), { weekStartsOn: 1 }), weeks), DATE_KEY);
}

/** The Sunday ('YYYY-MM-DD') starting the UK coach week containing `now`, or `weeks` later. */
export function ukCoachWeekStart(now: Date, weeks = 0): string {
  return format(addWeeks(startOfWeek(ukNow(now), { weekStartsOn: 0 }), weeks), DATE_KEY);
}
