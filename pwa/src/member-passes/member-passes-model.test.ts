import { describe, expect, it } from 'vitest';
import type { DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { memberDayPasses, memberMastrPasses, memberPasses } from './member-passes-model.ts';

// Thursday 19 November 2026, 12:00 in the UK.
const NOW = new Date('2026-11-19T12:00:00Z');

function dayPass(id: string, day: string, extra: Partial<DayPassDoc> = {}): DayPassDoc {
  return {
    _id: `daypass:${id}`,
    type: 'day-pass',
    passId: id,
    passType: 'Adult',
    dayDateStart: `${day}T00:00:00`,
    clientName: 'Sam Member',
    memberId: 'member',
    gymId: 'gym',
    gymName: 'Iron Temple',
    idCode: 'abc234',
    entryToken: `v1.payload-${id}.signature`,
    clientEmail: 'sam@example.com',
    expired: false,
    cancelled: false,
    pricePence: 1500,
    checkIns: { all_check_ins: [], latest_check_in: null },
    countedCheckIns: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    ...extra,
  };
}

function mastrPass(id: string, start: string | null, extra: Partial<MastrPassDoc> = {}): MastrPassDoc {
  return {
    _id: `mastrpass:${id}`,
    type: 'mastr-pass',
    passId: id,
    clientName: 'Sam Member',
    memberId: 'member',
    gymId: 'gym',
    gymName: 'Iron Temple',
    dateAndTimeStart: start,
    idCode: 'xyz789',
    entryToken: `v1.payload-${id}.signature`,
    clientEmail: 'sam@example.com',
    expired: false,
    pricePence: 100,
    checkedIn: { checkedInState: false, check_in_time: null },
    countedCheckIns: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    ...extra,
  };
}

describe('member day passes', () => {
  it("lists today's and upcoming passes soonest first, with the date in words", () => {
    const passes = memberDayPasses(
      [dayPass('c', '2026-11-25'), dayPass('a', '2026-11-19'), dayPass('b', '2026-11-20', { passType: 'Kids' })],
      NOW,
    );
    expect(passes.map((p) => [p.id, p.date, p.passType, p.today])).toEqual([
      ['daypass:a', 'Thursday 19th November 2026', 'Adult', true],
      ['daypass:b', 'Friday 20th November 2026', 'Kids', false],
      ['daypass:c', 'Wednesday 25th November 2026', 'Adult', false],
    ]);
  });

  it('leaves out past, expired and cancelled passes', () => {
    const passes = memberDayPasses(
      [
        dayPass('past', '2026-11-18'),
        dayPass('expired', '2026-11-19', { expired: true }),
        dayPass('cancelled', '2026-11-21', { cancelled: true }),
      ],
      NOW,
    );
    expect(passes).toEqual([]);
  });

  it('carries what cancelling needs: the pass id and its UK day', () => {
    const [pass] = memberDayPasses([dayPass('a', '2026-11-21')], NOW);
    expect([pass.passId, pass.day]).toEqual(['a', '2026-11-21']);
  });

  it('shows the entry code upper-case and carries the signed token for the QR code', () => {
    const [pass] = memberDayPasses([dayPass('a', '2026-11-19')], NOW);
    expect(pass.code).toEqual({ text: 'ABC234', token: 'v1.payload-a.signature' });
  });

  it('reckons today on the UK date', () => {
    // 00:30 on Friday 20 November in the UK: Thursday's pass is past, whatever zone the device clock is in.
    const passes = memberDayPasses(
      [dayPass('thu', '2026-11-19'), dayPass('fri', '2026-11-20')],
      new Date('2026-11-20T00:30:00Z'),
    );
    expect(passes.map((p) => [p.id, p.today])).toEqual([['daypass:fri', true]]);
  });
});

describe('member Mastr class passes', () => {
  it('lists booked passes soonest first with date and time, then unbooked ones by purchase', () => {
    const passes = memberMastrPasses(
      [
        mastrPass('later-buy', null, { createdAt: '2026-11-10T09:00:00.000Z' }),
        mastrPass('next', '2026-11-26T18:30:00'),
        mastrPass('today', '2026-11-19T19:00:00'),
        mastrPass('first-buy', null, { createdAt: '2026-11-02T09:00:00.000Z' }),
      ],
      NOW,
    );
    expect(passes.map((p) => [p.id, p.booked])).toEqual([
      ['mastrpass:today', { date: 'Thursday 19th November 2026', time: '19:00', today: true }],
      ['mastrpass:next', { date: 'Thursday 26th November 2026', time: '18:30', today: false }],
      ['mastrpass:first-buy', null],
      ['mastrpass:later-buy', null],
    ]);
    expect(passes[0].code.text).toBe('XYZ789');
  });

  it('leaves out past and expired passes, booked or not', () => {
    const passes = memberMastrPasses(
      [
        mastrPass('past', '2026-11-12T18:30:00'),
        mastrPass('expired-today', '2026-11-19T10:00:00', { expired: true }),
        mastrPass('expired', null, { expired: true }),
      ],
      NOW,
    );
    expect(passes).toEqual([]);
  });
});

describe('member passes (tab counts)', () => {
  it('counts what each tab lists', () => {
    const { dayPasses, mastrPasses } = memberPasses(
      [dayPass('a', '2026-11-19'), dayPass('b', '2026-11-21'), dayPass('old', '2026-11-01')],
      [mastrPass('m', null)],
      NOW,
    );
    expect([dayPasses.length, mastrPasses.length]).toEqual([2, 1]);
  });

  it('is empty for a member with no passes', () => {
    expect(memberPasses([], [], NOW)).toEqual({ dayPasses: [], mastrPasses: [] });
  });
});

describe('a Mastr pass whose class the gym cancelled', () => {
  it('is listed unassigned with the notice; booked again, the notice goes', () => {
    const released = mastrPass('m1', null, {
      cancelledClass: { classDateAndTime: '2026-11-21T10:00:00', cancelledAt: 'x' },
    });
    const [pass] = memberMastrPasses([released], NOW);
    expect(pass).toMatchObject({ passId: 'm1', booked: null });
    expect(pass.notice).toContain('Saturday 21st November 2026 at 10:00');
    const [rebooked] = memberMastrPasses([{ ...released, dateAndTimeStart: '2026-11-28T10:00:00' }], NOW);
    expect(rebooked.notice).toBeNull();
  });
});

describe('a Mastr pass its member cancelled (decision 70)', () => {
  it('is gone from the list, booked or not; the others carry their class start for the refund rule', () => {
    const booked = mastrPass('m1', '2026-11-21T10:00:00');
    const passes = memberMastrPasses(
      [
        booked,
        mastrPass('m2', null),
        { ...mastrPass('m3', '2026-11-21T10:00:00'), cancelled: true },
        { ...mastrPass('m4', null), cancelled: true },
      ],
      NOW,
    );
    expect(passes.map((p) => [p.passId, p.classStart])).toEqual([
      ['m1', '2026-11-21T10:00:00'],
      ['m2', null],
    ]);
  });
});
