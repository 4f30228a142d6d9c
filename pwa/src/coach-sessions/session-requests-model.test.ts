import { describe, expect, it } from 'vitest';
import type { CoachRequestDoc } from '@mastr/rules/documents.ts';
import {
  answerErrorText,
  NO_ANSWERS,
  rejectQuestion,
  requestGroups,
  SESSION_REQUEST_TEXTS,
} from './session-requests-model.ts';

// 12:00 UK on Tuesday 1 December 2026 (GMT).
const NOW = new Date('2026-12-01T12:00:00Z');

function request(id: string, startTime: string, fields: Partial<CoachRequestDoc> = {}): CoachRequestDoc {
  const hour = Number(startTime.slice(11, 13)) + 1;
  return {
    _id: `coach-request:${id}`,
    type: 'coach-request',
    requestId: id,
    startTime,
    endTime: `${startTime.slice(0, 11)}${String(hour).padStart(2, '0')}:00:00`,
    clientName: `Client ${id}`,
    userProfile_id: 'u1',
    coachId: 'c1',
    coachFullName: 'Coach One',
    coachPrice: 4000,
    gymId: 'g1',
    gymName: 'Gym',
    experienceLevel: 'Beginner',
    accepted: false,
    weekStart: '2026-11-29',
    bookingDayId: 'd',
    bookingTimeObject_id: 't',
    slotClaimId: 's',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  };
}

describe('requestGroups', () => {
  it('splits accepted from requested, soonest first, with the day and times of §2', () => {
    const docs = [
      request('b', '2026-12-08T18:00:00'),
      request('a', '2026-12-07T09:00:00'),
      request('c', '2026-12-04T07:00:00', { accepted: true, acceptedAt: '2026-12-01T11:00:00.000Z' }),
    ];
    const groups = requestGroups(docs, NO_ANSWERS, NOW);
    expect(groups.requested.map((row) => row.requestId)).toEqual(['a', 'b']);
    expect(groups.requested[0]).toMatchObject({
      clientName: 'Client a',
      experienceLevel: 'Beginner',
      day: 'Monday 7th December',
      time: '09:00 - 10:00',
      accepted: false,
      rejectBody: {
        user_profile_id: 'u1',
        booking_day_id: 'd',
        request_date: '2026-12-07T09:00:00',
        bookingTimeObject_id: 't',
      },
    });
    expect(groups.accepted.map((row) => row.requestId)).toEqual(['c']);
  });

  it('leaves out requests whose session has started and acceptances the member let lapse', () => {
    const docs = [
      request('started', '2026-12-01T12:00:00'),
      request('lapsed', '2026-12-05T10:00:00', { accepted: true, acceptedAt: '2026-11-30T11:59:00.000Z' }),
      request('open', '2026-12-01T13:00:00'),
    ];
    const groups = requestGroups(docs, NO_ANSWERS, NOW);
    expect([...groups.accepted, ...groups.requested].map((row) => row.requestId)).toEqual(['open']);
  });

  it("shows this device's answers before replication brings them", () => {
    const docs = [request('a', '2026-12-07T09:00:00'), request('b', '2026-12-08T09:00:00')];
    const groups = requestGroups(docs, { accepted: new Set(['a']), rejected: new Set(['b']) }, NOW);
    expect(groups.accepted.map((row) => row.requestId)).toEqual(['a']);
    expect(groups.requested).toEqual([]);
  });
});

describe('answer texts', () => {
  it('asks before rejecting', () => {
    expect(rejectQuestion('Sam')).toBe('Are you sure you want to reject the PT Request for Sam?');
  });

  it('maps the statuses of §8', () => {
    expect(answerErrorText('reject', 0)).toBe(SESSION_REQUEST_TEXTS.offline);
    expect(answerErrorText('accept', 400)).toBe("Missing ID's");
    expect(answerErrorText('accept', 400, 'The session has started.')).toBe('The session has started.');
    expect(answerErrorText('reject', 401)).toBe('Unauthorized');
    expect(answerErrorText('accept', 500)).toBe('Accept Session Failed');
    expect(answerErrorText('reject', 503)).toBe('Reject Session Failed');
  });
});
