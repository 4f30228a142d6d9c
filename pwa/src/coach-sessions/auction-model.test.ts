import { describe, expect, it } from 'vitest';
import type { GymSessionRequestView } from '@mastr/rules/api/me.ts';
import { applyFailure, applyQuestion, auctionRows, auctionTitle, AUCTION_TEXTS } from './auction-model.ts';

function request(id: string, startTime: string, appliedBy: string[] = []): GymSessionRequestView {
  return {
    _id: id,
    startTime,
    endTime: `${startTime.slice(0, 11)}${String(Number(startTime.slice(11, 13)) + 1).padStart(2, '0')}:00:00`,
    gymId: 'g1',
    gymName: 'Iron Temple',
    requestedDiscipline: 'Boxing',
    sessionPrice: 2000,
    experienceLevel: 'Beginner',
    accepted: appliedBy.length > 0,
    appliedCoaches: appliedBy.map((coachId) => ({
      _id: `a-${coachId}`,
      coach_id: coachId,
      coachName: 'Coach',
      coachProfileImage: '',
      coachDiscipline: 'Boxing',
      coachPrice: 4000,
    })),
    userProfile_id: 'u1',
    clientName: `Client ${id}`,
  };
}

describe('auctionRows', () => {
  it('lists the requests soonest first with discipline, date, client, times and price', () => {
    const rows = auctionRows([request('b', '2026-12-09T18:00:00'), request('a', '2026-12-07T09:00:00')], 'c1');
    expect(rows.map((row) => row.requestId)).toEqual(['a', 'b']);
    expect(rows[0]).toEqual({
      requestId: 'a',
      discipline: 'Boxing',
      day: 'Monday 7th December',
      clientName: 'Client a',
      start: '09:00',
      end: '10:00',
      price: '£20/hr',
      applied: false,
    });
  });

  it('knows the requests this coach applied for (Apply hidden), not those of others', () => {
    const rows = auctionRows(
      [request('a', '2026-12-07T09:00:00', ['c1']), request('b', '2026-12-08T09:00:00', ['c2'])],
      'c1',
    );
    expect(rows.map((row) => row.applied)).toEqual([true, false]);
  });
});

describe('texts', () => {
  it('names the page and asks before applying', () => {
    expect(auctionTitle('Iron Temple')).toBe('Auction - Iron Temple');
    expect(applyQuestion('Sam')).toBe('Apply for a PT with Sam?');
  });

  it('puts a 409 in the banner and the rest of §8 on the status line', () => {
    expect(applyFailure(409, 'You have already applied.')).toEqual({
      banner: true,
      text: 'Conflict: You have already applied.',
    });
    expect(applyFailure(409)).toEqual({ banner: true, text: 'Conflict' });
    expect(applyFailure(0)).toEqual({ banner: false, text: AUCTION_TEXTS.offline });
    expect(applyFailure(400).text).toBe("Missing ID's");
    expect(applyFailure(400, 'This request is no longer available.').text).toBe('This request is no longer available.');
    expect(applyFailure(401).text).toBe('Unauthorized');
    expect(applyFailure(500).text).toBe('Apply for Session Failed');
  });
});
