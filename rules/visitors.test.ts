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
    expect(visitor.privateSessions).toEqual([]);
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

  it('counts private sessions too: at most 7 each, newest first, cancelled ones left out', () => {
    const session = (memberId: string, day: number, cancelled = false) => ({
      bookingId: `${memberId.slice(0, 12)}${String(day).padStart(12, '1')}`,
      userProfile_id: memberId,
      clientName: memberId === alex ? 'Alex Smith' : 'Sam Jones',
      startTime: `2026-11-${String(day).padStart(2, '0')}T18:00:00`,
      cancelled,
    });
    const sessions = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => session(alex, d));
    const visitors = visitorsOf([pass(alex, 2), pass(sam, 20)], Infinity, [
      ...sessions,
      session(sam, 25, true),
      session(sam, 10),
    ]);
    expect(visitors.map((v) => v._id)).toEqual([sam, alex]);
    const alexVisits = visitors[1];
    expect(alexVisits.privateSessions.map((s) => s.date.slice(8, 10))).toEqual([
      '09',
      '08',
      '07',
      '06',
      '05',
      '04',
      '03',
    ]);
    expect(alexVisits.dayPasses).toHaveLength(1);
    expect(alexVisits.email).toBe('alex@example.com');
    expect(visitors[0].privateSessions).toEqual([{ _id: session(sam, 10).bookingId, date: '2026-11-10T18:00:00' }]);
    // A member seen only through private sessions has no email to show.
    const [only] = visitorsOf([], Infinity, [session(alex, 3)]);
    expect(only).toMatchObject({ userName: 'Alex Smith', email: '', dayPasses: [] });
  });
});
