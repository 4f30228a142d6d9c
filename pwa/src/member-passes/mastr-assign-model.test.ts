import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/index.ts';
import { ASSIGN_TEXTS, assignErrorText, cancelledClassNotice, classChoices } from './mastr-assign-model.ts';

// Saturday 21 November 2026, 09:30 in the UK (GMT).
const NOW = new Date('2026-11-21T09:30:00Z');
const option = (
  id: string,
  classDateAndTime: string,
  cancelled = false,
  week: 'Next Class' | 'Following Class' = 'Next Class',
) => ({
  _id: id,
  week,
  classDateAndTime,
  cancelled,
});

describe('choosing a Mastr class', () => {
  it('offers the classes in order, a cancelled or started one shown but not choosable', () => {
    const choices = classChoices(
      [
        option('a', '2026-11-21T10:00:00'),
        option('b', '2026-11-28T10:00:00', true, 'Following Class'),
        option('c', '2026-11-21T09:00:00'),
      ],
      NOW,
    );
    expect(choices.map((c) => [c.id, c.unavailable])).toEqual([
      ['a', null],
      ['b', 'Cancelled'],
      ['c', 'Started'],
    ]);
    expect(choices[0].label).toBe('Next Class: Saturday 21st November 2026 at 10:00');
    expect(choices[0].classDateAndTime).toBe('2026-11-21T10:00:00');
  });

  it('reads UK wall-clock time in summer', () => {
    // 08:30 UTC on 20 June 2026 is 09:30 BST: the 09:00 class has started, the 10:00 one not.
    const summer = new Date('2026-06-20T08:30:00Z');
    expect(
      classChoices([option('a', '2026-06-20T09:00:00'), option('b', '2026-06-20T10:00:00')], summer).map(
        (c) => c.unavailable,
      ),
    ).toEqual(['Started', null]);
  });

  it('tells the member which class the gym cancelled', () => {
    expect(cancelledClassNotice('2026-11-21T10:00:00')).toBe(
      'The gym cancelled your class on Saturday 21st November 2026 at 10:00. Please choose another class.',
    );
    expect(cancelledClassNotice(null)).toBeNull();
    expect(cancelledClassNotice(undefined)).toBeNull();
  });

  it('maps refusals to the §8 booking texts, with the server reason on a 400', () => {
    expect(assignErrorText(new ApiError(0, 'No Server Response'))).toBe(ASSIGN_TEXTS.offline);
    expect(assignErrorText(new ApiError(401, 'x'))).toBe('Unauthorized');
    expect(assignErrorText(new ApiError(500, 'x'))).toBe('Booking Failed');
    expect(assignErrorText(new ApiError(400, 'That Mastr class is cancelled.'))).toBe('That Mastr class is cancelled.');
    expect(assignErrorText(new ApiError(400, ''))).toBe('Missing data');
  });
});
