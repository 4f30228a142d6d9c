import { describe, expect, it } from 'vitest';
import { notificationText } from './memberships.ts';

describe('private session notifications', () => {
  it('say who did what, for which session', () => {
    const doc = { otherName: 'Casey Jones', sessionStart: '2026-11-20T18:00:00' };
    expect(notificationText({ ...doc, event: 'session-rejected' })).toBe(
      'Casey Jones rejected your PT session request for Friday 20th November at 18:00.',
    );
    expect(notificationText({ ...doc, event: 'coach-applied' })).toBe(
      'Casey Jones applied for your PT session request for Friday 20th November at 18:00.',
    );
  });
  it('leave the time out when the document has none (a device that dropped the field)', () => {
    expect(notificationText({ otherName: 'Alex', event: 'session-cancelled-by-member' })).toBe(
      'Alex cancelled the PT session.',
    );
    // Coach–gym events read as before.
    expect(notificationText({ otherName: 'Iron Temple', event: 'gym-rejected' })).toBe(
      'Iron Temple rejected your request to join.',
    );
  });
});
