import { describe, expect, it } from 'vitest';
import {
  gymCancelledPassMail,
  memberCancelledPassMail,
  passwordResetLink,
  passwordResetMail,
  verificationLink,
  verificationMail,
} from './mail-templates.ts';

const id = 'a'.repeat(24);

describe('account mail templates', () => {
  it('link to the PWA pages of each kind', () => {
    expect(verificationLink('https://mastr.uk', 'coach', id, 'tok')).toBe(`https://mastr.uk/coaches/${id}/verify/tok`);
    expect(passwordResetLink('https://mastr.uk', 'gym', id, 'tok')).toBe(
      `https://mastr.uk/gyms/password-reset/${id}/tok`,
    );
    expect(verificationLink('https://mastr.uk', 'user', id, 'tok')).toBe(`https://mastr.uk/users/${id}/verify/tok`);
  });

  it('put the link alone on its own line of a plain-text body, with the Mastr subject', () => {
    const link = verificationLink('https://mastr.uk', 'user', id, 'tok');
    const mail = verificationMail('ada@example.com', 'user', link);
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Verify your Mastr email' });
    expect(mail.text.split('\n')).toContain(link);
    expect(mail.text).toContain('expires in 24 hours');
    expect(mail.text).toContain('A registration not verified by then is removed, and you can simply register again.');
    expect(mail.html).toBeUndefined();

    const reset = passwordResetMail('ada@example.com', 'gym', passwordResetLink('https://mastr.uk', 'gym', id, 'tok'));
    expect(reset.subject).toBe('Reset your Mastr password');
    expect(reset.text.split('\n')).toContain(`https://mastr.uk/gyms/password-reset/${id}/tok`);
    expect(reset.text).toContain('expires in 1 hour.');
  });
});

describe("the member's mails when a day pass is cancelled", () => {
  const pass = { gymName: 'Iron Temple', passType: 'Adult', date: 'Saturday 28th November 2026' };
  const link = 'https://mastr.uk/userdashboard/daypasses';

  it('names the gym, the pass and its day, the refund, and links to the passes', () => {
    const mail = gymCancelledPassMail('ada@example.com', { ...pass, refundedPence: 1500 }, link);
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Your Mastr day pass was cancelled by the gym' });
    expect(mail.text).toContain('Iron Temple has cancelled your Adult Day Pass for Saturday 28th November 2026.');
    expect(mail.text).toContain('You have been refunded £15 in full');
    expect(mail.text.split('\n')).toContain(link);
  });

  it('says so when nothing was paid', () => {
    const mail = gymCancelledPassMail('ada@example.com', { ...pass, refundedPence: 0 }, link);
    expect(mail.text).toContain('nothing to refund');
  });

  it("confirm a member's own cancellation with the refund, or why there is none", () => {
    const refunded = memberCancelledPassMail(
      'ada@example.com',
      { ...pass, refundedPence: 1500, refundDue: true },
      link,
    );
    expect(refunded).toMatchObject({ to: 'ada@example.com', subject: 'Your Mastr day pass is cancelled' });
    expect(refunded.text).toContain(
      'You have cancelled your Adult Day Pass at Iron Temple for Saturday 28th November 2026.',
    );
    expect(refunded.text).toContain('You have been refunded £15 in full');
    expect(refunded.text.split('\n')).toContain(link);
    const sameDay = memberCancelledPassMail('ada@example.com', { ...pass, refundedPence: 0, refundDue: false }, link);
    expect(sameDay.text).toContain('Same-day cancellations are not refunded automatically');
    const unpaid = memberCancelledPassMail('ada@example.com', { ...pass, refundedPence: 0, refundDue: true }, link);
    expect(unpaid.text).toContain('nothing to refund');
  });
});
