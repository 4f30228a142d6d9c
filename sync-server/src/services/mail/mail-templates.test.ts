import { describe, expect, it } from 'vitest';
import { passwordResetLink, passwordResetMail, verificationLink, verificationMail } from './mail-templates.ts';

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
