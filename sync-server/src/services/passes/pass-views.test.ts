import { describe, expect, it } from 'vitest';
import type { DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import {
  allMastrPassList,
  dayPassView,
  expiredDayPassList,
  mastrPassView,
  passFacts,
  unassignedMastrPassList,
  upcomingDayPassList,
  upcomingMastrPassList,
} from './pass-views.ts';

// Friday 20 November 2026, 12:00 in the UK (GMT).
const NOW = new Date('2026-11-20T12:00:00Z');
let n = 0;
const nextId = () => (n += 1).toString(16).padStart(24, '0');

function dayPass(day: string, over: Partial<DayPassDoc> = {}): DayPassDoc {
  const passId = nextId();
  return {
    _id: `daypass:${passId}`,
    _rev: '1-x',
    type: 'day-pass',
    passId,
    passType: 'Adult',
    dayDateStart: `${day}T00:00:00`,
    clientName: 'Alex',
    memberId: 'a'.repeat(24),
    gymId: 'g'.repeat(24),
    gymName: 'Iron Temple',
    idCode: 'abc234',
    entryToken: 'v1.secret.signature',
    clientEmail: 'alex@example.com',
    expired: false,
    cancelled: false,
    pricePence: 1500,
    checkIns: { all_check_ins: [], latest_check_in: null },
    countedCheckIns: [],
    createdAt: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}

function mastrPass(start: string | null, over: Partial<MastrPassDoc> = {}): MastrPassDoc {
  const passId = nextId();
  return {
    _id: `mastrpass:${passId}`,
    type: 'mastr-pass',
    passId,
    clientName: 'Sam',
    memberId: 'b'.repeat(24),
    gymId: 'g'.repeat(24),
    gymName: 'Iron Temple',
    dateAndTimeStart: start,
    idCode: 'xyz789',
    entryToken: 'v1.secret.signature',
    clientEmail: 'sam@example.com',
    expired: false,
    pricePence: 100,
    checkedIn: { checkedInState: false, check_in_time: null },
    createdAt: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}

const days = (list: { dayDateStart: string }[]) => list.map((p) => p.dayDateStart.slice(0, 10));
const starts = (list: { dateAndTimeStart: string | null }[]) => list.map((p) => p.dateAndTimeStart);

describe('day pass lists', () => {
  const passes = [
    dayPass('2026-11-22'),
    dayPass('2026-11-18'),
    dayPass('2026-11-20'),
    dayPass('2026-11-21', { cancelled: true }),
    dayPass('2026-11-20', { expired: true }),
    dayPass('2026-11-19'),
    dayPass('2026-11-10', { cancelled: true }),
  ];

  it("lists today's and later passes soonest first, cancelled ones left out", () => {
    expect(days(upcomingDayPassList(passes, NOW))).toEqual(['2026-11-20', '2026-11-22']);
  });

  it('lists earlier (and expired) passes newest first, cancelled ones left out, up to the cap', () => {
    expect(days(expiredDayPassList(passes, NOW, 50))).toEqual(['2026-11-20', '2026-11-19', '2026-11-18']);
    expect(days(expiredDayPassList(passes, NOW, 2))).toEqual(['2026-11-20', '2026-11-19']);
  });
});

describe('Mastr pass lists', () => {
  const passes = [
    mastrPass('2026-11-26T18:00:00'),
    mastrPass(null, { createdAt: '2026-11-05T00:00:00.000Z' }),
    mastrPass('2026-11-12T18:00:00'),
    mastrPass('2026-11-20T18:00:00'),
    mastrPass(null, { createdAt: '2026-11-02T00:00:00.000Z' }),
    mastrPass(null, { expired: true }),
    mastrPass('2026-11-19T18:00:00'),
  ];

  it('lists passes booked into a class today or later, soonest first', () => {
    expect(starts(upcomingMastrPassList(passes, NOW))).toEqual(['2026-11-20T18:00:00', '2026-11-26T18:00:00']);
  });

  it('lists unassigned passes oldest purchase first, expired ones left out', () => {
    expect(unassignedMastrPassList(passes).map((p) => p.createdAt)).toEqual([
      '2026-11-02T00:00:00.000Z',
      '2026-11-05T00:00:00.000Z',
    ]);
  });

  it('lists every pass: upcoming, unassigned, then past newest first up to the cap', () => {
    expect(starts(allMastrPassList(passes, NOW, 50))).toEqual([
      '2026-11-20T18:00:00',
      '2026-11-26T18:00:00',
      null,
      null,
      '2026-11-19T18:00:00',
      '2026-11-12T18:00:00',
    ]);
    expect(starts(allMastrPassList(passes, NOW, 1))).toEqual([
      '2026-11-20T18:00:00',
      '2026-11-26T18:00:00',
      null,
      null,
      '2026-11-19T18:00:00',
    ]);
  });
});

describe('pass facts and views', () => {
  it('keeps what the views and lists read, never the entry token or the check-in bookkeeping', () => {
    const facts = passFacts(dayPass('2026-11-20'));
    expect(facts).not.toBeNull();
    for (const key of ['entryToken', 'countedCheckIns', '_rev', 'pricePence']) expect(facts).not.toHaveProperty(key);
    expect(passFacts(mastrPass(null))).not.toHaveProperty('entryToken');
    expect(passFacts({ type: 'check-in' })).toBeNull();
  });

  it('shows a pass by its bare id in the §3 shape, copying nested objects', () => {
    const pass = dayPass('2026-11-20', {
      checkIns: { all_check_ins: ['2026-11-20T09:00:00.000Z'], latest_check_in: '2026-11-20T09:00:00.000Z' },
    });
    const view = dayPassView(pass);
    expect(view).toEqual({
      _id: pass.passId,
      passType: 'Adult',
      dayDateStart: '2026-11-20T00:00:00',
      clientName: 'Alex',
      idCode: 'abc234',
      gymName: 'Iron Temple',
      expired: false,
      checkIns: { all_check_ins: ['2026-11-20T09:00:00.000Z'], latest_check_in: '2026-11-20T09:00:00.000Z' },
    });
    view.checkIns.all_check_ins.push('x');
    expect(pass.checkIns.all_check_ins).toHaveLength(1);
    expect(Object.keys(mastrPassView(mastrPass(null))).sort()).toEqual(
      ['_id', 'cancelledClass', 'checkedIn', 'clientName', 'dateAndTimeStart', 'expired', 'gymName', 'idCode'].sort(),
    );
  });
});
