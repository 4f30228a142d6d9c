import { describe, expect, it } from 'vitest';
import { boundedText, calendarDate, id, nestedId } from './bounds.ts';

const ok = (schema: { validate(value: unknown): { error?: unknown } }, value: unknown) => !schema.validate(value).error;

describe('joi bounds', () => {
  it('id: 24 lowercase hex only', () => {
    expect(ok(id(), 'a1'.repeat(12))).toBe(true);
    for (const value of ['A1'.repeat(12), 'a'.repeat(23), 'a'.repeat(25), 'a'.repeat(1_000_000), 'not-an-id', 12])
      expect(ok(id(), value)).toBe(false);
  });

  it('nestedId: 1 to 64 letters, digits, _ or -', () => {
    for (const value of ['a1'.repeat(12), 'day-1', 'slot_1', 'x'.repeat(64)]) expect(ok(nestedId(), value)).toBe(true);
    for (const value of ['', 'x'.repeat(65), 'x'.repeat(1_500_000), 'a:b', 'a b'])
      expect(ok(nestedId(), value)).toBe(false);
  });

  it('boundedText: at most max characters', () => {
    expect(ok(boundedText(5), 'abcde')).toBe(true);
    expect(ok(boundedText(5), 'abcdef')).toBe(false);
  });

  it('calendarDate: a real YYYY-MM-DD date, or an ISO date-time turned into its UK date', () => {
    for (const value of ['2026-11-21', '2028-02-29']) expect(ok(calendarDate(), value)).toBe(true);
    for (const value of ['2026-02-29', '2026-11-31', '21/11/2026', '2026-02-30T10:00Z', '2'.repeat(1_000_000)])
      expect(ok(calendarDate(), value)).toBe(false);
    const converted = (value: string) => calendarDate().validate(value).value as string;
    expect(converted('2026-11-21T00:00:00')).toBe('2026-11-21');
    expect(converted('2026-06-24T23:00:00.000Z')).toBe('2026-06-25');
  });

  it('calendarDate with latest: none after the latest date, asked at each validation', () => {
    let latest = '2026-11-29';
    const schema = calendarDate({ latest: () => latest });
    expect(ok(schema, '2026-11-29')).toBe(true);
    expect(ok(schema, '2026-11-30')).toBe(false);
    expect(ok(schema, '9999-12-31')).toBe(false);
    // The UK date of the instant is what is bounded: 23:30 UTC on the 29th in summer is the 30th in the UK.
    latest = '2027-06-29';
    expect(ok(schema, '2027-06-29T22:30:00Z')).toBe(true);
    expect(ok(schema, '2027-06-29T23:30:00Z')).toBe(false);
    latest = '2026-12-06';
    expect(ok(schema, '2026-11-30')).toBe(true);
  });
});
