/**
 * Choosing a class for an unassigned Mastr pass (§2 /userdashboard/daypasses/mastr, §5 "Assigning
 * a pass needs a chosen class"): which of the gym's classes can be chosen, and the texts around it.
 */
import { NO_MASTR_CLASSES_TO_SHOW } from '@mastr/rules/texts.ts';
import type { MastrClassOption } from '@mastr/rules/api/directory.ts';
import { DATE_FORMATS, formatWallClock, ukWallClock } from '@mastr/rules/dates.ts';
import { ApiError, statusOf } from '../api/index.ts';

export interface ClassChoice {
  id: string;
  /** The start the assign call names back. */
  classDateAndTime: string;
  week: string;
  label: string;
  /** Why it cannot be chosen, or null when it can. */
  unavailable: 'Cancelled' | 'Started' | null;
}

export const ASSIGN_TEXTS = {
  none: NO_MASTR_CLASSES_TO_SHOW,
  offline: 'You are offline: choosing a class needs a connection.',
  missing: 'Missing data',
  unauthorized: 'Unauthorized',
  failed: 'Booking Failed',
  booked: 'Class booked. Your entry code is below.',
} as const;

/** The gym's classes in order; a cancelled or started one is shown but cannot be chosen. */
export function classChoices(options: readonly MastrClassOption[], now: Date): ClassChoice[] {
  const wallNow = ukWallClock(now);
  return options.map((o) => ({
    id: o._id,
    classDateAndTime: o.classDateAndTime,
    week: o.week,
    label: `${o.week}: ${formatWallClock(o.classDateAndTime, DATE_FORMATS.long)} at ${formatWallClock(o.classDateAndTime, DATE_FORMATS.time)}`,
    unavailable: o.cancelled ? 'Cancelled' : o.classDateAndTime <= wallNow ? 'Started' : null,
  }));
}

/** The notice on a pass whose class the gym cancelled (decisions.md 36), or null. */
export function cancelledClassNotice(classDateAndTime: string | null | undefined): string | null {
  if (!classDateAndTime) return null;
  return `The gym cancelled your class on ${formatWallClock(classDateAndTime, DATE_FORMATS.long)} at ${formatWallClock(classDateAndTime, DATE_FORMATS.time)}. Please choose another class.`;
}

/** §8 booking texts: 400 'Missing data' with the server's reason, 401, anything else; offline. */
export function assignErrorText(err: unknown): string {
  const status = statusOf(err);
  if (status === 0) return ASSIGN_TEXTS.offline;
  if (status === 401) return ASSIGN_TEXTS.unauthorized;
  if (status !== 400) return ASSIGN_TEXTS.failed;
  const reason = err instanceof ApiError ? err.message.trim() : '';
  return reason || ASSIGN_TEXTS.missing;
}
