import { describe, expect, it } from 'vitest';
import type {
  BookingDoc,
  CoachRequestDoc,
  MastrClassDoc,
  MastrPassDoc,
  NotificationDoc,
  SlotClaimDoc,
} from '@mastr/rules/documents.ts';
import { TENANT_DOCS_SCHEMA, TOMBSTONE_TYPE, toCouchShape, toLocalDoc, tolerateTombstone } from './tenant-docs.ts';

// Every field, optional ones included: RxDB keeps only declared top-level fields.
const mastrPass: Required<MastrPassDoc> = {
  _id: 'mastrpass:1',
  _rev: '1-a',
  type: 'mastr-pass',
  passId: '1',
  clientName: 'A',
  memberId: 'm',
  gymId: 'g',
  gymName: 'G',
  dateAndTimeStart: null,
  idCode: 'ABC123',
  entryToken: 't',
  clientEmail: 'a@example.com',
  expired: false,
  pricePence: 100,
  checkedIn: { checkedInState: false, check_in_time: null },
  countedCheckIns: [],
  cancelledClass: { classDateAndTime: '2026-11-30T18:00:00', cancelledAt: '2026-11-25T10:00:00.000Z' },
  cancelled: true,
  cancelledAt: '2026-11-26T10:00:00.000Z',
  cancelledBy: 'member',
  refundOnCancel: true,
  createdAt: '2026-11-25T10:00:00.000Z',
};
const mastrClass: Required<MastrClassDoc> = {
  _id: 'mastr-class:2026-11-30T18:00:00',
  _rev: '1-a',
  type: 'mastr-class',
  classId: 'c',
  gymId: 'g',
  classDateAndTime: '2026-11-30T18:00:00',
  cancelled: true,
  cancelledAt: '2026-11-25T10:00:00.000Z',
  assignedPasses: ['1'],
};

const booking: Required<BookingDoc> = {
  _id: 'booking:b',
  _rev: '1-a',
  type: 'booking',
  bookingId: 'b',
  source: 'coach-request',
  startTime: '2026-11-30T18:00:00',
  endTime: '2026-11-30T19:00:00',
  clientName: 'A',
  userProfile_id: 'm',
  coachId: 'c',
  coachFullName: 'C',
  gymId: 'g',
  gymName: 'G',
  discipline: 'Boxing',
  experienceLevel: 'Beginner',
  pricePence: 4500,
  paymentId: 'p',
  coachReceivesPence: 3375,
  slotClaimId: 's',
  cancelled: false,
  cancelledAt: null,
  cancelledBy: null,
  refundOnCancel: true,
  createdAt: '2026-11-25T10:00:00.000Z',
};
const coachRequest: Required<CoachRequestDoc> = {
  _id: 'coach-request:r',
  _rev: '1-a',
  type: 'coach-request',
  requestId: 'r',
  startTime: '2026-11-30T18:00:00',
  endTime: '2026-11-30T19:00:00',
  clientName: 'A',
  userProfile_id: 'm',
  coachId: 'c',
  coachFullName: 'C',
  coachPrice: 4500,
  gymId: 'g',
  gymName: 'G',
  experienceLevel: 'Beginner',
  accepted: true,
  acceptedAt: '2026-11-25T10:00:00.000Z',
  weekStart: '2026-11-29',
  bookingDayId: 'd',
  bookingTimeObject_id: 't',
  slotClaimId: 's',
  createdAt: '2026-11-25T10:00:00.000Z',
};
const slotClaim: Required<SlotClaimDoc> = {
  _id: 'slot-claim:2026-11-29:1:64800',
  _rev: '1-a',
  type: 'slot-claim',
  requestId: 'r',
  weekStart: '2026-11-29',
  weekday: 1,
  time: 64800,
  createdAt: '2026-11-25T10:00:00.000Z',
  booking: { bookingId: 'b', checkoutSessionId: 'cs' },
};
const notification: Required<NotificationDoc> = {
  _id: 'notification:n',
  _rev: '1-a',
  type: 'notification',
  event: 'coach-requested',
  gymId: 'g',
  coachId: 'c',
  otherName: 'C',
  at: '2026-11-25T10:00:00.000Z',
  sessionStart: '2026-11-30T18:00:00',
  memberId: 'm',
  passId: 'p',
  refundedPence: 1500,
};

describe('tenant documents on the device', () => {
  it('declare every field of the Mastr class and private session documents devices keep', () => {
    for (const doc of [mastrPass, mastrClass, booking, coachRequest, slotClaim, notification]) {
      const undeclared = Object.keys(toLocalDoc(doc as never)).filter((key) => !(key in TENANT_DOCS_SCHEMA.properties));
      expect(undeclared, doc.type).toEqual([]);
    }
  });

  it("keep CouchDB's _id as RxDB's id and back, without revisions or RxDB's bookkeeping", () => {
    const local = toLocalDoc({ _id: 'daypass:1', _rev: '3-abc', type: 'day-pass', passId: '1' } as never);
    expect(local).toEqual({ id: 'daypass:1', type: 'day-pass', passId: '1' });
    expect(toCouchShape({ ...local, _meta: { lwt: 1 }, _rev: '1-x', _attachments: {}, _deleted: false })).toEqual({ _id: 'daypass:1', type: 'day-pass', passId: '1' });
  });

  it('give a bare server tombstone a type so it passes the schema; other documents pass unchanged', () => {
    expect(tolerateTombstone({ id: 'daypass:1', _deleted: true })).toEqual({ id: 'daypass:1', _deleted: true, type: TOMBSTONE_TYPE });
    const full = { id: 'daypass:2', _deleted: true, type: 'day-pass' };
    expect(tolerateTombstone(full)).toBe(full);
  });
});
