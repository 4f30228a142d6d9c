import { describe, expect, it } from 'vitest';
import type { CheckInOutcomeDoc } from '@mastr/rules/documents.ts';
import {
  ANALYTICS_DAYS,
  analyticsSummary,
  analyticsWindow,
  dayLabel,
  gymAnalytics,
  type ActivityDocs,
} from './analytics-model.ts';

// 10:00 UK time on a winter day (GMT).
const NOW = new Date('2026-11-21T10:00:00Z');

const checkIn = (id: string, checkedInAt: string) => ({ _id: id, checkedInAt });
const outcome = (checkInId: string, result: CheckInOutcomeDoc['outcome']) => ({ checkInId, outcome: result });
const counted = (checkInId: string, at: string) => ({ checkInId, at });
const sale = (createdAt: string, cancelled = false) => ({ createdAt, cancelled });
const figuresOn = (docs: Partial<ActivityDocs>, date: string, now = NOW) =>
  gymAnalytics({ dayPasses: [], checkIns: [], checkedInPasses: [], outcomes: [], ...docs }, now).days.find(
    (d) => d.date === date,
  );

describe('the analytics window', () => {
  it('is the 28 UK days ending today, oldest first, read from the start of the first', () => {
    const { days, since } = analyticsWindow(NOW);
    expect(days).toHaveLength(ANALYTICS_DAYS);
    expect(days[0]).toBe('2026-10-25');
    expect(days.at(-1)).toBe('2026-11-21');
    // 25 October 2026 is the day British Summer Time ends: it starts at 00:00 BST = 23:00 UTC the day before.
    expect(since).toBe('2026-10-24T23:00:00.000Z');
    expect(new Set(days).size).toBe(ANALYTICS_DAYS);
  });

  it('ends on the UK date, not the device clock date, just after midnight in summer', () => {
    // 00:30 BST on 1 July is still 30 June in UTC.
    const { days, since } = analyticsWindow(new Date('2026-06-30T23:30:00Z'));
    expect(days.at(-1)).toBe('2026-07-01');
    expect(days[0]).toBe('2026-06-04');
    expect(since).toBe('2026-06-03T23:00:00.000Z');
  });

  it('has no gap or repeat across the spring clock change', () => {
    const { days } = analyticsWindow(new Date('2026-04-10T12:00:00Z'));
    expect(days).toContain('2026-03-29');
    expect(days.slice(days.indexOf('2026-03-28'), days.indexOf('2026-03-28') + 3)).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ]);
  });
});

describe('check-ins per day', () => {
  it('counts the check-ins the server counted on their passes, on the UK day of checkedInAt, once each', () => {
    const docs: Partial<ActivityDocs> = {
      checkedInPasses: [
        { countedCheckIns: [counted('a', '2026-11-20T09:00:00.000Z'), counted('b', '2026-11-20T12:00:00.000Z')] },
        { countedCheckIns: [counted('c', '2026-11-19T09:00:00.000Z')] },
        { countedCheckIns: null },
        {},
      ],
      // Decisions that did not count are outcome documents: nothing to count.
      outcomes: [outcome('d', 'duplicate'), outcome('e', 'refused')],
    };
    expect(figuresOn(docs, '2026-11-20')?.checkIns).toBe(2);
    expect(figuresOn(docs, '2026-11-19')?.checkIns).toBe(1);
    expect(
      gymAnalytics({ dayPasses: [], checkIns: [], checkedInPasses: [], outcomes: [], ...docs }, NOW).totals.checkIns,
    ).toBe(3);
  });

  it("reports this device's check-ins still waiting for their decision as pending, not counted", () => {
    const analytics = gymAnalytics(
      {
        dayPasses: [],
        // In the journal: 'a' counted (not forgotten yet), 'b' refused, 'c' waiting.
        checkIns: [
          checkIn('a', '2026-11-21T09:00:00.000Z'),
          checkIn('b', '2026-11-21T09:10:00.000Z'),
          checkIn('c', '2026-11-21T09:30:00.000Z'),
        ],
        checkedInPasses: [{ countedCheckIns: [counted('a', '2026-11-21T09:00:00.000Z')] }],
        outcomes: [outcome('b', 'refused')],
      },
      NOW,
    );
    expect(analytics.totals.checkIns).toBe(1);
    expect(analytics.pendingCheckIns).toBe(1);
  });

  it('puts a summer evening check-in on its UK day', () => {
    // 23:30 UTC on 14 July is 00:30 BST on 15 July.
    const docs = { checkedInPasses: [{ countedCheckIns: [counted('a', '2026-07-14T23:30:00.000Z')] }] };
    const now = new Date('2026-07-20T12:00:00Z');
    expect(figuresOn(docs, '2026-07-15', now)?.checkIns).toBe(1);
    expect(figuresOn(docs, '2026-07-14', now)?.checkIns).toBe(0);
  });

  it('leaves out check-ins before the window, counted or waiting', () => {
    const analytics = gymAnalytics(
      {
        dayPasses: [],
        checkIns: [checkIn('b', '2026-10-24T22:59:00.000Z')],
        checkedInPasses: [{ countedCheckIns: [counted('a', '2026-10-24T22:59:59.000Z')] }],
        outcomes: [],
      },
      NOW,
    );
    expect(analytics.totals.checkIns).toBe(0);
    expect(analytics.pendingCheckIns).toBe(0);
  });
});

