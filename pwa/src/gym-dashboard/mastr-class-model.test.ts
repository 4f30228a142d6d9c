import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/index.ts';
import {
  activationErrorText,
  canSetMastrClasses,
  cancelClassErrorText,
  cancelDefaultErrorText,
  defaultSlotText,
  listedClasses,
  MASTR_CONFIRMATIONS,
  MASTR_TIMES,
  membersMovedBy,
} from './mastr-class-model.ts';

// Saturday 21 November 2026, 10:30 in the UK.
const NOW = new Date('2026-11-21T10:30:00Z');
const entry = (id: string, at: string, cancelled = false, assignedPasses: string[] = []) => ({
  _id: id,
  week: id === 'n' ? ('Next Class' as const) : ('Following Class' as const),
  classDateAndTime: at,
  cancelled,
  assignedPasses,
});

describe('the gym Mastr Class section', () => {
  it('offers hourly times 04:00 to 22:00 and needs a day and a time', () => {
    expect(MASTR_TIMES).toHaveLength(19);
    expect([MASTR_TIMES[0].label, MASTR_TIMES.at(-1)!.label]).toEqual(['04:00', '22:00']);
    expect(canSetMastrClasses({ day: 6, time: null })).toBe(false);
    expect(canSetMastrClasses({ day: null, time: 36000 })).toBe(false);
    expect(canSetMastrClasses({ day: 6, time: 36000 })).toBe(true);
    expect(defaultSlotText({ weekday: 6, time: 36000 })).toBe('Saturdays at 10:00');
    expect(defaultSlotText(null)).toBe('Not set up');
  });

  it('counts the members a new default day or time moves out of a class still to run, and asks first', () => {
    const classes = listedClasses(
      [entry('n', '2026-11-21T10:00:00', false, ['started']), entry('f', '2026-11-28T10:00:00', false, ['p1', 'p2'])],
      NOW,
    );
    const slot = { weekday: 6, time: 36000 };
    expect(membersMovedBy(classes, slot, 6, 36000)).toBe(0);
    expect(membersMovedBy(classes, slot, 7, 36000)).toBe(2);
    expect(membersMovedBy(classes, slot, 6, 39600)).toBe(2);
    expect(MASTR_CONFIRMATIONS.moveDefault('Sundays at 11:00', 2)).toBe(
      'Move your Mastr Class to Sundays at 11:00? 2 booked members will be told by email that the class has moved, and can book the new class or cancel for a full refund.',
    );
  });

  it('lets a class be cancelled only when neither cancelled nor started', () => {
    const classes = listedClasses(
      [entry('n', '2026-11-21T10:00:00'), entry('f', '2026-11-28T10:00:00', false, ['p1', 'p2'])],
      NOW,
    );
    expect(classes.map((c) => [c.week, c.status, c.canCancel, c.passes])).toEqual([
      ['Next Class', 'Started', false, 0],
      ['Following Class', 'Scheduled', true, 2],
    ]);
    expect(listedClasses([entry('n', '2026-11-28T10:00:00', true)], NOW)[0]).toMatchObject({
      status: 'Cancelled',
      canCancel: false,
    });
    expect(MASTR_CONFIRMATIONS.cancelClass(classes[1])).toBe(
      'Cancel the Following Class on Saturday 28th November 2026 at 10:00? 2 booked members will be asked to choose again.',
    );
  });

  it('uses the §8 texts', () => {
    expect(activationErrorText(new ApiError(400, 'Missing data'))).toBe('Missing data');
    expect(activationErrorText(new ApiError(401, ''))).toBe('Unauthorized');
    expect(activationErrorText(new ApiError(500, ''))).toBe('Activation Failed');
    expect(cancelClassErrorText(new ApiError(400, 'That Mastr class is cancelled.'))).toBe(
      "Missing ID's: That Mastr class is cancelled.",
    );
    expect(cancelClassErrorText(new ApiError(503, ''))).toBe('Cancel Booking Failed');
    expect(cancelDefaultErrorText(new ApiError(500, ''))).toBe('Cancel Default Class Failed');
  });
});
