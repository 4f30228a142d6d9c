import { describe, expect, it } from 'vitest';
import { CLASS_FIELD_NAMES } from '@mastr/rules/class-fields.ts';
import { parseScheduleDocs } from './write-rules.ts';

// Wednesday 18 November 2026: this gym week began Monday the 16th, next week the 23rd.
const NOW = new Date('2026-11-18T10:00:00Z');
const GYM = 'a'.repeat(24);
const ABBREVIATIONS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

type ClassOverrides = Partial<Record<'startTime' | 'endTime' | 'discipline' | 'difficulty' | 'location', unknown>> & {
  kidsClass?: unknown;
  _id?: unknown;
  extra?: unknown;
};

/** A schedule week as a gym's device pushes it, with one class on Monday. */
function week(
  overrides: { weekStart?: string | null; gymId?: string; cls?: ClassOverrides; deleted?: boolean } = {},
  extraClasses: object[] = [],
) {
  const weekStart = overrides.weekStart === undefined ? null : overrides.weekStart;
  return {
    _id: weekStart ? `schedule:week:${weekStart}` : 'schedule:default',
    type: 'schedule-week',
    gymId: overrides.gymId ?? GYM,
    weekStart,
    updatedAt: '2026-11-18T09:59:00.000Z',
    _deleted: overrides.deleted ?? false,
    days: ABBREVIATIONS.map((abbreviation, i) => ({
      _id: `day-${i + 1}`,
      weekday: i + 1,
      abbreviation,
      classes:
        i === 0
          ? [
              {
                _id: 'class-1',
                discipline: 'Boxing',
                difficulty: 'Fundamentals',
                startTime: 9 * 3600,
                endTime: 10 * 3600,
                location: 'Main mat',
                kidsClass: false,
                ...overrides.cls,
              },
              ...extraClasses,
            ]
          : [],
    })),
  };
}

const parse = (doc: unknown) => parseScheduleDocs([doc], GYM, NOW);

describe('schedule writes from a gym device', () => {
  it('takes the default, this week, next week and the week after, and a week a year back', () => {
    for (const weekStart of [null, '2026-11-16', '2026-11-23', '2026-11-30', '2025-11-17'])
      expect(parse(week({ weekStart })), String(weekStart)).toHaveLength(1);
  });

  it('refuses a week that is no Monday, too far ahead or back, of another gym, or a delete', () => {
    for (const weekStart of ['2026-11-17', '2026-12-07', '2025-11-10', '2026-02-30'])
      expect(parse(week({ weekStart })), weekStart).toBeNull();
    expect(parse(week({ gymId: 'b'.repeat(24) }))).toBeNull();
    expect(parse(week({ deleted: true }))).toBeNull();
    expect(parse({ ...week(), _id: 'schedule:week:2026-11-16' })).toBeNull();
    expect(parse({ ...week(), type: 'availability-week' })).toBeNull();
    expect(parse({ ...week(), days: week().days.slice(1) })).toBeNull();
    expect(parse({ ...week(), extra: 1 })).toBeNull();
  });

  it('refuses a class off the 30-minute grid, an end not after its start, an unknown discipline or difficulty', () => {
    for (const cls of [
      { startTime: 9 * 3600 + 900 },
      { startTime: 4 * 3600 },
      { startTime: 22.5 * 3600, endTime: 23 * 3600 },
      { endTime: 9 * 3600 },
      { endTime: 8 * 3600 },
      { endTime: 25 * 3600 },
      { discipline: 'Yoga' },
      { difficulty: 'Expert' },
      { kidsClass: 'no' },
      { location: '' },
      { _id: 'x'.repeat(65) },
      { extra: 1 },
    ] as ClassOverrides[])
      expect(parse(week({ cls })), JSON.stringify(cls)).toBeNull();
  });

  it('takes a class of exactly its declared fields (rules/class-fields.ts): one missing or one more is refused', () => {
    const withClass = (cls: object) => {
      const doc = week();
      doc.days[0].classes = [cls as (typeof doc.days)[0]['classes'][0]];
      return parse(doc);
    };
    const cls = week().days[0].classes[0];
    expect(withClass(cls)).toHaveLength(1);
    for (const field of CLASS_FIELD_NAMES) {
      const without: Record<string, unknown> = { ...cls };
      delete without[field];
      expect(withClass(without), field).toBeNull();
    }
    expect(withClass({ ...cls, booked: false })).toBeNull();
  });

  it('refuses a class id twice in one week', () => {
    const twin = { ...week().days[0].classes[0], startTime: 18 * 3600, endTime: 19 * 3600 };
    expect(parse(week({}, [twin]))).toBeNull();
    expect(parse(week({}, [{ ...twin, _id: 'class-2' }]))).toHaveLength(1);
  });

  it('refuses an empty batch and a mixed one', () => {
    expect(parseScheduleDocs([], GYM, NOW)).toBeNull();
    expect(parseScheduleDocs([week(), { _id: 'checkin:x:y', type: 'check-in' }], GYM, NOW)).toBeNull();
  });
});
