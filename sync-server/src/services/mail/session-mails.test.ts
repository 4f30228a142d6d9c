import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { composeMail } from './mail-layout.ts';
import type { MailRecipient } from './recipients.ts';
import {
  sessionMailCategory,
  sessionMailContent,
  sessionPage,
  type SessionFacts,
  type SessionMoney,
} from './session-mails.ts';

const env = { publicUrl: 'https://mastr.test', mailFrom: 'Mastr <no-reply@mastr.test>' };
const facts: SessionFacts = {
  id: 'b'.repeat(24),
  start: '2026-11-20T18:00:00',
  end: '2026-11-20T19:00:00',
  gymName: 'Iron Temple',
  gymAddress: '1 High Street, Leeds, LS1 1AA',
  coachName: 'Casey Jones',
  memberName: 'Alex Member',
  discipline: 'Boxing',
};
// £45: Mastr's 10% (£4.50) and the gym's 10% (£4.50) out of it, the coach keeps £36.
const money: SessionMoney = {
  pricePence: 4500,
  platformFeePence: 450,
  gymSharePence: 450,
  coachReceivesPence: 3600,
  refundedPence: 0,
  refundDue: true,
};
const person = (kind: MailRecipient['kind'], name: string): MailRecipient => ({
  profileId: 'a'.repeat(24),
  kind,
  email: `${name.toLowerCase()}@example.com`,
  name,
  preferencesUrl: 'https://mastr.test/account',
  unsubscribeUrl: 'https://mastr.test/api/mail/unsubscribe/tok',
});
const member = person('user', 'Alex');
const coach = person('coach', 'Casey');
const gym = person('gym', 'Iron Temple');

const icsOf = (content: ReturnType<typeof sessionMailContent>) => {
  const calendar = new ICAL.Component(ICAL.parse(content.icalEvent!.content));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { method: calendar.getFirstPropertyValue('method'), event };
};

