import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { calendarFeed } from './calendar-events.ts';
import {
  addressLine,
  entryCodePng,
  mastrClassBookedMail,
  mastrClassCancelledMail,
  passBoughtMail,
  passCalendarEntry,
  passCancelledMail,
  passesPage,
  refundLine,
} from './pass-mails.ts';

const common = {
  clientName: 'Ada Lovelace',
  clientEmail: 'ada@example.com',
  memberId: 'm'.repeat(24),
  gymId: 'g'.repeat(24),
  gymName: 'Iron Temple',
  idCode: 'k7p2qx',
  entryToken: 'signed.entry.token',
  expired: false,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const dayPass: DayPassDoc = {
  ...common,
  _id: 'day-pass:p1',
  type: 'day-pass',
  passId: 'p1',
  passType: 'Adult',
  dayDateStart: '2026-11-28T00:00:00',
  cancelled: false,
  pricePence: 1500,
  checkIns: { all_check_ins: [], latest_check_in: null },
};
const mastrPass: MastrPassDoc = {
  ...common,
  _id: 'mastr-pass:p2',
  type: 'mastr-pass',
  passId: 'p2',
  dateAndTimeStart: '2026-11-28T10:00:00',
  pricePence: 100,
  checkedIn: { checkedInState: false, check_in_time: null },
};
const url = 'https://mastr.test/userdashboard/daypasses';

describe('the receipt for a pass bought', () => {
  it('a day pass: gym, day, amount, entry code as text and as the inline QR', () => {
    const mail = passBoughtMail(dayPass, {
      greeting: 'Hello Ada,',
      amountPence: 1500,
      address: '1 High Street, Bristol, BS1 1AA',
      passesUrl: url,
      qrText: dayPass.entryToken,
    });
    expect(mail.subject).toBe('Your Mastr day pass: receipt and entry code');
    expect(mail.paragraphs[0]).toBe(
      'Thank you for buying your Adult Day Pass at Iron Temple for Saturday 28th November 2026.',
    );
    expect(mail.paragraphs[1]).toContain('give your entry code K7P2QX');
    expect(mail.details).toEqual([
      ['Gym', 'Iron Temple'],
      ['Address', '1 High Street, Bristol, BS1 1AA'],
      ['Pass', 'Adult Day Pass'],
      ['Day', 'Saturday 28th November 2026'],
      ['Amount paid', '£15'],
      ['Entry code', 'K7P2QX'],
    ]);
    expect(mail.image).toEqual({
      cid: 'entry-code-p1',
      alt: 'QR code for entry code K7P2QX',
      qrText: dayPass.entryToken,
    });
    expect(mail.action).toEqual({ label: 'Your passes', url });
  });

  it('a Mastr Class pass: the class time, or that it is not booked when its class went as it was paid', () => {
    const booked = passBoughtMail(mastrPass, {
      greeting: 'Hello,',
      amountPence: 100,
      address: '',
      passesUrl: url,
      qrText: dayPass.entryToken,
    });
    expect(booked.subject).toBe('Your Mastr Class pass: receipt and entry code');
    expect(booked.details).toContainEqual(['Class', 'Saturday 28th November 2026 at 10:00']);
    expect(booked.details).toContainEqual(['Amount paid', '£1']);
    const unbooked = passBoughtMail(
      {
        ...mastrPass,
        dateAndTimeStart: null,
        cancelledClass: { classDateAndTime: '2026-11-28T10:00:00', cancelledAt: '2026-11-27T09:00:00.000Z' },
      },
      { greeting: 'Hello,', amountPence: 100, address: '', passesUrl: url, qrText: dayPass.entryToken },
    );
    expect(unbooked.details).toContainEqual(['Class', 'Not booked yet']);
    expect(unbooked.paragraphs.join(' ')).toContain(
      'cancelled the class you chose, on Saturday 28th November 2026 at 10:00, while you were paying',
    );
  });

  it('a class gone because the gym moved its weekly class says so, and names the new next class', () => {
    const moved = mastrClassCancelledMail(mastrPass, {
      greeting: 'Hello,',
      start: '2026-11-28T10:00:00',
      passesUrl: url,
      movedTo: '2026-11-29T11:00:00',
    });
    expect(moved.subject).toBe('Mastr Class moved: Saturday 28th November');
    expect(moved.details).toContainEqual(['New next class', 'Sunday 29th November 2026 at 11:00']);
    const cancelled = mastrClassCancelledMail(mastrPass, {
      greeting: 'Hello,',
      start: '2026-11-28T10:00:00',
      passesUrl: url,
    });
    expect(cancelled.subject).toBe('Mastr Class cancelled: Saturday 28th November');
  });

  it('the QR is a PNG of the entry token, what the PWA shows', async () => {
    const qr = await entryCodePng(dayPass);
    expect(qr.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(qr.equals(await entryCodePng({ entryToken: 'another.token' }))).toBe(false);
  });
});

describe('passes in a calendar', () => {
  it('a day pass is its whole day under pass-{id}; a Mastr pass its class hour under pass-{id}-{start}', () => {
    const feed = calendarFeed('t', [
      passCalendarEntry(dayPass, { passesUrl: url, address: '1 High Street' })!,
      passCalendarEntry(mastrPass, { passesUrl: url })!,
    ]);
    const [day, mastr] = new ICAL.Component(ICAL.parse(feed))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v));
    expect(day.uid).toBe('pass-p1@mastr.app');
    expect(day.startDate.isDate).toBe(true);
    expect(day.startDate.toString()).toBe('2026-11-28');
    expect(day.location).toBe('Iron Temple, 1 High Street');
    expect(mastr.uid).toBe('pass-p2-202611281000@mastr.app');
    expect(mastr.startDate.toJSDate().toISOString()).toBe('2026-11-28T10:00:00.000Z');
    expect(mastr.endDate.toJSDate().toISOString()).toBe('2026-11-28T11:00:00.000Z');
    expect(passCalendarEntry({ ...mastrPass, dateAndTimeStart: null }, { passesUrl: url })).toBeNull();
    expect(
      passCalendarEntry(mastrPass, { passesUrl: url, classStart: '2026-12-05T10:00:00', cancelled: true }),
    ).toMatchObject({
      uid: 'pass-p2-202612051000',
      cancelled: true,
      sequence: 1,
    });
  });

  it('pages and addresses', () => {
    expect(passesPage('https://m.test', dayPass)).toBe('https://m.test/userdashboard/daypasses');
    expect(passesPage('https://m.test', mastrPass)).toBe('https://m.test/userdashboard/daypasses/mastr');
    expect(
      addressLine({
        addressLineOne: '1 High St',
        addressLineTwo: ' ',
        addressTownOrCity: 'Bristol',
        addressPostalCode: 'BS1',
      }),
    ).toBe('1 High St, Bristol, BS1');
  });
});

