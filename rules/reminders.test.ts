import { describe, expect, it } from 'vitest';
import { dueReminderRuns, isOnDay } from './reminders.ts';

describe('dueReminderRuns: on the UK clock', () => {
  it('none before 07:00, the morning run from 07:00, both from 18:00 (winter, GMT)', () => {
    expect(dueReminderRuns(new Date('2026-12-04T06:59:00Z'))).toEqual([]);
    expect(dueReminderRuns(new Date('2026-12-04T07:00:00Z'))).toEqual([
      { run: 'morning', runDate: '2026-12-04', forDate: '2026-12-04' },
    ]);
    expect(dueReminderRuns(new Date('2026-12-04T18:00:00Z'))).toEqual([
      { run: 'evening', runDate: '2026-12-04', forDate: '2026-12-05' },
      { run: 'morning', runDate: '2026-12-04', forDate: '2026-12-04' },
    ]);
  });

  it('follows British Summer Time: 18:00 in July is 17:00 UTC, and the month rolls over', () => {
    expect(dueReminderRuns(new Date('2026-07-31T16:59:00Z')).map((r) => r.run)).toEqual(['morning']);
    expect(dueReminderRuns(new Date('2026-07-31T17:00:00Z'))[0]).toEqual({
      run: 'evening',
      runDate: '2026-07-31',
      forDate: '2026-08-01',
    });
  });

  it('just before midnight the evening run is still due, and just after it the day starts afresh', () => {
    expect(dueReminderRuns(new Date('2026-12-04T23:59:00Z'))).toHaveLength(2);
    expect(dueReminderRuns(new Date('2026-12-05T00:01:00Z'))).toEqual([]);
  });
});

describe('isOnDay', () => {
  it('reads the day of a wall clock or a day key', () => {
    expect(isOnDay('2026-12-05T18:00:00', '2026-12-05')).toBe(true);
    expect(isOnDay('2026-12-05', '2026-12-05')).toBe(true);
    expect(isOnDay('2026-12-06T00:00:00', '2026-12-05')).toBe(false);
    expect(isOnDay(null, '2026-12-05')).toBe(false);
  });
});
