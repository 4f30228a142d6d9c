import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';

/**
 * Mastr is a UK product: "today", refund cut-offs and pass days are reckoned in Europe/London
 * whatever the device or server clock zone is. Dates and times of passes, classes and sessions are
 * stored as UK wall-clock ISO strings without an offset ('2026-11-21T18:30:00'); a trailing Z from
 * older data is ignored so it still shows as the local time (§9).
 */
export const UK_TIME_ZONE = 'Europe/London';

export const DATE_FORMATS = {
  long: 'EEEE do LLLL yyyy',
  medium: 'do LLLL yyyy',
  dayMonth: 'EEEE do LLLL',
  time: 'HH:mm',
} as const;

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A real 'YYYY-MM-DD' calendar date. `Date.parse` is no check: it takes '2026-02-29' and
 * '2026-11-31' and rolls them over into the next month, so the fields are checked here instead.
 */
export function isCalendarDate(value: unknown): value is string {
  const match = typeof value === 'string' ? DATE_KEY.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

/**
 * An ISO 8601 date-time: date, 'T', hours and minutes, optional seconds and fraction, then
 * optionally 'Z' or a ±hh:mm / ±hhmm offset.
 */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))?$/;

/**
 * The UK calendar date ('YYYY-MM-DD') a date field means, or null when it is none
 * (design/decisions.md 49). Clients send either the date as written or an ISO date-time: a
 * date-time with 'Z' or an offset is an instant, read on the Europe/London clock (a UK browser's
 * `toISOString()` of local midnight in summer, '2026-06-24T23:00:00.000Z', is 25 June); one
 * without a zone is already UK wall time, so its date is the date as written. A day the calendar
 * lacks or a time of day past 23:59:59 is no date, whatever follows it.
 */
export function ukCalendarDateOf(value: unknown): string | null {
  if (isCalendarDate(value)) return value;
  const match = typeof value === 'string' ? DATE_TIME.exec(value) : null;
  if (!match) return null;
  const [, date, hh, mm, ss = '0', fraction = '', zulu, sign, offH, offM] = match;
  if (!isCalendarDate(date) || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  if (!zulu && !sign) return date;
  if (sign && (Number(offH) > 23 || Number(offM) > 59)) return null;
  const [year, month, day] = date.split('-').map(Number);
  const offsetMinutes = sign ? (sign === '-' ? -1 : 1) * (Number(offH) * 60 + Number(offM)) : 0;
  const utc = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(Number(hh), Number(mm) - offsetMinutes, Number(ss), Number(fraction.padEnd(3, '0').slice(0, 3)));
  // Beyond the range a Date holds (±275,760 years), or a year the UK key cannot print as 4 digits.
  if (Number.isNaN(utc.getTime())) return null;
  const key = ukDateKey(utc);
  return isCalendarDate(key) ? key : null;
}

/** The current instant as seen on a UK wall clock. */
export function ukNow(now: Date = new Date()): TZDate {
  return new TZDate(now.getTime(), UK_TIME_ZONE);
}

/**
 * The UK clock's fields of an instant in one Intl call (decision 160). date-fns `format` on a TZDate
 * asks Intl for the zone's offset again at each field it reads, and "today" is read for every pass,
 * class and session a page lists: on a gym's profile that was the largest cost of the first render.
 */
let ukClock: Intl.DateTimeFormat | null = null;

/** Made on first use, not at import: the first zoned formatter loads the zone's data (≈ 20 ms), which a page that never reads the clock should not pay. */
function ukClockFormat(): Intl.DateTimeFormat {
  ukClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: UK_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return ukClock;
}

/**
 * Where the two readings agree: four-digit years (date-fns pads 'yyyy', Intl does not) after London's
 * 19th-century local mean time, whose seconds-long offset @date-fns/tz rounds. Others keep date-fns.
 */
const isModernYear = (now: Date) => now.getUTCFullYear() > 1900 && now.getUTCFullYear() < 9999;

type ClockFields = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

/**
 * The years the UK's summer time follows the one rule the zone data gives Europe/London since 1996
 * (the EU's, kept by the Summer Time Order 2002): one hour ahead from 01:00 UTC on the last Sunday
 * of March to 01:00 UTC on the last Sunday of October. Up to 2099, as far as anyone plans a class.
 */
const RULE_YEARS = { first: 1996, last: 2099 } as const;

/** 01:00 UTC on the last Sunday of a month (0-based), in ms since the epoch. */
function lastSundayOneAmUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * The UK clock's fields by the rule above, with no Intl call (decision 166): the first
 * `Intl.DateTimeFormat` a page makes loads ICU's locale and zone data, ≈ 100 ms of a phone's main
 * thread (4× throttled trace), and a gym's profile made it in its first render only to read today.
 */
function ukClockFieldsByRule(now: Date): ClockFields | null {
  const year = now.getUTCFullYear();
  if (year < RULE_YEARS.first || year > RULE_YEARS.last) return null;
  const ms = now.getTime();
  const summer = ms >= lastSundayOneAmUtc(year, 2) && ms < lastSundayOneAmUtc(year, 9);
  const wall = new Date(ms + (summer ? 3_600_000 : 0));
  return {
    year: pad(wall.getUTCFullYear(), 4),
    month: pad(wall.getUTCMonth() + 1),
    day: pad(wall.getUTCDate()),
    hour: pad(wall.getUTCHours()),
    minute: pad(wall.getUTCMinutes()),
    second: pad(wall.getUTCSeconds()),
  };
}

function ukClockFields(now: Date): ClockFields {
  const byRule = ukClockFieldsByRule(now);
  if (byRule) return byRule;
  const fields = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const { type, value } of ukClockFormat().formatToParts(now))
    if (type in fields) fields[type as keyof typeof fields] = value;
  return fields;
}

/** 'YYYY-MM-DD' of the UK day containing `now`. */
export function ukDateKey(now: Date = new Date()): string {
  if (!isModernYear(now)) return format(ukNow(now), 'yyyy-MM-dd');
  const { year, month, day } = ukClockFields(now);
  return `${year}-${month}-${day}`;
}

/** 'YYYY-MM-DDTHH:mm:ss' wall-clock string of `now` in the UK. */
export function ukWallClock(now: Date = new Date()): string {
  if (!isModernYear(now)) return format(ukNow(now), "yyyy-MM-dd'T'HH:mm:ss");
  const { year, month, day, hour, minute, second } = ukClockFields(now);
  return `${year}-${month}-${day}T${hour}:${minute}:${second}`;
}

/** The instant a stored UK wall-clock string ('YYYY-MM-DDTHH:mm[:ss]') names, for calendars and timers. */
export function ukWallClockInstant(wallClock: string): Date {
  const local = parseWallClock(wallClock);
  return new Date(
    new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      local.getHours(),
      local.getMinutes(),
      local.getSeconds(),
      UK_TIME_ZONE,
    ).getTime(),
  );
}

/**
 * Parses a stored wall-clock string into a Date whose local fields equal the wall clock, so
 * date-fns `format` prints exactly what was stored on any device.
 */
function parseWallClock(iso: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(iso.replace(/Z$/, ''));
  if (!m) return new Date(NaN);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
}

export function formatWallClock(iso: string, pattern: string): string {
  const date = parseWallClock(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, pattern);
}
