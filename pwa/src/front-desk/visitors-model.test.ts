import { describe, expect, it } from 'vitest';
import type { DayPassDoc } from '@mastr/rules/documents.ts';
import { searchVisitors, visitorsOf } from './visitors-model.ts';

function pass(memberId: string, day: number, over: Partial<DayPassDoc> = {}): DayPassDoc {
  const passId = `${memberId.slice(0, 12)}${String(day).padStart(12, '0')}`;
  return {
    _id: `daypass:${passId}`,
    type: 'day-pass',
    passId,
    passType: 'Adult',
    dayDateStart: `2026-11-${String(day).padStart(2, '0')}T00:00:00`,
    clientName: memberId === 'a'.repeat(24) ? 'Alex Smith' : 'Sam Jones',
    memberId,
    gymId: 'g'.repeat(24),
    gymName: 'Iron Temple',
    idCode: 'abc234',
    entryToken: 'v1.x.y',
    clientEmail: memberId === 'a'.repeat(24) ? 'alex@example.com' : 'sam@Example.com',
    expired: false,
    cancelled: false,
    pricePence: 1500,
    checkIns: { all_check_ins: [], latest_check_in: null },
    countedCheckIns: [],
    createdAt: '2026-11-01T00:00:00Z',
    ...over,
  };
}

const alex = 'a'.repeat(24);
const sam = 'b'.repeat(24);

describe('visitors', () => {
  it('lists each visitor once with at most 7 day passes, newest first, and no private sessions yet', () => {
    const passes = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => pass(alex, d));
    const [visitor] = visitorsOf(passes);
    expect(visitor).toMatchObject({
      _id: alex,
      userName: 'Alex Smith',
      email: 'alex@example.com',
      privateSessions: [],
    });
    expect(visitor.dayPasses.map((p) => p.date.slice(8, 10))).toEqual(['09', '08', '07', '06', '05', '04', '03']);
  });

  it('leaves cancelled passes out and puts the most recent visitor first', () => {
    const visitors = visitorsOf([pass(alex, 3), pass(sam, 5), pass(sam, 9, { cancelled: true })]);
    expect(visitors.map((v) => v._id)).toEqual([sam, alex]);
    expect(visitors[0].dayPasses).toHaveLength(1);
  });

  it('searches name and email case-insensitively; nothing found is an empty list', () => {
    const visitors = visitorsOf([pass(alex, 3), pass(sam, 5)]);
    expect(searchVisitors(visitors, 'SMITH').map((v) => v._id)).toEqual([alex]);
    expect(searchVisitors(visitors, 'sam@example').map((v) => v._id)).toEqual([sam]);
    expect(searchVisitors(visitors, '  ')).toHaveLength(2);
    expect(searchVisitors(visitors, 'nobody')).toEqual([]);
  });
});
