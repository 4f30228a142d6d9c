import { NOTHING_TO_REFUND, YOUR_MASTR_CLASS_PASSES } from '@mastr/rules/texts.ts';
import QRCode from 'qrcode';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import type { Address, DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { formatPence } from '@mastr/rules/money.ts';
import type { CalendarEntry } from './calendar-events.ts';
import type { MailContent } from './mail-layout.ts';
import { QR_PNG_OPTIONS } from './mailer.ts';

/**
 * What the member reads when a pass is bought, booked into a Mastr class, or cancelled (design/
 * mail.md "Pass mails"). Only the gym's own name and address appear from another account; nothing
 * either side typed as free text does.
 */

type Pass = DayPassDoc | MastrPassDoc;

/** A Mastr class is one hour (§7 gives no length; the timetable's classes are an hour too). */
const MASTR_CLASS_MS = 60 * 60 * 1000;

/** The member's passes pages (§2): the Day Passes tab and the Mastr Class tab. */
export const passesPage = (publicUrl: string, pass: Pick<Pass, 'type'>) =>
  `${publicUrl}/userdashboard/daypasses${pass.type === 'mastr-pass' ? '/mastr' : ''}`;

const longDay = (wallClock: string) => formatWallClock(wallClock, DATE_FORMATS.long);
const atTime = (wallClock: string) => `${longDay(wallClock)} at ${formatWallClock(wallClock, DATE_FORMATS.time)}`;

export const addressLine = (address: Address | null | undefined) =>
  address
    ? [address.addressLineOne, address.addressLineTwo, address.addressTownOrCity, address.addressPostalCode]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(', ')
    : '';

const passName = (pass: Pass) => (pass.type === 'day-pass' ? `${pass.passType} Day Pass` : 'Mastr Class pass');

/** The entry code the front desk types or scans: the text the PWA shows and the token its QR carries. */
const entryCodeText = (pass: Pick<Pass, 'idCode'>) => pass.idCode.toUpperCase();

/**
 * The entry code's QR as a PNG, encoding exactly what the PWA's code encodes (the signed entry token,
 * `member-passes/entry-code-view.tsx`), at the same lowest error correction: the token is long, and
 * large modules scan best from a screen.
 */
export function entryCodePng(pass: Pick<Pass, 'entryToken'>): Promise<Buffer> {
  return QRCode.toBuffer(pass.entryToken, QR_PNG_OPTIONS);
}

/**
 * The pass in a calendar. A day pass is its whole day under `pass-{passId}`. A Mastr pass is its
 * class's hour under `pass-{passId}-{start}`: the pass may lose a class to the gym's cancellation
 * and be booked into another, and each class is then its own entry (the CANCEL of the first never
 * touches the second, and no sequence has to be counted across them; decisions.md 90).
 */
export function passCalendarEntry(
  pass: Pass,
  options: { passesUrl: string; address?: string; classStart?: string | null; cancelled?: boolean },
): CalendarEntry | null {
  const base = {
    location: options.address ? `${pass.gymName}, ${options.address}` : pass.gymName,
    url: options.passesUrl,
    // The CANCEL outranks the REQUEST it withdraws (RFC 5546).
    sequence: options.cancelled ? 1 : 0,
    cancelled: options.cancelled,
  };
  if (pass.type === 'day-pass')
    return {
      ...base,
      uid: `pass-${pass.passId}`,
      summary: `${pass.passType} Day Pass: ${pass.gymName}`,
      start: pass.dayDateStart.slice(0, 10),
      description: `Entry code ${entryCodeText(pass)}. Show it at the front desk.`,
    };
  const start = options.classStart === undefined ? pass.dateAndTimeStart : options.classStart;
  if (!start) return null;
  return {
    ...base,
    uid: `pass-${pass.passId}-${start.replace(/[^0-9]/g, '').slice(0, 12)}`,
    summary: `Mastr Class: ${pass.gymName}`,
    start,
    // Wall-clock arithmetic (read as UTC only to add the hour), so a class is an hour on the UK clock.
    end: new Date(Date.parse(`${start}Z`) + MASTR_CLASS_MS).toISOString().slice(0, 19),
    description: `Entry code ${entryCodeText(pass)}. Show it at the front desk.`,
  };
}

/** The receipt for a pass paid for: what, where, when, how much, and the entry code as text and QR. */
export function passBoughtMail(
  pass: Pass,
  input: { greeting: string; amountPence: number; address: string; passesUrl: string; qrText: string },
): MailContent {
  const code = entryCodeText(pass);
  const details: [string, string][] = [['Gym', pass.gymName]];
  if (input.address) details.push(['Address', input.address]);
  let when: string;
  if (pass.type === 'day-pass') {
    when = `for ${longDay(pass.dayDateStart)}`;
    details.push(['Pass', passName(pass)], ['Day', longDay(pass.dayDateStart)]);
  } else if (pass.dateAndTimeStart) {
    when = `for the Mastr Class on ${atTime(pass.dateAndTimeStart)}`;
    details.push(['Pass', passName(pass)], ['Class', atTime(pass.dateAndTimeStart)]);
  } else {
    when = 'not booked into a class yet';
    details.push(['Pass', passName(pass)], ['Class', 'Not booked yet']);
  }
  details.push(['Amount paid', formatPence(input.amountPence)], ['Entry code', code]);
  const paragraphs = [
    pass.type === 'day-pass'
      ? `Thank you for buying your ${passName(pass)} at ${pass.gymName} ${when}.`
      : `Thank you for buying your Mastr Class pass at ${pass.gymName}, ${when}.`,
    `At the front desk, show the QR code below or give your entry code ${code}. It is also on your passes page, which works offline.`,
  ];
  if (pass.type === 'mastr-pass' && !pass.dateAndTimeStart && pass.cancelledClass)
    paragraphs.push(
      `${pass.gymName} cancelled the class you chose, on ${atTime(pass.cancelledClass.classDateAndTime)}, while you were paying. Your pass is kept: book it into another class, or cancel it for a full refund.`,
    );
  return {
    // Subjects name no one: the outbox keeps a sent mail's subject, and a gym's name must go with
    // its account (decision 31).
    subject:
      pass.type === 'day-pass'
        ? 'Your Mastr day pass: receipt and entry code'
        : 'Your Mastr Class pass: receipt and entry code',
    greeting: input.greeting,
    paragraphs,
    details,
    image: { cid: `entry-code-${pass.passId}`, alt: `QR code for entry code ${code}`, qrText: input.qrText },
    action: { label: 'Your passes', url: input.passesUrl },
    closing: [
      pass.type === 'day-pass'
        ? 'You can cancel up to the day before for a full refund.'
        : 'You can cancel up to the day before the class for a full refund.',
    ],
  };
}

/** A Mastr pass booked into a class by its member (the pass had none, or lost one to a cancellation). */
export function mastrClassBookedMail(
  pass: MastrPassDoc,
  input: { greeting: string; start: string; address: string; passesUrl: string },
): MailContent {
  const details: [string, string][] = [['Gym', pass.gymName]];
  if (input.address) details.push(['Address', input.address]);
  details.push(['Class', atTime(input.start)], ['Entry code', entryCodeText(pass)]);
  return {
    subject: `Mastr Class booked: ${formatWallClock(input.start, DATE_FORMATS.dayMonth)}`,
    greeting: input.greeting,
    paragraphs: [`Your Mastr Class pass is booked into the class at ${pass.gymName} on ${atTime(input.start)}.`],
    details,
    action: { label: YOUR_MASTR_CLASS_PASSES, url: input.passesUrl },
    closing: ['You can cancel up to the day before the class for a full refund.'],
  };
}

/**
 * The gym cancelled the class a member's Mastr pass was booked into, or moved its weekly class so
 * that class no longer runs (`movedTo`, the new next class): the pass is kept, nothing is refunded yet.
 */
export function mastrClassCancelledMail(
  pass: Pick<MastrPassDoc, 'gymName'>,
  input: { greeting: string; start: string; passesUrl: string; movedTo?: string | null },
): MailContent {
  const day = formatWallClock(input.start, DATE_FORMATS.dayMonth);
  const details: [string, string][] = [
    ['Gym', pass.gymName],
    [input.movedTo ? 'Class no longer running' : 'Cancelled class', atTime(input.start)],
  ];
  if (input.movedTo) details.push(['New next class', atTime(input.movedTo)]);
  return {
    subject: input.movedTo ? `Mastr Class moved: ${day}` : `Mastr Class cancelled: ${day}`,
    greeting: input.greeting,
    paragraphs: input.movedTo
      ? [
          `${pass.gymName} has moved its weekly Mastr Class, so the class on ${atTime(input.start)} will not run. The next class is on ${atTime(input.movedTo)}.`,
          'Your pass is kept: book it into the new class, or cancel it for a full refund.',
        ]
      : [
          `${pass.gymName} has cancelled the Mastr Class on ${atTime(input.start)}.`,
          'Your pass is kept: book it into another class, or cancel it for a full refund.',
        ],
    details,
    action: { label: YOUR_MASTR_CLASS_PASSES, url: input.passesUrl },
  };
}

/** What becomes of the money when a pass is cancelled. */
export function refundLine(input: { refundDue: boolean; refundedPence: number }): string {
  if (!input.refundDue) return 'Same-day cancellations are not refunded automatically; the gym may still refund you.';
  if (input.refundedPence > 0)
    return `You have been refunded ${formatPence(input.refundedPence)} in full to the card you paid with; banks usually take 5–10 working days to show it.`;
  return NOTHING_TO_REFUND;
}

/** A pass cancelled by its gym or its member, with the refund that follows. */
export function passCancelledMail(
  pass: Pass,
  input: { greeting: string; cancelledBy: 'member' | 'gym'; refundedPence: number; passesUrl: string },
): MailContent {
  const byGym = input.cancelledBy === 'gym';
  const when =
    pass.type === 'day-pass'
      ? `for ${longDay(pass.dayDateStart)}`
      : pass.dateAndTimeStart
        ? `for the class on ${atTime(pass.dateAndTimeStart)}`
        : 'not booked into a class';
  const what = pass.type === 'day-pass' ? `${pass.passType} Day Pass` : 'Mastr Class pass';
  const refundDue = byGym || pass.refundOnCancel === true;
  return {
    subject:
      pass.type === 'day-pass'
        ? byGym
          ? 'Your Mastr day pass was cancelled by the gym'
          : 'Your Mastr day pass is cancelled'
        : byGym
          ? 'Your Mastr Class pass was cancelled by the gym'
          : 'Your Mastr Class pass is cancelled',
    greeting: input.greeting,
    paragraphs: [
      byGym
        ? `${pass.gymName} has cancelled your ${what} ${when}. Its entry code no longer works.`
        : `You have cancelled your ${what} at ${pass.gymName} ${when}. Its entry code no longer works.`,
      refundLine({ refundDue, refundedPence: input.refundedPence }),
    ],
    details: [
      ['Gym', pass.gymName],
      ['Pass', what],
      ['Refunded', formatPence(input.refundedPence)],
    ],
    action: { label: pass.type === 'day-pass' ? 'Your day passes' : YOUR_MASTR_CLASS_PASSES, url: input.passesUrl },
  };
}