describe('Mastr classes booked and cancelled, passes cancelled', () => {
  it('booked: the class and the entry code', () => {
    const mail = mastrClassBookedMail(mastrPass, {
      greeting: 'Hello,',
      start: '2026-12-05T10:00:00',
      address: '',
      passesUrl: url,
    });
    expect(mail.subject).toBe('Mastr Class booked: Saturday 5th December');
    expect(mail.details).toContainEqual(['Class', 'Saturday 5th December 2026 at 10:00']);
    expect(mail.details).toContainEqual(['Entry code', 'K7P2QX']);
  });

  it('cancelled by the gym: the pass is kept, with what the member can do', () => {
    const mail = mastrClassCancelledMail(mastrPass, {
      greeting: 'Hello,',
      start: '2026-11-28T10:00:00',
      passesUrl: url,
    });
    expect(mail.subject).toBe('Mastr Class cancelled: Saturday 28th November');
    expect(mail.paragraphs).toEqual([
      'Iron Temple has cancelled the Mastr Class on Saturday 28th November 2026 at 10:00.',
      'Your pass is kept: book it into another class, or cancel it for a full refund.',
    ]);
  });

  it('a pass cancelled by either side says what was refunded, or why nothing was', () => {
    const byGym = passCancelledMail(dayPass, {
      greeting: 'Hello,',
      cancelledBy: 'gym',
      refundedPence: 1500,
      passesUrl: url,
    });
    expect(byGym.subject).toBe('Your Mastr day pass was cancelled by the gym');
    expect(byGym.paragraphs[0]).toBe(
      'Iron Temple has cancelled your Adult Day Pass for Saturday 28th November 2026. Its entry code no longer works.',
    );
    expect(byGym.paragraphs[1]).toContain('refunded £15 in full');
    const mine = passCancelledMail(
      { ...mastrPass, refundOnCancel: true },
      { greeting: 'Hello,', cancelledBy: 'member', refundedPence: 100, passesUrl: url },
    );
    expect(mine.subject).toBe('Your Mastr Class pass is cancelled');
    expect(mine.paragraphs[0]).toBe(
      'You have cancelled your Mastr Class pass at Iron Temple for the class on Saturday 28th November 2026 at 10:00. Its entry code no longer works.',
    );
    expect(refundLine({ refundDue: false, refundedPence: 0 })).toMatch(/^Same-day cancellations are not refunded/);
    expect(refundLine({ refundDue: true, refundedPence: 0 })).toBe(
      'No payment was taken for this pass, so there is nothing to refund.',
    );
  });
});
