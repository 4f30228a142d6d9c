import { describe, expect, it } from 'vitest';
import type { CoachRequestDoc, GymRequestDoc } from '@mastr/rules/documents.ts';
import { coachRequestList, gymRequestList } from './request-views.ts';

function coachRequest(startTime: string, requestId: string): CoachRequestDoc {
  return {
    _id: `coach-request:${requestId}`,
    _rev: '1-x',
    type: 'coach-request',
    requestId,
    startTime,
    endTime: startTime.replace('T10', 'T11'),
    clientName: 'Alex',
    userProfile_id: 'a'.repeat(24),
    coachId: 'c'.repeat(24),
    coachFullName: 'Casey Jones',
    coachPrice: 4500,
    gymId: 'g'.repeat(24),
    gymName: 'Iron Temple',
    experienceLevel: 'Beginner',
    accepted: false,
    weekStart: '2026-11-22',
    bookingDayId: 'day1',
    bookingTimeObject_id: 'slot1',
    slotClaimId: 'slot-claim:2026-11-22:2:36000',
    createdAt: '2026-11-20T12:00:00.000Z',
  };
}

function gymRequest(startTime: string, requestId: string): GymRequestDoc {
  return {
    _id: `gym-request:${requestId}`,
    type: 'gym-request',
    requestId,
    startTime,
    endTime: startTime.replace('T10', 'T11'),
    gymId: 'g'.repeat(24),
    gymName: 'Iron Temple',
    requestedDiscipline: 'Boxing',
    sessionPrice: 4000,
    experienceLevel: 'Advanced',
    accepted: true,
    appliedCoaches: [
      {
        _id: 'x1',
        coach_id: 'c'.repeat(24),
        coachName: 'Casey Jones',
        coachProfileImage: '',
        coachDiscipline: 'Boxing',
        coachPrice: 4500,
      },
    ],
    userProfile_id: 'a'.repeat(24),
    clientName: 'Alex',
    createdAt: '2026-11-20T12:00:00.000Z',
  };
}

describe('request views', () => {
  it('lists coach requests soonest first by bare id, without the slot-claim bookkeeping', () => {
    const list = coachRequestList([
      coachRequest('2026-11-26T10:00:00', 'r2'),
      coachRequest('2026-11-24T10:00:00', 'r1'),
    ]);
    expect(list.map((r) => r._id)).toEqual(['r1', 'r2']);
    expect(list[0]).toMatchObject({
      startTime: '2026-11-24T10:00:00',
      endTime: '2026-11-24T11:00:00',
      coachFullName: 'Casey Jones',
      coachPrice: 4500,
      accepted: false,
      bookingDayId: 'day1',
      bookingTimeObject_id: 'slot1',
    });
    for (const key of ['slotClaimId', 'weekStart', 'type', '_rev', 'createdAt', 'requestId'])
      expect(list[0]).not.toHaveProperty(key);
  });

  it('lists gym requests soonest first with the coaches who applied', () => {
    const list = gymRequestList([gymRequest('2026-11-28T10:00:00', 'g2'), gymRequest('2026-11-25T10:00:00', 'g1')]);
    expect(list.map((r) => r._id)).toEqual(['g1', 'g2']);
    expect(list[0]).toMatchObject({ requestedDiscipline: 'Boxing', sessionPrice: 4000, accepted: true });
    expect(list[0].appliedCoaches).toEqual([gymRequest('x', 'y').appliedCoaches[0]]);
    expect(list[0]).not.toHaveProperty('type');
  });
});
