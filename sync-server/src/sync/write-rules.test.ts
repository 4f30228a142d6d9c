import { describe, expect, it } from 'vitest';
import { checkInId } from '@mastr/rules/doc-ids.ts';
import {
  CHECK_IN_METHODS,
  MAX_BULK_DOCS,
  bulkDocsOf,
  deviceClockOffsetMs,
  parseAvailabilityDocs,
  parseCheckIns,
} from './write-rules.ts';

// Wednesday 18 November 2026, 10:00 UK: this coach week began Sunday the 15th, next week the 22nd.
const NOW = new Date('2026-11-18T10:00:00Z');
const COACH = 'c'.repeat(24);
const GYM = 'a'.repeat(24);
const PASS = 'b'.repeat(24);
const ABBREVIATIONS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** An availability week as a coach's device pushes it, with one free 07:00 slot on Monday. */
function week(overrides: { weekStart?: string | null; dayId?: string; slotId?: string; rev?: string } = {}) {
  const weekStart = overrides.weekStart === undefined ? null : overrides.weekStart;
  return {
    _id: weekStart ? `availability:week:${weekStart}` : 'availability:default',
    ...(overrides.rev === undefined ? {} : { _rev: overrides.rev }),
    type: 'availability-week',
    coachId: COACH,
    weekStart,
    updatedAt: '2026-11-18T09:59:00.000Z',
    _deleted: false,
    days: ABBREVIATIONS.map((abbreviation, weekday) => ({
      _id: weekday === 1 && overrides.dayId !== undefined ? overrides.dayId : `${'d'.repeat(23)}${weekday}`,
      weekday,
      abbreviation,
      times: weekday === 1 ? [{ _id: overrides.slotId ?? 'e'.repeat(24), time: 25200 }] : [],
    })),
  };
}

const parseWeek = (doc: unknown) => parseAvailabilityDocs([doc], COACH, NOW);

describe('availability writes: ids, dates and revisions within bounds', () => {
  it('takes the default week, this week, next week and a week a year back', () => {
    for (const weekStart of [null, '2026-11-15', '2026-11-22', '2026-11-29', '2025-11-16'])
      expect(parseWeek(week({ weekStart })), String(weekStart)).toHaveLength(1);
    // Ids made by the PWA (24 hex) and by older or hand-made clients ('day-1', 'slot_1').
    expect(parseWeek(week({ dayId: 'day-1', slotId: 'slot_1-25200' }))).toHaveLength(1);
    expect(parseWeek(week({ rev: '3-917fa23b7c4a5d5f9b1e0b6a4c2d8e7f' }))).toHaveLength(1);
  });

  it('refuses a slot id or a day id of 1.5 MB, of odd characters or empty', () => {
    const huge = 'x'.repeat(1_500_000);
    for (const slotId of [huge, 'x'.repeat(65), '', 'a:b', 'a b', 'ü', '<script>'])
      expect(parseWeek(week({ slotId })), slotId.slice(0, 20)).toBeNull();
    for (const dayId of [huge, 'x'.repeat(65), '', 'a/b']) expect(parseWeek(week({ dayId }))).toBeNull();
    expect(parseWeek({ ...week(), days: week().days.map((d) => ({ ...d, _id: 7 })) })).toBeNull();
  });

  it("takes an old device's slot flags (written before decision 120) but nothing else in their place", () => {
    const withSlot = (slot: object) => ({
      ...week(),
      days: week().days.map((d) =>
        d.weekday === 1 ? { ...d, times: [{ _id: 'e'.repeat(24), time: 25200, ...slot }] } : d,
      ),
    });
    expect(parseWeek(withSlot({ booked: true, requested: false }))).toHaveLength(1);
    expect(parseWeek(withSlot({ booked: 'yes' }))).toBeNull();
    expect(parseWeek(withSlot({ held: true }))).toBeNull();
  });

  it('refuses a week that is not a real Sunday: 2026-02-29 reads as Sunday 1 March to Date.parse', () => {
    const now = new Date('2026-02-25T10:00:00Z');
    expect(parseAvailabilityDocs([week({ weekStart: '2026-02-22' })], COACH, now)).toHaveLength(1);
    expect(parseAvailabilityDocs([week({ weekStart: '2026-03-01' })], COACH, now)).toHaveLength(1);
    expect(parseAvailabilityDocs([week({ weekStart: '2026-02-29' })], COACH, now)).toBeNull();
    expect(parseAvailabilityDocs([week({ weekStart: '2026-02-30' })], COACH, now)).toBeNull();
  });

  it('refuses weeks beyond two weeks ahead or more than a year back', () => {
    for (const weekStart of ['2026-12-06', '2027-11-21', '9999-12-26', '2025-11-09', '1970-01-04'])
      expect(parseWeek(week({ weekStart })), weekStart).toBeNull();
  });

  it('refuses an updatedAt on a day the calendar does not have', () => {
    expect(parseWeek({ ...week(), updatedAt: '2026-02-30T10:00:00.000Z' })).toBeNull();
  });

  it('refuses a revision that is not one CouchDB wrote', () => {
    for (const rev of ['x'.repeat(100_000), `1-${'a'.repeat(65)}`, 'abc', '0-abc', '1-', '-abc', '1-ab c'])
      expect(parseWeek(week({ rev })), rev.slice(0, 20)).toBeNull();
  });
});

