import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import type { SessionEvent } from '@mastr/rules/documents.ts';
import type { MailCategory } from '@mastr/rules/mail-categories.ts';
import { formatPence } from '@mastr/rules/money.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { mailCalendarEvent } from './calendar-events.ts';
import type { MailContent } from './mail-layout.ts';
import { greetingOf, type MailRecipient } from './recipients.ts';

/**
 * The private-session (PT) mails (design/mail.md "Private-session mails"): one content per event
 * and party, pure, so the texts are tested without a server. They name the other parties only by
 * the names they gave Mastr (the member's name, the coach's, the gym's) and carry no free text.
 */

/** What a session mail says about the session: its request's or booking's facts as stored. */
export interface SessionFacts {
  /** The request's id, which its booking keeps (`booking:{id}`). */
  id: string;
  /** UK wall clock 'YYYY-MM-DDTHH:mm:ss'. */
  start: string;
  end: string;
  gymName: string;
  /** The gym's address on one line ('' when unknown): the calendar entry's location. */
  gymAddress: string;
  /** '' for a gym request no coach has taken yet. */
  coachName: string;
  memberName: string;
  discipline: string;
}

/** A paid session's money as the payment split it (rules/fees.ts `ptSessionSplit`). */
export interface SessionMoney {
  pricePence: number;
  platformFeePence: number;
  gymSharePence: number;
  coachReceivesPence: number;
  /** Refunded to the member so far. */
  refundedPence: number;
  /** False for a member's same-day cancellation, which is not refunded automatically. */
  refundDue: boolean;
}

type CancelEvent = Extract<SessionEvent, `session-cancelled-by-${string}`>;
const isCancel = (event: SessionEvent): event is CancelEvent => event.startsWith('session-cancelled-by-');

/** Request alerts may be turned off; a booking and a cancellation move money and are receipts. */
export const sessionMailCategory = (event: SessionEvent): MailCategory =>
  event === 'session-booked' || isCancel(event) ? 'receipts' : 'requests';

/** The PWA page each party reads the event on (product spec §2). */
export function sessionPage(event: SessionEvent, role: TenantKind): { label: string; path: string } {
  const booked = event === 'session-booked' || isCancel(event);
  if (role === 'coach')
    return booked
      ? { label: 'Your bookings', path: '/coachdashboard/bookings' }
      : { label: 'Your PT requests', path: '/coachdashboard/sessionrequests' };
  if (role === 'gym')
    return booked
      ? { label: 'Your bookings', path: '/gymdashboard/bookings' }
      : // A gym has no list of its PT requests: its coaches answer them (auction); the alert lands here.
        { label: 'Your notifications', path: '/gymdashboard/notifications' };
  if (booked) return { label: 'Your private sessions', path: '/userdashboard/privatesessions' };
  return event === 'coach-applied'
    ? { label: 'Your gym requests', path: '/userdashboard/privatesessions/gymrequests' }
    : { label: 'Your coach requests', path: '/userdashboard/privatesessions/coachrequests' };
}

const dayOf = (facts: SessionFacts) => formatWallClock(facts.start, DATE_FORMATS.long);
const hoursOf = (facts: SessionFacts) =>
  `${formatWallClock(facts.start, DATE_FORMATS.time)}–${formatWallClock(facts.end, DATE_FORMATS.time)}`;

function sessionDetails(facts: SessionFacts, role: TenantKind): [string, string][] {
  const rows: [string, string][] = [
    ['Date', dayOf(facts)],
    ['Time', hoursOf(facts)],
    ['Gym', facts.gymAddress ? `${facts.gymName}, ${facts.gymAddress}` : facts.gymName],
  ];
  if (role !== 'coach' && facts.coachName) rows.push(['Coach', facts.coachName]);
  if (role !== 'member') rows.push(['Member', facts.memberName]);
  if (facts.discipline) rows.push(['Discipline', facts.discipline]);
  return rows;
}

