import { describe, expect, it } from 'vitest';
import { mastrClassAvailability, mastrClassId, withStoredClasses } from './mastr-class-schedule.ts';

const GYM = 'aaaaaaaaaaaaaaaaaaaaaaaa';
// Wednesday 18 November 2026, 10:00 in the UK (GMT).
const NOW = new Date('2026-11-18T10:00:00Z');
const at = (weekday: number, time: number, extra: { cancelled?: boolean; nextClassDate?: string } = {}) => ({
  mastrClassActive: true,
  mastrClassDefault: { weekday, time, cancelled: false, ...extra },
});
const dates = (gym: ReturnType<typeof at>, now = NOW) =>
  mastrClassAvailability(GYM, gym, now).map((c) => c.classDateAndTime);

describe('the next two Mastr classes', () => {
  it('are today when the class has not started yet, else a week on', () => {
    expect(dates(at(3, 39600))).toEqual(['2026-11-18T11:00:00', '2026-11-25T11:00:00']);
    expect(dates(at(3, 36000))).toEqual(['2026-11-25T10:00:00', '2026-12-02T10:00:00']); // starts exactly now
    expect(dates(at(2, 64800))).toEqual(['2026-11-24T18:00:00', '2026-12-01T18:00:00']);
    expect(dates(at(7, 14400))).toEqual(['2026-11-22T04:00:00', '2026-11-29T04:00:00']);
  });

  it('use the UK wall clock (British Summer Time)', () => {
    // 17:30 UTC on Thursday 18 June 2026 is 18:30 in the UK: the 18:00 class has started.
    expect(dates(at(4, 64800), new Date('2026-06-18T17:30:00Z'))).toEqual([
      '2026-06-25T18:00:00',
      '2026-07-02T18:00:00',
    ]);
  });

  it('keep the wall-clock time across the spring change (29 March 2026, 01:00 UTC)', () => {
    const sunday4am = at(7, 14400);
    // Saturday noon GMT: the Sunday 04:00 class is the first in BST, the following a week on.
    expect(dates(sunday4am, new Date('2026-03-28T12:00:00Z'))).toEqual(['2026-03-29T04:00:00', '2026-04-05T04:00:00']);
    // 02:59 UTC is 03:59 BST: not started yet; 03:00 UTC is 04:00 BST: started.
    expect(dates(sunday4am, new Date('2026-03-29T02:59:00Z'))).toEqual(['2026-03-29T04:00:00', '2026-04-05T04:00:00']);
    expect(dates(sunday4am, new Date('2026-03-29T03:00:00Z'))).toEqual(['2026-04-05T04:00:00', '2026-04-12T04:00:00']);
    // Saturday 28 March 21:30 UTC is 21:30 GMT: the 22:00 class has not started.
    expect(dates(at(6, 79200), new Date('2026-03-28T21:30:00Z'))).toEqual([
      '2026-03-28T22:00:00',
      '2026-04-04T22:00:00',
    ]);
  });

  it('keep the wall-clock time across the autumn change (25 October 2026, 01:00 UTC)', () => {
    // Saturday 24 October 21:30 UTC is 22:30 BST: the 22:00 class has started.
    expect(dates(at(6, 79200), new Date('2026-10-24T21:30:00Z'))).toEqual([
      '2026-10-31T22:00:00',
      '2026-11-07T22:00:00',
    ]);
    // Sunday 03:59 UTC is 03:59 GMT after the change: the 04:00 class has not started; 04:00 UTC has.
    expect(dates(at(7, 14400), new Date('2026-10-25T03:59:00Z'))).toEqual([
      '2026-10-25T04:00:00',
      '2026-11-01T04:00:00',
    ]);
    expect(dates(at(7, 14400), new Date('2026-10-25T04:00:00Z'))).toEqual([
      '2026-11-01T04:00:00',
      '2026-11-08T04:00:00',
    ]);
  });

  it("take a stored occurrence's cancellation, whatever the default says", () => {
    const options = mastrClassAvailability(GYM, at(4, 64800), NOW);
    const merged = withStoredClasses(options, (start) =>
      start === '2026-11-26T18:00:00'
        ? { cancelled: true }
        : start === '2026-11-19T18:00:00'
          ? { cancelled: false }
          : undefined,
    );
    expect(merged.map((c) => c.cancelled)).toEqual([false, true]);
    const defaultCancelled = mastrClassAvailability(GYM, at(4, 64800, { cancelled: true }), NOW);
    expect(withStoredClasses(defaultCancelled, () => ({ cancelled: false })).map((c) => c.cancelled)).toEqual([
      true,
      false,
    ]);
  });

  it('are named Next and Following Class with ids stable across calls', () => {
    const [next, following] = mastrClassAvailability(GYM, at(4, 64800), NOW);
    expect([next.week, following.week]).toEqual(['Next Class', 'Following Class']);
    expect(next._id).toBe(mastrClassId(GYM, '2026-11-19T18:00:00'));
    expect(next._id).not.toBe(following._id);
    expect(mastrClassId('bbbbbbbbbbbbbbbbbbbbbbbb', '2026-11-19T18:00:00')).not.toBe(next._id);
  });

  it('cancel the next class, or the one on the date the gym named', () => {
    expect(mastrClassAvailability(GYM, at(4, 64800, { cancelled: true }), NOW).map((c) => c.cancelled)).toEqual([
      true,
      false,
    ]);
    expect(
      mastrClassAvailability(GYM, at(4, 64800, { cancelled: true, nextClassDate: '2026-11-26T18:00:00' }), NOW).map(
        (c) => c.cancelled,
      ),
    ).toEqual([false, true]);
  });

  it('are none while the Mastr class is off or its slot is not a real weekday and time', () => {
    expect(mastrClassAvailability(GYM, { ...at(4, 64800), mastrClassActive: false }, NOW)).toEqual([]);
    expect(mastrClassAvailability(GYM, { mastrClassActive: true, mastrClassDefault: null }, NOW)).toEqual([]);
    expect(mastrClassAvailability(GYM, at(0, 64800), NOW)).toEqual([]);
    expect(mastrClassAvailability(GYM, at(4, 86400), NOW)).toEqual([]);
  });
});