describe('private-session mails', () => {
  it('a booking: the member is told what they paid, the coach the whole split, the gym its share', () => {
    const forMember = composeMail(
      member,
      'receipts',
      sessionMailContent('session-booked', 'member', facts, money, member, env),
    );
    expect(forMember.subject).toBe('Your PT session is booked: Friday 20th November');
    expect(forMember.text).toContain(
      'Your PT session with Casey Jones at Iron Temple on Friday 20th November 2026 at 18:00 is booked and paid.',
    );
    expect(forMember.text).toContain('Time: 18:00–19:00');
    expect(forMember.text).toContain('Gym: Iron Temple, 1 High Street, Leeds, LS1 1AA');
    expect(forMember.text).toContain('Amount paid: £45');
    expect(forMember.text).not.toContain('You receive');
    expect(forMember.text.split('\n')).toContain('https://mastr.test/userdashboard/privatesessions');

    const forCoach = sessionMailContent('session-booked', 'coach', facts, money, coach, env);
    expect(forCoach.subject).toBe('PT session booked: Friday 20th November');
    expect(forCoach.details).toEqual(
      expect.arrayContaining([
        ['Member', 'Alex Member'],
        ['Session price', '£45'],
        ['Mastr fee', '£4.50'],
        ["Gym's space share", '£4.50'],
        ['You receive', '£36'],
      ]),
    );
    expect(forCoach.action!.url).toBe('https://mastr.test/coachdashboard/bookings');

    const forGym = sessionMailContent('session-booked', 'gym', facts, money, gym, env);
    expect(forGym.paragraphs[0]).toBe(
      'Alex Member has booked a PT session with Casey Jones at your gym on Friday 20th November 2026 at 18:00.',
    );
    expect(forGym.details).toEqual(expect.arrayContaining([['Your space share', '£4.50']]));
    expect(forGym.details!.some(([label]) => label === 'You receive' || label === 'Mastr fee')).toBe(false);
    expect(forGym.action!.url).toBe('https://mastr.test/gymdashboard/bookings');
  });

  it("a booking carries a REQUEST at the gym's address; its cancellation the matching CANCEL", () => {
    const booked = icsOf(sessionMailContent('session-booked', 'member', facts, money, member, env));
    expect(booked.method).toBe('REQUEST');
    expect(booked.event.uid).toBe(`session-${facts.id}@mastr.app`);
    expect(booked.event.summary).toBe('PT session with Casey Jones');
    expect(booked.event.location).toBe('Iron Temple, 1 High Street, Leeds, LS1 1AA');
    // 18:00 in London in November is 18:00 UTC (GMT).
    expect(booked.event.startDate.toJSDate().toISOString()).toBe('2026-11-20T18:00:00.000Z');
    expect(booked.event.endDate.toJSDate().toISOString()).toBe('2026-11-20T19:00:00.000Z');
    const cancelled = icsOf(sessionMailContent('session-cancelled-by-coach', 'member', facts, money, member, env));
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.event.uid).toBe(booked.event.uid);
    expect(cancelled.event.sequence).toBeGreaterThan(booked.event.sequence);
    expect(sessionMailContent('session-accepted', 'member', facts, undefined, member, env).icalEvent).toBeUndefined();
  });

  it('a cancellation tells each party who cancelled and what follows for its money', () => {
    const refunded = { ...money, refundedPence: 4500 };
    const byCoach = (role: 'member' | 'coach' | 'gym', who: MailRecipient) =>
      sessionMailContent('session-cancelled-by-coach', role, facts, refunded, who, env);
    expect(byCoach('member', member).subject).toBe('Your PT session on Friday 20th November is cancelled');
    expect(byCoach('member', member).paragraphs).toEqual([
      'Casey Jones has cancelled your PT session at Iron Temple on Friday 20th November 2026 at 18:00.',
    ]);
    expect(byCoach('member', member).closing).toEqual([
      'You have been refunded £45 in full to the card you paid with; banks usually take 5–10 working days to show it.',
    ]);
    expect(byCoach('coach', coach).paragraphs[0]).toBe(
      'You have cancelled your PT session with Alex Member at Iron Temple on Friday 20th November 2026 at 18:00.',
    );
    expect(byCoach('coach', coach).closing![0]).toContain('your share of £36 for this session is taken back');
    expect(byCoach('gym', gym).closing![0]).toContain('your space share of £4.50 is taken back');

    const sameDay = { ...money, refundDue: false };
    const byMember = (role: 'member' | 'coach', who: MailRecipient) =>
      sessionMailContent('session-cancelled-by-member', role, facts, sameDay, who, env);
    expect(byMember('member', member).closing).toEqual(['Same-day cancellations are not refunded automatically.']);
    expect(byMember('coach', coach).paragraphs[0]).toBe(
      'Alex Member has cancelled their PT session with you at Iron Temple on Friday 20th November 2026 at 18:00.',
    );
    expect(byMember('coach', coach).closing).toEqual(['The payment is not refunded, so your share of £36 stays paid.']);

    const closed = sessionMailContent('session-cancelled-by-gym', 'member', facts, refunded, member, env);
    expect(closed.paragraphs[0]).toBe(
      'Iron Temple has closed its Mastr account, so your PT session with Casey Jones on Friday 20th November 2026 at 18:00 is cancelled.',
    );
  });

  it('request alerts: the page each party answers on, and the optional category', () => {
    const requested = sessionMailContent('session-requested', 'coach', facts, undefined, coach, env);
    expect(requested.subject).toBe('New PT session request from Alex Member');
    expect(requested.action!.url).toBe('https://mastr.test/coachdashboard/sessionrequests');
    const atGym = sessionMailContent('session-requested', 'gym', { ...facts, coachName: '' }, undefined, gym, env);
    expect(atGym.subject).toBe('New PT session request at Iron Temple');
    expect(atGym.details!.some(([label]) => label === 'Coach')).toBe(false);
    expect(sessionMailContent('session-accepted', 'member', facts, undefined, member, env).subject).toBe(
      'Casey Jones accepted your PT session request',
    );
    expect(sessionMailContent('session-rejected', 'member', facts, undefined, member, env).subject).toBe(
      'Casey Jones rejected your PT session request',
    );
    expect(sessionPage('coach-applied', 'member').path).toBe('/userdashboard/privatesessions/gymrequests');
    expect(sessionPage('session-accepted', 'member').path).toBe('/userdashboard/privatesessions/coachrequests');
    expect(
      ['session-requested', 'session-accepted', 'session-rejected', 'coach-applied'].map((e) =>
        sessionMailCategory(e as never),
      ),
    ).toEqual(['requests', 'requests', 'requests', 'requests']);
    expect(sessionMailCategory('session-booked')).toBe('receipts');
    expect(sessionMailCategory('session-cancelled-by-member')).toBe('receipts');
  });

  it("never lets a name become markup in the other party's mail", () => {
    const html = composeMail(
      coach,
      'requests',
      sessionMailContent(
        'session-requested',
        'coach',
        { ...facts, memberName: '<a href="x">Win</a>' },
        undefined,
        coach,
        env,
      ),
    ).html!;
    expect(html).not.toContain('<a href="x">');
    expect(html).toContain('&lt;a href=&quot;x&quot;&gt;Win&lt;/a&gt;');
  });
});
