import { describe, expect, it } from 'vitest';
import type { NotificationDoc } from '@mastr/rules/documents.ts';
import { notificationItems } from './notifications-model.ts';

const doc = (id: string, event: NotificationDoc['event'], at: string): NotificationDoc => ({
  _id: `notification:${id}`,
  type: 'notification',
  event,
  gymId: 'g',
  coachId: 'c',
  otherName: 'Tom Okafor',
  at,
});

describe('notificationItems', () => {
  it('lists the newest first, with the text and the UK time', () => {
    const items = notificationItems([
      doc('a', 'coach-requested', '2026-11-18T10:00:00.000Z'),
      doc('b', 'coach-left', '2026-07-01T09:30:00.000Z'),
      doc('c', 'coach-cancelled', '2026-11-19T08:00:00.000Z'),
    ]);
    expect(items.map((i) => i.id)).toEqual(['notification:c', 'notification:a', 'notification:b']);
    expect(items[1]).toEqual({
      id: 'notification:a',
      text: 'Tom Okafor has requested to join your Gym.',
      when: 'Wednesday 18th November, 10:00',
    });
    // British Summer Time: 09:30 UTC is 10:30 in the UK.
    expect(items[2].when).toBe('Wednesday 1st July, 10:30');
  });
});
