import { describe, expect, it } from 'vitest';
import { composeMail } from './mail-layout.ts';
import { MEMBERSHIP_MAIL_CATEGORY, membershipMailContent } from './membership-mails.ts';
import type { MailRecipient } from './recipients.ts';

const names = { coachName: 'Casey Jones', gymName: 'Iron Temple' };
const gym: MailRecipient = {
  profileId: 'a'.repeat(24),
  kind: 'gym',
  email: 'gym@example.com',
  name: 'Iron Temple',
  preferencesUrl: 'https://mastr.test/gymdashboard/account',
  unsubscribeUrl: 'https://mastr.test/api/mail/unsubscribe/tok',
};
const coach: MailRecipient = { ...gym, kind: 'coach', email: 'casey@example.com', name: 'Casey' };

describe('coach–gym mails', () => {
  it("a coach's request reaches the gym with its management page, as an optional request alert", () => {
    const mail = composeMail(
      gym,
      MEMBERSHIP_MAIL_CATEGORY,
      membershipMailContent('coach-requested', names, gym, 'https://mastr.test'),
    );
    expect(mail.subject).toBe('Casey Jones has requested to join Iron Temple');
    expect(mail.text).toContain('Hello Iron Temple,');
    expect(mail.text).toContain('Casey Jones has requested to join Iron Temple as a coach.');
    expect(mail.text.split('\n')).toContain('https://mastr.test/gymdashboard/management');
    expect(mail.headers?.['List-Unsubscribe']).toBe('<https://mastr.test/api/mail/unsubscribe/tok>');
  });

  it("the gym's answers and endings reach the coach; the coach's endings reach the gym", () => {
    const toCoach = (event: 'gym-accepted' | 'gym-rejected' | 'gym-terminated') =>
      membershipMailContent(event, names, coach, 'https://mastr.test');
    expect(toCoach('gym-accepted').subject).toBe('Iron Temple accepted your request');
    expect(toCoach('gym-accepted').paragraphs[0]).toBe(
      'Iron Temple accepted your request. You are now registered to this gym.',
    );
    expect(toCoach('gym-rejected').subject).toBe('Iron Temple rejected your request to join');
    expect(toCoach('gym-terminated').subject).toBe('Iron Temple has ended your registration');
    expect(toCoach('gym-terminated').paragraphs).toContain('Sessions already booked there stay booked.');
    for (const event of ['gym-accepted', 'gym-rejected', 'gym-terminated'] as const)
      expect(toCoach(event).action!.url).toBe('https://mastr.test/coachdashboard/management');

    const left = membershipMailContent('coach-left', names, gym, 'https://mastr.test');
    expect(left.subject).toBe('Casey Jones has left Iron Temple');
    expect(left.action!.url).toBe('https://mastr.test/gymdashboard/management');
    expect(membershipMailContent('coach-cancelled', names, gym, 'https://mastr.test').subject).toBe(
      'Casey Jones cancelled their request to join Iron Temple',
    );
  });
});
