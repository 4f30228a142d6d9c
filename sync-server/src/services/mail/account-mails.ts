import type { GoLiveStep } from '@mastr/rules/go-live.ts';
import { formatPence } from '@mastr/rules/money.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import type { MailContent } from './mail-layout.ts';

/**
 * What a gym or coach reads when its account goes live or stops being live, what a gym reads about
 * its plan, and the goodbye every kind gets when its account is deleted (design/mail.md "Account
 * mails"). Only facts Mastr holds appear; no one else's words.
 */

type Seller = 'gym' | 'coach';

const DASHBOARD: Record<AccountKind, string> = {
  user: '/userdashboard/account',
  coach: '/coachdashboard',
  gym: '/gymdashboard',
};

export const dashboardUrl = (publicUrl: string, kind: AccountKind) => `${publicUrl}${DASHBOARD[kind]}`;
export const stripePageUrl = (publicUrl: string) => `${publicUrl}/gymdashboard/stripe`;

/** The account became Active: every go-live step is done (rules/go-live.ts). */
export function wentLiveMail(
  kind: Seller,
  input: { greeting: string; listed: boolean; dashboardUrl: string },
): MailContent {
  const paragraphs =
    kind === 'gym'
      ? [
          'Your gym is now Active on Mastr: every step of your checklist is done.',
          input.listed
            ? 'Members can find your gym and buy day passes and Mastr Class passes.'
            : 'Members will find your gym and buy passes once your plan is running: select a plan on your Stripe page.',
        ]
      : [
          'You are now Active on Mastr: every step of your checklist is done.',
          'Members can find you and request private sessions.',
        ];
  return {
    subject: kind === 'gym' ? 'Your gym is live on Mastr' : 'You are live on Mastr',
    greeting: input.greeting,
    paragraphs,
    action: { label: 'Your dashboard', url: input.dashboardUrl },
  };
}

/** The account is no longer Active: what is now missing, and where each step is done. */
export function wentInactiveMail(
  kind: Seller,
  input: { greeting: string; missing: readonly GoLiveStep[]; dashboardUrl: string },
): MailContent {
  return {
    subject: kind === 'gym' ? 'Your gym is no longer live on Mastr' : 'You are no longer live on Mastr',
    greeting: input.greeting,
    paragraphs: [
      kind === 'gym'
        ? 'Your gym is now Inactive on Mastr, so members cannot find it or buy new passes. Passes already sold stay valid.'
        : 'You are now Inactive on Mastr, so members cannot find you or request new sessions. Sessions already booked stay as they are.',
      'To go live again, finish these steps:',
      ...input.missing.map((step) => `• ${step.label}`),
    ],
    action: { label: 'Your checklist', url: input.dashboardUrl },
  };
}

/** The gym's Basic plan is running: its first payment went through, or a failed one was paid after all. */
export function planStartedMail(input: {
  greeting: string;
  pricePence: number;
  recovered: boolean;
  stripeUrl: string;
}): MailContent {
  return {
    subject: input.recovered ? 'Your Mastr plan payment went through' : 'Your Mastr Basic plan has started',
    greeting: input.greeting,
    paragraphs: [
      input.recovered
        ? 'Thank you: your Basic plan payment went through and your plan is running again.'
        : 'Thank you for choosing the Mastr Basic plan. Your plan is running, so your gym is listed for members while it is Active.',
    ],
    details: [
      ['Plan', 'Basic'],
      ['Price', `${formatPence(input.pricePence)} a month`],
    ],
    action: { label: 'Manage your plan', url: input.stripeUrl },
    closing: ['Stripe sends a receipt for each payment.'],
  };
}

/** A plan payment failed: the plan is still the gym's, and the card can be fixed. */
export function planFailingMail(input: { greeting: string; stripeUrl: string }): MailContent {
  return {
    subject: 'Your Mastr plan payment failed',
    greeting: input.greeting,
    paragraphs: [
      'We could not take the payment for your Mastr Basic plan. Your gym stays unlisted for members until it is paid.',
      'Please update your card with Manage Plan on your Stripe page; Stripe will try again.',
    ],
    action: { label: 'Manage your plan', url: input.stripeUrl },
  };
}

/** The plan has ended (cancelled in the portal, or never paid). */
export function planEndedMail(input: { greeting: string; stripeUrl: string }): MailContent {
  return {
    subject: 'Your Mastr Basic plan has ended',
    greeting: input.greeting,
    paragraphs: [
      'Your Mastr Basic plan has ended, so your gym is no longer listed for members. Passes already sold stay valid.',
      'You can select a plan again at any time on your Stripe page.',
    ],
    action: { label: 'Select a plan', url: input.stripeUrl },
  };
}

/** The last mail an account gets: it is gone, with what went back to members or to the member. */
export function accountDeletedMail(kind: AccountKind, input: { greeting: string; refundedPence: number }): MailContent {
  const refund =
    input.refundedPence > 0
      ? kind === 'user'
        ? [
            `Your passes and sessions still to come were cancelled and ${formatPence(input.refundedPence)} refunded in full to the card you paid with; banks usually take 5–10 working days to show it.`,
          ]
        : [
            `Passes and sessions members had booked with you were cancelled and ${formatPence(input.refundedPence)} refunded to them in full.`,
          ]
      : [];
  return {
    subject: 'Your Mastr account is deleted',
    greeting: input.greeting,
    paragraphs: [
      'Your Mastr account has been deleted, as you asked. You can no longer sign in, and this is the last email we send you.',
      ...refund,
      'Payment records keep amounts and dates only, never your name or email. Your email address is free to register again.',
    ],
    // No link: there is no page of the account left to open.
    closing: ['Thank you for using Mastr.'],
  };
}