/** Each party's part of the price: the member what they paid, the coach the whole split, the gym its share. */
function moneyDetails(money: SessionMoney, role: TenantKind): [string, string][] {
  if (role === 'member') return [['Amount paid', formatPence(money.pricePence)]];
  if (role === 'gym')
    return [
      ['Session price', formatPence(money.pricePence)],
      ['Your space share', formatPence(money.gymSharePence)],
    ];
  return [
    ['Session price', formatPence(money.pricePence)],
    ['Mastr fee', formatPence(money.platformFeePence)],
    ["Gym's space share", formatPence(money.gymSharePence)],
    ['You receive', formatPence(money.coachReceivesPence)],
  ];
}

const REFUND_TIMING = 'banks usually take 5–10 working days to show it.';

/** What the cancellation does to this party's money. */
function refundLines(money: SessionMoney | undefined, role: TenantKind): string[] {
  if (!money) return [];
  const refunded = money.refundedPence > 0;
  if (role === 'member') {
    if (!money.refundDue) return ['Same-day cancellations are not refunded automatically.'];
    return refunded
      ? [
          `You have been refunded ${formatPence(money.refundedPence)} in full to the card you paid with; ${REFUND_TIMING}`,
        ]
      : ['No payment was taken for this session, so there is nothing to refund.'];
  }
  if (role === 'coach')
    return refunded
      ? [
          `The member has been refunded ${formatPence(money.refundedPence)} in full, so your share of ${formatPence(money.coachReceivesPence)} for this session is taken back from your Stripe account.`,
        ]
      : [`The payment is not refunded, so your share of ${formatPence(money.coachReceivesPence)} stays paid.`];
  if (money.gymSharePence <= 0) return [];
  return refunded
    ? [
        `The member has been refunded in full, so your space share of ${formatPence(money.gymSharePence)} is taken back.`,
      ]
    : [`The payment is not refunded, so your space share of ${formatPence(money.gymSharePence)} stays paid.`];
}

const CANCELLER: Record<CancelEvent, TenantKind> = {
  'session-cancelled-by-coach': 'coach',
  'session-cancelled-by-member': 'member',
  'session-cancelled-by-gym': 'gym',
};

function cancelParagraph(event: CancelEvent, role: TenantKind, facts: SessionFacts): string {
  const when = `on ${dayOf(facts)} at ${formatWallClock(facts.start, DATE_FORMATS.time)}`;
  const { coachName: coach, memberName: member, gymName: gym } = facts;
  const by = CANCELLER[event];
  if (by === 'gym') {
    const session = {
      member: `your PT session with ${coach}`,
      coach: `your PT session with ${member}`,
      gym: `the PT session of ${coach} with ${member}`,
    }[role];
    return `${gym} has closed its Mastr account, so ${session} ${when} is cancelled.`;
  }
  if (by === role)
    return `You have cancelled your PT session with ${role === 'member' ? coach : member} at ${gym} ${when}.`;
  if (by === 'coach')
    return role === 'member'
      ? `${coach} has cancelled your PT session at ${gym} ${when}.`
      : `${coach} has cancelled the PT session with ${member} at your gym ${when}.`;
  return role === 'coach'
    ? `${member} has cancelled their PT session with you at ${gym} ${when}.`
    : `${member} has cancelled their PT session with ${coach} at your gym ${when}.`;
}

function subjectOf(event: SessionEvent, role: TenantKind, facts: SessionFacts): string {
  const day = formatWallClock(facts.start, DATE_FORMATS.dayMonth);
  switch (event) {
    case 'session-requested':
      return role === 'gym'
        ? `New PT session request at ${facts.gymName}`
        : `New PT session request from ${facts.memberName}`;
    case 'session-accepted':
      return `${facts.coachName} accepted your PT session request`;
    case 'session-rejected':
      return `${facts.coachName} rejected your PT session request`;
    case 'coach-applied':
      return `${facts.coachName} applied for your PT session request`;
    case 'session-booked':
      return role === 'member' ? `Your PT session is booked: ${day}` : `PT session booked: ${day}`;
    default:
      return role === 'member' ? `Your PT session on ${day} is cancelled` : `PT session cancelled: ${day}`;
  }
}

