import { describe, expect, it } from 'vitest';
import type { NotificationDoc } from '@mastr/rules/documents.ts';
import {
  bellOf,
  memberNotificationItems,
  newestAt,
  notificationLink,
  unseenCount,
} from './member-notifications-model.ts';

const doc = (id: string, event: NotificationDoc['event'], at: string): NotificationDoc => ({
  _id: `notification:${id}`,
  type: 'notification',
  event,
  gymId: 'g',
  coachId: 'c',
  memberId: 'm',
  otherName: 'Sam Reid',
  at,
  sessionStart: '2026-11-23T12:00:00',
});

const DOCS = [
  doc('accepted', 'session-accepted', '2026-11-18T10:00:00.000Z'),
  doc('cancelled', 'session-cancelled-by-coach', '2026-11-19T08:00:00.000Z'),
  doc('applied', 'coach-applied', '2026-11-18T12:30:00.000Z'),
];

describe("the member's notifications", () => {
  it('lists the newest first, with the text, the UK time and where to act on it', () => {
    const items = memberNotificationItems(DOCS);
    expect(items.map((i) => i.id)).toEqual(['notification:cancelled', 'notification:applied', 'notification:accepted']);
    expect(items[0]).toEqual({
      id: 'notification:cancelled',
      text: 'Sam Reid cancelled the PT session for Monday 23rd November at 12:00.',
      when: 'Thursday 19th November, 08:00',
      link: { to: '/userdashboard/privatesessions', label: 'Private Sessions' },
    });
    expect(items[2]).toMatchObject({
      text: 'Sam Reid accepted your PT session request for Monday 23rd November at 12:00. Complete the request to book it.',
      link: { to: '/userdashboard/privatesessions/coachrequests', label: 'Coach Requests' },
    });
  });

  it("tells of the gym's cancellations with the gym, the date and the money, linked to the member's passes", () => {
    const dayPass: NotificationDoc = {
      ...doc('day', 'day-pass-cancelled-by-gym', '2026-11-20T12:00:00.000Z'),
      coachId: '',
      otherName: 'Iron Temple',
      sessionStart: '2026-11-22T00:00:00',
      passId: 'p1',
      refundedPence: 1550,
    };
    const mastr: NotificationDoc = {
      ...doc('mastr', 'mastr-class-cancelled-by-gym', '2026-11-20T13:00:00.000Z'),
      coachId: '',
      otherName: 'Iron Temple',
      sessionStart: '2026-11-28T10:00:00',
      passId: 'p2',
      refundedPence: 0,
    };
    expect(memberNotificationItems([dayPass, mastr])).toEqual([
      {
        id: 'notification:mastr',
        text: 'Iron Temple cancelled the Mastr Class on Saturday 28th November 2026 at 10:00. Your pass is kept: book it into another class, or cancel it for a full refund.',
        when: 'Friday 20th November, 13:00',
        link: { to: '/userdashboard/daypasses/mastr', label: 'Mastr Class Passes' },
      },
      {
        id: 'notification:day',
        text: 'Iron Temple cancelled your day pass for Sunday 22nd November 2026. You have been refunded £15.50 in full to your card.',
        when: 'Friday 20th November, 12:00',
        link: { to: '/userdashboard/daypasses', label: 'Day Passes' },
      },
    ]);
    // A demo pass, never paid for: nothing to refund, and it says so.
    expect(memberNotificationItems([{ ...dayPass, refundedPence: 0 }])[0]!.text).toBe(
      'Iron Temple cancelled your day pass for Sunday 22nd November 2026. No payment was taken for it, so there is nothing to refund.',
    );
  });

  it('links each event to the list where the member acts on it', () => {
    expect(notificationLink('session-rejected').to).toBe('/userdashboard/privatesessions/coachrequests');
    expect(notificationLink('coach-applied')).toEqual({
      to: '/userdashboard/privatesessions/gymrequests',
      label: 'Gym Requests',
    });
    expect(notificationLink('session-cancelled-by-gym').to).toBe('/userdashboard/privatesessions');
  });

  it('counts what arrived after the newest one seen on the device', () => {
    expect(unseenCount(DOCS, null)).toBe(3);
    expect(unseenCount(DOCS, '2026-11-18T10:00:00.000Z')).toBe(2);
    expect(unseenCount(DOCS, newestAt(DOCS))).toBe(0);
    expect(newestAt(DOCS)).toBe('2026-11-19T08:00:00.000Z');
    expect(newestAt([])).toBeNull();
  });

  it('names the bell with the count, and caps the badge', () => {
    expect(bellOf(0)).toEqual({ label: 'Notifications', badge: null });
    expect(bellOf(2)).toEqual({ label: 'Notifications, 2 new', badge: '2' });
    expect(bellOf(12)).toEqual({ label: 'Notifications, 12 new', badge: '9+' });
  });
});
