import { describe, expect, it } from 'vitest';
import type { VisitorPass } from './visitors.ts';
import { visitorsOf } from './visitors.ts';

const alex = 'a'.repeat(24);
const sam = 'b'.repeat(24);

function pass(memberId: string, day: number, over: Partial<VisitorPass> = {}): VisitorPass {
  return {
    passId: `${memberId.slice(0, 12)}${String(day).padStart(12, '0')}`,
    memberId,
    clientName: memberId === alex ? 'Alex Smith' : 'Sam Jones',
    clientEmail: memberId === alex ? 'alex@example.com' : 'sam@Example.com',
    dayDateStart: `2026-11-${String(day).padStart(2, '0')}T00:00:00`,
    cancelled: false,
    ...over,
  };
}

describe('visitorsOf', () => {
  it('lists each visitor once with at most 7 day passes, newest first', () => {
    const passes = [3, 1, 9, 2, 5, 4, 7, 6, 8].map((d) => pass(alex, d));
    const [visitor, ...others] = visitorsOf(passes);
    expect(others).toEqual([]);
    expect(visitor).toMatchObject({ _id: alex, userName: 'Alex Smith', email: 'alex@example.com' });
    expect(visitor).not.toHaveProperty('privateSessions');
    expect(visitor.dayPasses.map((p) => p.date.slice(8, 10))).toEqual(['09', '08', '07', '06', '05', '04', '03']);
    expect(visitor.dayPasses[0]._id).toBe(pass(alex, 9).passId);
  });

  it('leaves cancelled passes out and puts the most recent visitor first', () => {
    const visitors = visitorsOf([pass(alex, 3), pass(sam, 5), pass(sam, 9, { cancelled: true })]);
    expect(visitors.map((v) => v._id)).toEqual([sam, alex]);
    expect(visitors[0].dayPasses).toHaveLength(1);
  });

  it('names a visitor as on their newest pass', () => {
    const [visitor] = visitorsOf([pass(alex, 3, { clientName: 'Old Name' }), pass(alex, 4)]);
    expect(visitor.userName).toBe('Alex Smith');
  });

  it('keeps only the most recent visitors when limited', () => {
    const visitors = visitorsOf([pass(alex, 3), pass(sam, 5)], 1);
    expect(visitors.map((v) => v._id)).toEqual([sam]);
    expect(visitorsOf([], 5)).toEqual([]);
  });
});