function paragraphsOf(event: SessionEvent, role: TenantKind, facts: SessionFacts): string[] {
  const when = `on ${dayOf(facts)} at ${formatWallClock(facts.start, DATE_FORMATS.time)}`;
  switch (event) {
    case 'session-requested':
      return role === 'gym'
        ? [
            `${facts.memberName} has requested a PT session at ${facts.gymName} ${when}.`,
            'Your registered coaches can apply for it from their Auction page; the member then chooses one and pays.',
          ]
        : [
            `${facts.memberName} has requested a PT session with you at ${facts.gymName} ${when}.`,
            'Accept or reject it from your PT requests.',
          ];
    case 'session-accepted':
      return [
        `${facts.coachName} accepted your PT session request at ${facts.gymName} ${when}.`,
        'Complete the request to book it: the session is booked once you have paid.',
      ];
    case 'session-rejected':
      return [
        `${facts.coachName} rejected your PT session request at ${facts.gymName} ${when}.`,
        'Nothing was paid, so there is nothing to refund. You can request another time or another coach.',
      ];
    case 'coach-applied':
      return [
        `${facts.coachName} applied for your PT session request at ${facts.gymName} ${when}.`,
        'Choose a coach and pay to book the session.',
      ];
    case 'session-booked':
      if (role === 'member')
        return [`Your PT session with ${facts.coachName} at ${facts.gymName} ${when} is booked and paid.`];
      if (role === 'coach') return [`${facts.memberName} has booked and paid for a PT session with you ${when}.`];
      return [`${facts.memberName} has booked a PT session with ${facts.coachName} at your gym ${when}.`];
    default:
      return [cancelParagraph(event as CancelEvent, role, facts)];
  }
}

function calendarSummary(role: TenantKind, facts: SessionFacts): string {
  if (role === 'member') return `PT session with ${facts.coachName}`;
  if (role === 'coach') return `PT session with ${facts.memberName}`;
  return `PT session: ${facts.coachName} with ${facts.memberName}`;
}

/**
 * The mail `event` sends the party `role`. A booking carries its `.ics` REQUEST and a cancellation the
 * matching CANCEL (uid `session-{id}`, at the gym's address), so the entry a booking mail put in a
 * calendar is the one its cancellation removes.
 */
export function sessionMailContent(
  event: SessionEvent,
  role: TenantKind,
  facts: SessionFacts,
  money: SessionMoney | undefined,
  recipient: Pick<MailRecipient, 'name' | 'email'>,
  env: { publicUrl: string; mailFrom: string },
): MailContent {
  const page = sessionPage(event, role);
  const url = `${env.publicUrl}${page.path}`;
  const content: MailContent = {
    subject: subjectOf(event, role, facts),
    greeting: greetingOf(recipient),
    paragraphs: paragraphsOf(event, role, facts),
    details: [
      ...sessionDetails(facts, role),
      ...(money && event === 'session-booked' ? moneyDetails(money, role) : []),
    ],
    action: { label: page.label, url },
  };
  if (isCancel(event)) content.closing = refundLines(money, role);
  if (event === 'session-booked' || isCancel(event)) {
    content.icalEvent = mailCalendarEvent(
      {
        uid: `session-${facts.id}`,
        summary: calendarSummary(role, facts),
        start: facts.start,
        end: facts.end,
        location: facts.gymAddress ? `${facts.gymName}, ${facts.gymAddress}` : facts.gymName,
        url,
        sequence: isCancel(event) ? 1 : 0,
        cancelled: isCancel(event),
      },
      { mailFrom: env.mailFrom, to: recipient.email },
    );
  }
  return content;
}
