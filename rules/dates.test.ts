import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './dates.ts';

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