describe('day-pass sales per day', () => {
  it('counts passes by the UK day they were sold, not the day of the visit, and not cancelled ones', () => {
    const dayPasses = [
      sale('2026-11-19T08:00:00.000Z'),
      sale('2026-11-19T20:00:00.000Z'),
      sale('2026-11-19T21:00:00.000Z', true),
      sale('2026-11-21T09:59:00.000Z'),
    ];
    const analytics = gymAnalytics({ dayPasses, checkIns: [], checkedInPasses: [], outcomes: [] }, NOW);
    expect(analytics.days.find((d) => d.date === '2026-11-19')?.dayPassSales).toBe(2);
    expect(analytics.days.at(-1)).toEqual({ date: '2026-11-21', checkIns: 0, dayPassSales: 1 });
    expect(analytics.totals.dayPassSales).toBe(3);
  });

  it('reads a stamp without an offset as a UK wall clock', () => {
    expect(figuresOn({ dayPasses: [sale('2026-11-18T23:30:00')] }, '2026-11-18')?.dayPassSales).toBe(1);
  });

  it('shows every day of the window, quiet ones as zero', () => {
    const analytics = gymAnalytics({ dayPasses: [], checkIns: [], checkedInPasses: [], outcomes: [] }, NOW);
    expect(analytics.days).toHaveLength(ANALYTICS_DAYS);
    expect(analytics.days.every((d) => d.checkIns === 0 && d.dayPassSales === 0)).toBe(true);
    expect(analytics.pendingCheckIns).toBe(0);
  });
});

describe('the summary', () => {
  it('says the totals and the busiest day in words', () => {
    const analytics = gymAnalytics(
      {
        dayPasses: [sale('2026-11-20T10:00:00.000Z')],
        checkIns: [],
        checkedInPasses: [
          { countedCheckIns: [counted('a', '2026-11-20T10:00:00.000Z'), counted('b', '2026-11-20T11:30:00.000Z')] },
        ],
        outcomes: [],
      },
      NOW,
    );
    expect(analyticsSummary(analytics)).toBe(
      'In the last 28 days: 2 check-ins and 1 day pass sold. Busiest day: Fri 20 Nov with 2 check-ins.',
    );
  });

  it('names no busiest day when nobody checked in', () => {
    const analytics = gymAnalytics({ dayPasses: [], checkIns: [], checkedInPasses: [], outcomes: [] }, NOW);
    expect(analyticsSummary(analytics)).toBe('In the last 28 days: 0 check-ins and 0 day passes sold.');
  });

  it('labels days short for the axis', () => {
    expect(dayLabel('2026-11-21')).toBe('Sat 21 Nov');
  });
});
