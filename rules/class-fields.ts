/**
 * A timetable class's fields, declared once (design/decisions.md 116). The stored class (`ClassItem`,
 * documents.ts), the online call's body (`ScheduleClassRequest`, api/schedule.ts), the server's joi
 * schema (plugins/gym-schedule.ts) and the keys the sync gateway lets a device write
 * (sync/write-rules.ts) are all built from this list, so a field added or renamed here reaches all four.
 * What a field may hold beyond its kind (the grid, the known disciplines) is `classRefusal`'s (schedule.ts).
 */

/** How a field is held: a whole number, text or a flag. */
type ClassFieldKind = 'integer' | 'text' | 'boolean';

export const CLASS_FIELDS = {
  /** Seconds from midnight on the 30-minute grid 04:30–22:00. */
  startTime: 'integer',
  /** After the start, on the half hour, by midnight (86400). */
  endTime: 'integer',
  discipline: 'text',
  /** Follows the discipline (a kids' discipline is a kids' class). */
  kidsClass: 'boolean',
  difficulty: 'text',
  location: 'text',
} as const satisfies Record<string, ClassFieldKind>;

interface KindValue {
  integer: number;
  text: string;
  boolean: boolean;
}

/** The fields a gym chooses for a class (everything but its id). */
export type ClassFields = { -readonly [F in keyof typeof CLASS_FIELDS]: KindValue[(typeof CLASS_FIELDS)[F]] };

/** The fields' names, in the order above. */
export const CLASS_FIELD_NAMES = Object.keys(CLASS_FIELDS) as (keyof ClassFields)[];

/** Longest text a class field may carry. */
export const CLASS_TEXT_MAX_LENGTH = 100;
