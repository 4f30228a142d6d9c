import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate, UK_TIME_ZONE, ukCalendarDateOf, ukDateKey, ukWallClock, ukWallClockInstant } from './dates.ts';

describe('isCalendarDate', () => {
  it('takes real YYYY-MM-DD dates, leap days of leap years included', () => {
    for (const date of ['2026-11-21', '2026-01-01', '2026-12-31', '2028-02-29', '2000-02-29', '2026-04-30'])
      expect(isCalendarDate(date), date).toBe(true);
  });

  it('refuses days a month does not have, which Date.parse rolls over into the next month', () => {
    expect(Number.isNaN(Date.parse('2026-02-29'))).toBe(false); // why Date.parse is no check
    for (const date of ['2026-02-29', '2100-02-29', '2026-02-30', '2026-11-31', '2026-04-31', '2026-06-31'])
      expect(isCalendarDate(date), date).toBe(false);
  });

  it('refuses month and day zero or out of range', () => {
    for (const date of ['2026-00-10', '2026-13-01', '2026-11-00', '2026-11-32', '2026-99-99'])
      expect(isCalendarDate(date), date).toBe(false);
  });

  it('refuses other shapes and other types', () => {
    for (const value of [
      '21/11/2026',
      '2026-11-21T10:00:00',
      ' 2026-11-21',
      '2026-11-21\n',
      '2026-1-21',
      '+02026-11-21',
      '',
      '2'.repeat(1_000_000),
      20261121,
      null,
      undefined,
      ['2026-11-21'],
    ])
      expect(isCalendarDate(value), String(value).slice(0, 20)).toBe(false);
  });
});

describe('ukCalendarDateOf', () => {
  it('keeps a calendar date as written', () => {
    for (const date of ['2026-11-21', '2028-02-29', '2026-06-25']) expect(ukCalendarDateOf(date)).toBe(date);
  });

  it("reads an instant on the UK clock: a UK browser's toISOString() of local midnight is that day", () => {
    // 25 June 2026 00:00 BST, as `new Date(2026, 5, 25).toISOString()` prints it in a UK browser.
    expect(ukCalendarDateOf('2026-06-24T23:00:00.000Z')).toBe('2026-06-25');
    expect(ukCalendarDateOf('2026-06-24T22:59:59.999Z')).toBe('2026-06-24');
    // Winter: GMT, the UTC date is the UK date.
    expect(ukCalendarDateOf('2026-11-21T00:00:00Z')).toBe('2026-11-21');
    expect(ukCalendarDateOf('2026-11-21T23:59:59Z')).toBe('2026-11-21');
    // Offsets, with and without a colon.
    expect(ukCalendarDateOf('2026-11-21T01:00:00+02:00')).toBe('2026-11-20');
    expect(ukCalendarDateOf('2026-11-21T20:00-0500')).toBe('2026-11-22');
    expect(ukCalendarDateOf('2026-03-29T00:30:00Z')).toBe('2026-03-29'); // the spring-forward night
  });

  it('takes a date-time without a zone as UK wall time: its date as written', () => {
    expect(ukCalendarDateOf('2026-06-24T23:00:00')).toBe('2026-06-24');
    expect(ukCalendarDateOf('2026-11-21T18:30')).toBe('2026-11-21');
    expect(ukCalendarDateOf('2028-02-29T00:00:00.123456')).toBe('2028-02-29');
  });

  it('refuses a date-time on a day the calendar lacks, a time past 23:59:59 or an offset past 23:59', () => {
    for (const value of [
      '2026-02-30T10:00Z',
      '2026-02-29T10:00:00',
      '2026-11-31T00:00:00Z',
      '2026-11-21T24:00:00',
      '2026-11-21T23:60:00',
      '2026-11-21T23:59:60Z',
      '2026-11-21T10:00:00+24:00',
      '2026-11-21T10:00:00+05:60',
    ])
      expect(ukCalendarDateOf(value), value).toBeNull();
  });

  it('refuses every other shape and type', () => {
    for (const value of [
      '21/11/2026',
      '2026-11-21 10:00:00',
      '2026-11-21T10',
      '2026-11-21T10:00:00ZZ',
      '2026-11-21T10:00:00+2',
      '2026-11-21t10:00:00z',
      ' 2026-11-21T10:00:00Z',
      '2026-11-21T10:00:00Z\n',
      '+275760-09-13T00:00:00Z',
      'Sat, 21 Nov 2026 10:00:00 GMT',
      '1763719200000',
      '2'.repeat(1_000_000),
      '',
      1763719200000,
      null,
      { date: '2026-11-21' },
    ])
      expect(ukCalendarDateOf(value), String(value).slice(0, 30)).toBeNull();
  });

  it('reads far years without rolling them into other centuries', () => {
    expect(ukCalendarDateOf('0050-01-01T12:00:00Z')).toBe('0050-01-01');
    expect(ukCalendarDateOf('9999-12-31T12:00:00Z')).toBe('9999-12-31');
    // The last instant of 9999 in UTC is already 10000 in a zone ahead of it: no 4-digit UK date.
    expect(ukCalendarDateOf('9999-12-31T23:30:00-05:00')).toBeNull();
  });
});

