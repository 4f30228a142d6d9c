/**
 * Bounds for what routes read from payloads, params and queries (design/decisions.md 27): every id
 * has its shape, every free string a maximum length, every date is a real calendar date and, where
 * the product allows only some dates, within them. Route plugins build their joi schemas from these;
 * account payloads have their own in account-schemas.ts. The checks themselves are the shared rules
 * (`ID_PATTERN` and `NESTED_ID_PATTERN` in rules/doc-ids.ts, `ukCalendarDateOf` in rules/dates.ts), so
 * the sync gateway's write rules hold devices to the same bounds.
 */
import Joi from 'joi';
import { ukCalendarDateOf } from '@mastr/rules/dates.ts';
import { ID_PATTERN, NESTED_ID_PATTERN } from '@mastr/rules/doc-ids.ts';

/** One of our ids (24 lowercase hex): an account, profile, pass, request or Mastr class occurrence. */
export const id = (): Joi.StringSchema => Joi.string().pattern(ID_PATTERN);

/** The id of a day or a time slot inside a schedule or availability document. */
export const nestedId = (): Joi.StringSchema => Joi.string().pattern(NESTED_ID_PATTERN);

/** Free text of at most `max` characters. */
export const boundedText = (max: number): Joi.StringSchema => Joi.string().max(max);

/** Longest date field taken: a date-time with nanoseconds and an offset is 35 characters. */
const MAX_DATE_LENGTH = 40;

/**
 * A real UK calendar date, given as 'YYYY-MM-DD' ('2026-02-29' is refused though `Date.parse` takes
 * it) or as an ISO date-time, which is converted: services always receive 'YYYY-MM-DD'
 * (`ukCalendarDateOf`, design/decisions.md 49). With `latest`, none after the date key it answers
 * (asked at each request, so it follows the clock).
 */
export function calendarDate(window: { latest?: () => string } = {}): Joi.StringSchema {
  return Joi.string()
    .max(MAX_DATE_LENGTH)
    .custom((value: string, helpers) => {
      const date = ukCalendarDateOf(value);
      if (date === null) return helpers.error('any.invalid');
      if (window.latest && date > window.latest()) return helpers.error('any.invalid');
      return date;
    })
    .meta({ format: 'calendar-date' });
}
