/**
 * The account mails, in plain text with each link alone on its line (mail clients then make it
 * clickable and never wrap it). They deliberately carry no name or other text the registrant
 * typed: anyone can register someone else's address, and the mail must not become a way to send
 * a stranger words of the sender's choosing.
 */
import { KIND_PLURAL, type AccountKind } from '@mastr/rules/roles.ts';
import type { MailMessage } from './mailer.ts';
import { TOKEN_LIFETIME_MS } from '../../couch/stores/one-time-tokens-store.ts';

const SIGNATURE = 'The Mastr team\nMastr your game.';

const ACCOUNT_LABEL: Record<AccountKind, string> = { user: 'member', coach: 'coach', gym: 'gym' };

function lifetimeText(ms: number): string {
  const hours = Math.round(ms / (60 * 60 * 1000));
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** The PWA page that verifies an email: /{users|coaches|gyms}/{id}/verify/{token}. */
export function verificationLink(publicUrl: string, kind: AccountKind, profileId: string, token: string): string {
  return `${publicUrl}/${KIND_PLURAL[kind]}/${profileId}/verify/${token}`;
}

/** The PWA page that sets a new password: /{users|coaches|gyms}/password-reset/{id}/{token}. */
export function passwordResetLink(publicUrl: string, kind: AccountKind, profileId: string, token: string): string {
  return `${publicUrl}/${KIND_PLURAL[kind]}/password-reset/${profileId}/${token}`;
}

export function verificationMail(to: string, kind: AccountKind, link: string): MailMessage {
  return {
    to,
    subject: 'Verify your Mastr email',
    text: [
      'Hello,',
      '',
      `Thank you for registering a Mastr ${ACCOUNT_LABEL[kind]} account. Please confirm that this is your email address by opening this link:`,
      '',
      link,
      '',
      `The link works once and expires in ${lifetimeText(TOKEN_LIFETIME_MS.verify)}. A registration not verified by then is removed, and you can simply register again.`,
      'If you did not register with Mastr, you can ignore this email.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, kind: AccountKind, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Mastr password',
    text: [
      'Hello,',
      '',
      `We received a request to reset the password of the Mastr ${ACCOUNT_LABEL[kind]} account for this email address. To choose a new password, open this link:`,
      '',
      link,
      '',
      `The link works once and expires in ${lifetimeText(TOKEN_LIFETIME_MS.reset)}. Setting a new password signs you out on every device.`,
      'If you did not ask for this, you can ignore this email: your password stays the same.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