describe('ukWallClockInstant', () => {
  it('reads a UK wall clock as the instant it names, in winter (GMT) and summer (BST)', () => {
    expect(ukWallClockInstant('2026-12-05T18:30:00').toISOString()).toBe('2026-12-05T18:30:00.000Z');
    expect(ukWallClockInstant('2026-07-04T09:00').toISOString()).toBe('2026-07-04T08:00:00.000Z');
  });
});

describe('the UK clock read in one Intl call (decision 160)', () => {
  // The reading it replaced: date-fns `format` on a TZDate.
  const byDateFns = (now: Date, pattern: string) => format(new TZDate(now.getTime(), UK_TIME_ZONE), pattern);
  const instants = fc.date({
    min: new Date('1001-01-02T00:00:00Z'),
    max: new Date('9998-12-30T00:00:00Z'),
    noInvalidDate: true,
  });

  it('gives the date key and wall clock date-fns gave, for any instant', () => {
    fc.assert(
      fc.property(instants, (now) => {
        expect(ukDateKey(now)).toBe(byDateFns(now, 'yyyy-MM-dd'));
        expect(ukWallClock(now)).toBe(byDateFns(now, "yyyy-MM-dd'T'HH:mm:ss"));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the summer-time rule as the zone data does, 1996 to 2099 (no Intl there, decision 166)', () => {
    const ruleYears = fc.date({
      min: new Date('1996-01-01T00:00:00Z'),
      max: new Date('2099-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(ruleYears, (now) => {
        expect(ukDateKey(now)).toBe(byDateFns(now, 'yyyy-MM-dd'));
        expect(ukWallClock(now)).toBe(byDateFns(now, "yyyy-MM-dd'T'HH:mm:ss"));
      }),
      { numRuns: 2000 },
    );
    // Every clock change of the range, a second either side, and both ends of each year.
    for (let year = 1996; year <= 2099; year++) {
      const changes = [2, 9].map((month) => {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
      });
      const edges = [Date.UTC(year, 0, 1), Date.UTC(year, 11, 31, 23, 59, 59), Date.UTC(year, 11, 31, 23, 0)];
      for (const ms of [...changes.flatMap((change) => [change - 1000, change, change + 1000]), ...edges]) {
        const at = new Date(ms);
        expect(ukWallClock(at), at.toISOString()).toBe(byDateFns(at, "yyyy-MM-dd'T'HH:mm:ss"));
        expect(ukDateKey(at), at.toISOString()).toBe(byDateFns(at, 'yyyy-MM-dd'));
      }
    }
  });

  it('turns the day and the hour at UK midnight and across the clock changes', () => {
    for (const [instant, key, wallClock] of [
      ['2026-03-29T00:59:59Z', '2026-03-29', '2026-03-29T00:59:59'],
      ['2026-03-29T01:00:00Z', '2026-03-29', '2026-03-29T02:00:00'],
      ['2026-10-24T23:00:00Z', '2026-10-25', '2026-10-25T00:00:00'],
      ['2026-10-25T00:59:59Z', '2026-10-25', '2026-10-25T01:59:59'],
      ['2026-10-25T01:00:00Z', '2026-10-25', '2026-10-25T01:00:00'],
      ['2026-12-01T23:59:59Z', '2026-12-01', '2026-12-01T23:59:59'],
      ['2026-12-02T00:00:00Z', '2026-12-02', '2026-12-02T00:00:00'],
    ] as const) {
      expect(ukDateKey(new Date(instant)), instant).toBe(key);
      expect(ukWallClock(new Date(instant)), instant).toBe(wallClock);
    }
  });

  it('keeps date-fns for years before 1901 and past 9998', () => {
    for (const instant of ['0099-06-01T12:00:00Z', '1847-11-30T23:59:00Z', '9999-06-01T12:00:00Z']) {
      const at = new Date(instant);
      expect(ukDateKey(at), instant).toBe(byDateFns(at, 'yyyy-MM-dd'));
      expect(ukWallClock(at), instant).toBe(byDateFns(at, "yyyy-MM-dd'T'HH:mm:ss"));
    }
  });
});
