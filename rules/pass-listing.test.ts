import { describe, expect, it } from 'vitest';
import { byStartAscending, byStartDescending, passDay } from './pass-listing.ts';

// Friday 20 November 2026, 12:00 in the UK (GMT).
const NOW = new Date('2026-11-20T12:00:00Z');

describe('passDay', () => {
  it("puts a pass starting today on today's list unless it has expired", () => {
    expect(passDay('2026-11-20T00:00:00', false, NOW)).toBe('today');
    expect(passDay('2026-11-20T18:00:00', false, NOW)).toBe('today');
    expect(passDay('2026-11-20T00:00:00', true, NOW)).toBe('past');
  });

  it('puts a pass after today on the upcoming list, and one before today on neither', () => {
    expect(passDay('2026-11-21T00:00:00', false, NOW)).toBe('upcoming');
    expect(passDay('2026-11-19T23:59:59', false, NOW)).toBe('past');
  });

  it('reckons today in the UK, whatever the instant says in UTC', () => {
    // 23:30 UTC on 30 June is already 1 July in the UK (BST).
    expect(passDay('2026-07-01T00:00:00', false, new Date('2026-06-30T23:30:00Z'))).toBe('today');
  });

  it('gives an unassigned Mastr pass no day', () => {
    expect(passDay(null, false, NOW)).toBeNull();
  });
});

describe('sorting by start', () => {
  const items = [{ s: '2026-11-21T09:00:00' }, { s: null }, { s: '2026-11-20T18:00:00' }];
  it('sorts soonest first and newest first', () => {
    expect([...items].sort(byStartAscending((i) => i.s)).map((i) => i.s)).toEqual([
      null,
      '2026-11-20T18:00:00',
      '2026-11-21T09:00:00',
    ]);
    expect([...items].sort(byStartDescending((i) => i.s)).map((i) => i.s)).toEqual([
      '2026-11-21T09:00:00',
      '2026-11-20T18:00:00',
      null,
    ]);
  });
});
