import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFeed, mailCalendarEvent } from './calendar-events.ts';
import { composeMail } from './mail-layout.ts';
import { readUnsubscribeToken, unsubscribeToken, type MailRecipient } from './recipients.ts';

const recipient: MailRecipient = {
  profileId: 'a'.repeat(24),
  kind: 'user',
  email: 'sam@example.com',
  name: 'Sam',
  preferencesUrl: 'https://mastr.test/userdashboard/account',
  unsubscribeUrl: 'https://mastr.test/api/mail/unsubscribe/tok',
};

describe('composeMail: one content, an HTML and a plain-text part', () => {
  const content = {
    subject: 'Your day pass',
    greeting: 'Hello Sam,',
    paragraphs: ['Thanks for buying a day pass at <Apex & Co>.'],
    details: [['Amount', '£12.00']] as [string, string][],
    action: { label: 'Your day passes', url: 'https://mastr.test/userdashboard/daypasses' },
  };

  it('escapes names in the HTML and keeps links alone on their line in the text', () => {
    const mail = composeMail(recipient, 'receipts', content);
    expect(mail.to).toBe('sam@example.com');
    expect(mail.html).toContain('&lt;Apex &amp; Co&gt;');
    expect(mail.html).not.toContain('<Apex');
    expect(mail.text).toContain('Thanks for buying a day pass at <Apex & Co>.');
    expect(mail.text).toContain('Amount: £12.00');
    expect(mail.text.split('\n')).toContain('https://mastr.test/userdashboard/daypasses');
    expect(mail.headers).toBeUndefined();
    expect(mail.text).toContain('sent whatever your email choices');
  });

  it('gives an optional category the RFC 8058 one-click headers and a way out in the footer', () => {
    const mail = composeMail(recipient, 'reminders', content);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://mastr.test/api/mail/unsubscribe/tok>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain('Turn them off: https://mastr.test/api/mail/unsubscribe/tok');
  });
});

describe('unsubscribe tokens', () => {
  it('name the account and category, and a changed character or another secret is refused', () => {
    const token = unsubscribeToken('secret-1', { profileId: recipient.profileId }, 'reminders');
    expect(readUnsubscribeToken('secret-1', token)).toEqual({ profileId: recipient.profileId, category: 'reminders' });
    expect(readUnsubscribeToken('secret-2', token)).toBeNull();
    expect(readUnsubscribeToken('secret-1', token.replace('reminders', 'requests'))).toBeNull();
    expect(readUnsubscribeToken('secret-1', `${token.slice(0, -1)}x`)).toBeNull();
    expect(readUnsubscribeToken('secret-1', 'nonsense')).toBeNull();
  });
});

describe('calendar entries, read back by a parser', () => {
  it('a session: REQUEST with the UK time as a UTC instant, then the matching CANCEL', () => {
    const entry = {
      uid: 'session-abc',
      summary: 'PT session with Alex',
      start: '2026-07-04T09:00:00',
      end: '2026-07-04T10:00:00',
      location: 'Apex Boxing, 1 High Street, Bristol',
    };
    const booked = mailCalendarEvent(entry, { mailFrom: 'Mastr <no-reply@mastr.test>', to: 'sam@example.com' });
    expect(booked.method).toBe('REQUEST');
    const calendar = new ICAL.Component(ICAL.parse(booked.content));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('session-abc@mastr.app');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-07-04T08:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-07-04T09:00:00.000Z');
    expect(event.location).toBe('Apex Boxing, 1 High Street, Bristol');
    expect(event.organizer).toBe('mailto:no-reply@mastr.test');

    const cancelled = mailCalendarEvent(
      { ...entry, cancelled: true, sequence: 1 },
      { mailFrom: 'no-reply@mastr.test', to: 'sam@example.com' },
    );
    const cancel = new ICAL.Component(ICAL.parse(cancelled.content));
    expect(cancel.getFirstPropertyValue('method')).toBe('CANCEL');
    const vevent = cancel.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('uid')).toBe('session-abc@mastr.app');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(1);
  });

  it('a feed of a whole-day pass: a date, not a time', () => {
    const feed = calendarFeed('Mastr: Sam', [{ uid: 'pass-1', summary: 'Day pass: Apex Boxing', start: '2026-12-05' }]);
    const calendar = new ICAL.Component(ICAL.parse(feed));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-12-05');
  });
});
