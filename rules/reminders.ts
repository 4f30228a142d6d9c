import { addDaysToKey } from './coach-week.ts';
import { ukDateKey, ukWallClock } from './dates.ts';

/**
 * When reminders go out (issue 26, design/mail.md "Reminders"), on the UK clock:
 * - the evening run, from 18:00, reminds members, coaches and gyms of what is booked for tomorrow
 *   (a PT session, a day pass, a Mastr Class pass);
 * - the morning run, from 07:00, tells a gym who is coming to its Mastr classes today.
 * Each run happens once a day across every instance (its state is a document under CouchDB's
 * revision check); a server down at 18:00 runs it when it is back, until midnight.
 */
const REMINDER_RUNS = {
  evening: { from: '18:00', daysAhead: 1 },
  morning: { from: '07:00', daysAhead: 0 },
} as const;
type ReminderRun = keyof typeof REMINDER_RUNS;

export interface DueReminderRun {
  run: ReminderRun;
  /** The UK day the run belongs to: its state document's key. */
  runDate: string;
  /** The UK day whose bookings it reminds of. */
  forDate: string;
}

/** The runs due at `now`: each from its hour until the end of that UK day. */
export function dueReminderRuns(now: Date): DueReminderRun[] {
  const today = ukDateKey(now);
  const time = ukWallClock(now).slice(11, 16);
  return (Object.keys(REMINDER_RUNS) as ReminderRun[])
    .filter((run) => time >= REMINDER_RUNS[run].from)
    .map((run) => ({ run, runDate: today, forDate: addDaysToKey(today, REMINDER_RUNS[run].daysAhead) }));
}

/** Whether a UK wall clock ('YYYY-MM-DD…') falls on `date`. */
export const isOnDay = (wallClock: string | null | undefined, date: string): boolean =>
  typeof wallClock === 'string' && wallClock.slice(0, 10) === date;
