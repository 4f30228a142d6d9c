import { YOUR_MASTR_CLASS_PASSES } from '@mastr/rules/texts.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import type { BookingDoc, DayPassDoc, GymProfileDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import type { MailContent } from './mail-layout.ts';
import { greetingOf, type MailRecipient } from './recipients.ts';

/**
 * What the reminders say (design/mail.md "Reminders"): the evening before a PT session or a pass
 * day, and a gym's morning list of who is coming to its Mastr classes. Names are the ones the
 * parties gave the product; no one's free text reaches another's mail.
 */

const day = (wallClock: string) => formatWallClock(wallClock, DATE_FORMATS.dayMonth);
const time = (wallClock: string) => formatWallClock(wallClock, DATE_FORMATS.time);

export function addressOf(gym: Pick<GymProfileDoc, 'gymName' | 'address'> | null): string {
  if (!gym) return '';
  const a = gym.address;
  return [a.addressLineOne, a.addressLineTwo, a.addressTownOrCity, a.addressPostalCode].filter(Boolean).join(', ');
}

const SESSION_PAGE = {
  user: '/userdashboard/privatesessions',
  coach: '/coachdashboard/bookings',
  gym: '/gymdashboard/bookings',
} as const;

export function sessionReminder(
  recipient: MailRecipient,
  booking: BookingDoc,
  gymAddress: string,
  publicUrl: string,
): MailContent {
  const when = `tomorrow, ${day(booking.startTime)}, at ${time(booking.startTime)}`;
  const opening =
    recipient.kind === 'user'
      ? `Your PT session with ${booking.coachFullName} at ${booking.gymName} is ${when}.`
      : recipient.kind === 'coach'
        ? `Your PT session with ${booking.clientName} at ${booking.gymName} is ${when}.`
        : `A PT session at your gym is ${when}: ${booking.coachFullName} with ${booking.clientName}.`;
  return {
    subject: `Reminder: PT session tomorrow at ${time(booking.startTime)}`,
    greeting: greetingOf(recipient),
    paragraphs: [opening],
    details: [
      ['When', `${day(booking.startTime)}, ${time(booking.startTime)}–${time(booking.endTime)}`],
      ['Coach', booking.coachFullName],
      ['Member', booking.clientName],
      ['Discipline', `${booking.discipline}, ${booking.experienceLevel}`],
      ['Where', gymAddress ? `${booking.gymName}, ${gymAddress}` : booking.gymName],
    ],
    action: { label: 'See the booking', url: `${publicUrl}${SESSION_PAGE[recipient.kind]}` },
  };
}

export function dayPassReminder(recipient: MailRecipient, pass: DayPassDoc, publicUrl: string): MailContent {
  return {
    subject: `Reminder: your day pass at ${pass.gymName} is for tomorrow`,
    greeting: greetingOf(recipient),
    paragraphs: [
      `Your ${pass.passType} Day Pass at ${pass.gymName} is for tomorrow, ${day(pass.dayDateStart)}.`,
      'Show your entry code at the front desk (the QR code is on your passes page, offline too).',
    ],
    details: [['Entry code', pass.idCode.toUpperCase()]],
    action: { label: 'Your day passes', url: `${publicUrl}/userdashboard/daypasses` },
  };
}

export function mastrPassReminder(recipient: MailRecipient, pass: MastrPassDoc, publicUrl: string): MailContent {
  const start = pass.dateAndTimeStart ?? '';
  return {
    subject: `Reminder: your Mastr Class at ${pass.gymName} is tomorrow at ${time(start)}`,
    greeting: greetingOf(recipient),
    paragraphs: [
      `Your Mastr Class at ${pass.gymName} is tomorrow, ${day(start)}, at ${time(start)}.`,
      'Show your entry code at the front desk (the QR code is on your passes page, offline too).',
    ],
    details: [['Entry code', pass.idCode.toUpperCase()]],
    action: { label: YOUR_MASTR_CLASS_PASSES, url: `${publicUrl}/userdashboard/daypasses/mastr` },
  };
}

export function mastrClassMorning(
  recipient: MailRecipient,
  classes: { classDateAndTime: string; coming: string[] }[],
  publicUrl: string,
): MailContent {
  const total = classes.reduce((n, c) => n + c.coming.length, 0);
  return {
    subject: `Today's Mastr Class: ${total} ${total === 1 ? 'member' : 'members'} coming`,
    greeting: greetingOf(recipient),
    paragraphs: classes.map(
      (c) =>
        `${time(c.classDateAndTime)} today: ${c.coming.length} ${c.coming.length === 1 ? 'member' : 'members'} booked (${c.coming.join(', ')}).`,
    ),
    action: { label: "Today's Mastr Class passes", url: `${publicUrl}/gymdashboard/daypasses/mastr` },
  };
}
