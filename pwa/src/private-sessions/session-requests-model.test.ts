import { describe, expect, it } from 'vitest';
import type { CoachRequestDoc, GymRequestDoc } from '@mastr/rules/documents.ts';
import { ApiError } from '../api/index.ts';
import { checkoutFailure } from './session-checkout-errors.ts';
import { memberCoachRequests, memberGymRequests } from './session-requests-model.ts';

// Thursday 19 November 2026, 12:00 in the UK (GMT).
const NOW = new Date('2026-11-19T12:00:00Z');

function coachRequest(id: string, start: string, extra: Partial<CoachRequestDoc> = {}): CoachRequestDoc {
  return {
    _id: `coach-request:${id}`,
    type: 'coach-request',
    requestId: id,
    startTime: `${start}:00`,
    endTime: `${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:00:00`,
    clientName: 'Sam Member',
    userProfile_id: 'member',
    coachId: 'coach',
    coachFullName: 'Alex Coach',
    coachPrice: 4500,
    gymId: 'gym',
    gymName: 'Iron Temple',
    experienceLevel: 'Beginner',
    accepted: false,
    weekStart: '2026-11-15',
    bookingDayId: 'day',
    bookingTimeObject_id: 'slot',
    slotClaimId: 'claim',
    createdAt: '2026-11-18T10:00:00.000Z',
    ...extra,
  };
}

function gymRequest(id: string, start: string, coaches: GymRequestDoc['appliedCoaches'] = []): GymRequestDoc {
  return {
    _id: `gym-request:${id}`,
    type: 'gym-request',
    requestId: id,
    startTime: `${start}:00`,
    endTime: `${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:00:00`,
    gymId: 'gym',
    gymName: 'Iron Temple',
    requestedDiscipline: 'Boxing',
    sessionPrice: 2000,
    experienceLevel: 'Intermediate',
    accepted: coaches.length > 0,
    appliedCoaches: coaches,
    userProfile_id: 'member',
    clientName: 'Sam Member',
    createdAt: '2026-11-18T10:00:00.000Z',
  };
}

const applied = (id: string, price: number) => ({
  _id: `app-${id}`,
  coach_id: id,
  coachName: `Coach ${id}`,
  coachProfileImage: '',
  coachDiscipline: 'Boxing',
  coachPrice: price,
});

describe('memberCoachRequests', () => {
  it('groups accepted and requested, soonest first, with the coach, time and price', () => {
    const lists = memberCoachRequests(
      [
        coachRequest('b', '2026-11-24T10:00'),
        coachRequest('a', '2026-11-22T09:00', { accepted: true, acceptedAt: '2026-11-19T08:00:00.000Z' }),
        coachRequest('c', '2026-11-23T18:00'),
      ],
      NOW,
    );
    expect(lists.accepted).toEqual([
      expect.objectContaining({
        requestId: 'a',
        coachFullName: 'Alex Coach',
        date: 'Sunday 22nd November 2026',
        time: '09:00 – 10:00',
        price: '£45/hr',
      }),
    ]);
    expect(lists.requested.map((r) => r.requestId)).toEqual(['c', 'b']);
  });

  it('leaves out started sessions, lapsed acceptances and requests hidden after a 409', () => {
    const lists = memberCoachRequests(
      [
        coachRequest('started', '2026-11-19T11:00'),
        coachRequest('lapsed', '2026-11-25T10:00', { accepted: true, acceptedAt: '2026-11-18T11:00:00.000Z' }),
        coachRequest('gone', '2026-11-25T11:00', { accepted: true, acceptedAt: '2026-11-19T11:00:00.000Z' }),
        coachRequest('kept', '2026-11-25T12:00', { accepted: true, acceptedAt: '2026-11-19T11:00:00.000Z' }),
      ],
      NOW,
      new Set(['gone']),
    );
    expect(lists.accepted.map((r) => r.requestId)).toEqual(['kept']);
    expect(lists.requested).toEqual([]);
  });
});

describe('memberGymRequests', () => {
  it("puts requests with applied coaches under accepted, each coach at the request's £20 with their own rate", () => {
    const lists = memberGymRequests(
      [
        gymRequest('open', '2026-11-24T10:00'),
        gymRequest('taken', '2026-11-23T10:00', [applied('c1', 4500), applied('c2', 3000)]),
      ],
      NOW,
    );
    expect(lists.open.map((r) => r.requestId)).toEqual(['open']);
    expect(lists.open[0]).toMatchObject({
      discipline: 'Boxing',
      sessionPrice: '£20/hr',
      date: 'Tuesday 24th November 2026',
    });
    expect(lists.accepted[0].coaches).toEqual([
      expect.objectContaining({ coachId: 'c1', coachName: 'Coach c1', coachPrice: '£45/hr', price: '£20' }),
      expect.objectContaining({ coachId: 'c2', coachPrice: '£30/hr', price: '£20' }),
    ]);
  });

  it('leaves out started and hidden requests', () => {
    const lists = memberGymRequests(
      [gymRequest('old', '2026-11-19T09:00'), gymRequest('hidden', '2026-11-24T10:00')],
      NOW,
      new Set(['hidden']),
    );
    expect(lists).toEqual({ accepted: [], open: [] });
  });
});

describe('checkoutFailure (§8 "Accept or checkout (user)")', () => {
  it('words each status', () => {
    expect(checkoutFailure(new ApiError(409, 'This session has already been booked.'))).toEqual({
      kind: 'conflict',
      title: 'Conflict',
      message: 'This session has already been booked.',
    });
    expect(checkoutFailure(new ApiError(400, "Missing ID's"))).toEqual({ kind: 'error', message: "Missing ID's" });
    expect(checkoutFailure(new ApiError(400, 'The coach cannot take payments yet.')).message).toBe(
      "Missing ID's: The coach cannot take payments yet.",
    );
    expect(checkoutFailure(new ApiError(401, 'x')).message).toBe('Unauthorized');
    expect(checkoutFailure(new ApiError(500, 'x')).message).toBe('Accept Session Failed');
    expect(checkoutFailure(new TypeError('fetch')).message).toMatch(/offline/);
  });

  it("keeps the gym request list a gym request's 409 carries afresh, so a request still open stays", () => {
    const body = {
      message: 'That coach is booked then.',
      privateSessionRequestsGymInformation: [{ _id: 'r1' }, { _id: 'r2' }],
    };
    const failure = checkoutFailure(new ApiError(409, body.message, body));
    expect(failure.kind).toBe('conflict');
    expect(failure.kind === 'conflict' && [...(failure.openRequestIds ?? [])]).toEqual(['r1', 'r2']);
  });
});