describe('check-in writes within bounds', () => {
  const checkIn = (overrides: Record<string, unknown> = {}) => ({
    _id: checkInId(PASS, 'r4nd0m'),
    type: 'check-in',
    passId: PASS,
    passKind: 'day-pass',
    gymId: GYM,
    checkedInAt: '2026-11-18T09:59:00.000Z',
    method: 'tap',
    deviceId: 'tablet-1',
    ...overrides,
  });

  it('takes a check-in, and refuses a day the calendar does not have, a huge revision or device name', () => {
    expect(parseCheckIns([checkIn()], GYM, NOW)).toHaveLength(1);
    expect(parseCheckIns([checkIn({ checkedInAt: '2026-11-31T09:59:00.000Z' })], GYM, NOW)).toBeNull();
    expect(parseCheckIns([checkIn({ _rev: 'x'.repeat(100_000) })], GYM, NOW)).toBeNull();
    expect(parseCheckIns([checkIn({ deviceId: 'x'.repeat(101) })], GYM, NOW)).toBeNull();
    expect(parseCheckIns([checkIn({ _id: checkInId(PASS, 'x'.repeat(1_000_000)) })], GYM, NOW)).toBeNull();
  });

  it("lets each path set only its own methods: a device's tap, code or QR, the online call's 'online' (decision 184)", () => {
    for (const method of ['tap', 'code', 'qr']) {
      expect(parseCheckIns([checkIn({ method })], GYM, NOW), method).toHaveLength(1);
      expect(parseCheckIns([checkIn({ method })], GYM, NOW, 0, CHECK_IN_METHODS.online), method).toBeNull();
    }
    expect(parseCheckIns([checkIn({ method: 'online' })], GYM, NOW)).toBeNull();
    expect(parseCheckIns([checkIn({ method: 'online' })], GYM, NOW, 0, CHECK_IN_METHODS.online)).toMatchObject([
      { method: 'online' },
    ]);
    // Every other rule holds on the online path too.
    expect(
      parseCheckIns([checkIn({ method: 'online', gymId: 'f'.repeat(24) })], GYM, NOW, 0, CHECK_IN_METHODS.online),
    ).toBeNull();
  });

  describe("a device's clock", () => {
    it('is ignored when the device sends none, something else, or a reading within 2 minutes of the server', () => {
      expect(deviceClockOffsetMs(undefined, NOW)).toBe(0);
      expect(deviceClockOffsetMs('yesterday', NOW)).toBe(0);
      expect(deviceClockOffsetMs('2026-11-18T10:01:59.000Z', NOW)).toBe(0);
    });

    it("moves check-ins made on a clock 3 hours slow onto the server's clock, and clamps them to now", () => {
      const offset = deviceClockOffsetMs('2026-11-18T07:00:00.000Z', NOW);
      expect(offset).toBe(3 * 3_600_000);
      expect(parseCheckIns([checkIn({ checkedInAt: '2026-11-18T06:30:00.000Z' })], GYM, NOW, offset)).toMatchObject([
        { checkedInAt: '2026-11-18T09:30:00.000Z' },
      ]);
      expect(parseCheckIns([checkIn({ checkedInAt: '2026-11-18T07:30:00.000Z' })], GYM, NOW, offset)).toMatchObject([
        { checkedInAt: NOW.toISOString() },
      ]);
    });
  });
});

describe('a _bulk_docs body', () => {
  it(`carries at most ${MAX_BULK_DOCS} documents`, () => {
    expect(bulkDocsOf({ docs: Array.from({ length: MAX_BULK_DOCS }, () => ({})) })).toHaveLength(MAX_BULK_DOCS);
    expect(bulkDocsOf({ docs: Array.from({ length: MAX_BULK_DOCS + 1 }, () => ({})) })).toBeNull();
  });
});
