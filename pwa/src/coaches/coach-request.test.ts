import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/index.ts';
import type { CoachAvailabilityDay } from '@mastr/rules/api/availability.ts';
import type { SlotChoice } from './availability-grid-model.ts';
import { availabilityAfterConflict, coachRequestBody, coachRequestErrorText } from './coach-request.ts';

const CHOICE: SlotChoice = {
  weekKind: 'nextWeek',
  dayId: 'day-2',
  weekday: 2,
  abbreviation: 'Tue',
  date: '2026-11-24',
  slot: { _id: 'slot-8', time: 28800, booked: false, requested: false },
};

const AVAILABILITY: CoachAvailabilityDay[] = [
  {
    _id: 'day-2',
    weekday: 2,
    abbreviation: 'Tue',
    defaultTimes: [],
    currentWeekTimes: [],
    nextWeekTimes: [{ ...CHOICE.slot, requested: true }],
  },
];

describe('coach request body', () => {
  it('carries the member, coach, chosen gym and level, the slot and its UK date and week', () => {
    const body = coachRequestBody(
      { _id: 'coach-1', price: 4000 },
      CHOICE,
      { gymId: 'gym-1', experience: 'Intermediate' },
      { profileId: 'member-1', email: 'sam@example.com' },
    );
    expect(body).toEqual({
      userEmail: 'sam@example.com',
      coach_id: 'coach-1',
      user_id: 'member-1',
      gym_id: 'gym-1',
      coachPrice: 4000,
      selectedExperience: 'Intermediate',
      bookingTimeObject: { _id: 'slot-8', time: 28800, booked: false, requested: false },
      bookingDayId: 'day-2',
      bookingDate: '2026-11-24',
      currentOrNextWeek: 'nextWeek',
    });
  });

  it('sends only the slot fields the contract names', () => {
    const slot = { ...CHOICE.slot, extra: 'ignored' };
    const body = coachRequestBody(
      { _id: 'c', price: 1 },
      { ...CHOICE, slot },
      { gymId: 'g', experience: 'Beginner' },
      { profileId: 'm', email: 'e@x.io' },
    );
    expect(Object.keys(body.bookingTimeObject).sort()).toEqual(['_id', 'booked', 'requested', 'time']);
  });
});

describe('coach request errors (§8 booking)', () => {
  const answer = (status: number, body?: unknown) => new ApiError(status, 'ignored', body);

  it("says Missing data with the server's reason on 400", () => {
    expect(coachRequestErrorText(answer(400, { message: 'That day has passed.' }))).toBe(
      'Missing data: That day has passed.',
    );
    expect(coachRequestErrorText(answer(400))).toBe('Missing data');
  });

  it('says Unauthorized on 401', () => {
    expect(coachRequestErrorText(answer(401, { message: 'Missing authentication' }))).toBe('Unauthorized');
  });

  it("shows the server's message when someone took the slot first (409)", () => {
    const taken = answer(409, {
      message: 'That time has just been taken. Please choose another.',
      availability: AVAILABILITY,
    });
    expect(coachRequestErrorText(taken)).toBe('That time has just been taken. Please choose another.');
  });

  it('says Booking Failed for any other answer and No Server Response without one', () => {
    expect(coachRequestErrorText(answer(403))).toBe('Booking Failed');
    expect(coachRequestErrorText(answer(500, { message: 'boom' }))).toBe('Booking Failed');
    expect(coachRequestErrorText(answer(0))).toBe('No Server Response.');
    expect(coachRequestErrorText(new Error('offline'))).toBe('No Server Response.');
  });

  it('hands back the fresh availability of a 409 only', () => {
    expect(availabilityAfterConflict(answer(409, { message: 'taken', availability: AVAILABILITY }))).toEqual(
      AVAILABILITY,
    );
    expect(availabilityAfterConflict(answer(409, { message: 'taken' }))).toBeNull();
    expect(availabilityAfterConflict(answer(400, { availability: AVAILABILITY }))).toBeNull();
  });
});
