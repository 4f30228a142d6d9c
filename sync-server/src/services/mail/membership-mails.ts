import type { MembershipEvent } from '@mastr/rules/documents.ts';
import type { MailCategory } from '@mastr/rules/mail-categories.ts';
import type { MailContent } from './mail-layout.ts';
import { greetingOf, type MailRecipient } from './recipients.ts';

/**
 * The coach–gym membership mails (design/mail.md "Coach–gym mails"): the one side told of what the
 * other did, as the in-app line tells it (rules/memberships.ts `notificationText`). Names are the
 * ones the parties gave Mastr (the coach's full name, the gym's name); nothing else is carried.
 */

/**
 * Every membership mail is a request alert, the endings included (decision 97): no money moves and no
 * booking changes when a relation ends (sessions already booked stand), and the in-app note records
 * it whatever the mail choice, so someone who turned request alerts off loses nothing they must know.
 */
export const MEMBERSHIP_MAIL_CATEGORY: MailCategory = 'requests';

/** The management page of the side told: a gym's coaches and requests, a coach's gyms. */
const membershipPage = (event: MembershipEvent) =>
  event.startsWith('coach-')
    ? { label: 'Your coaches and requests', path: '/gymdashboard/management' }
    : { label: 'Your gyms', path: '/coachdashboard/management' };

function texts(event: MembershipEvent, names: { coachName: string; gymName: string }) {
  const { coachName, gymName } = names;
  switch (event) {
    case 'coach-requested':
      return {
        subject: `${coachName} has requested to join ${gymName}`,
        paragraphs: [
          `${coachName} has requested to join ${gymName} as a coach.`,
          'Accept them to let members book PT sessions with them at your gym, or reject the request.',
        ],
      };
    case 'coach-cancelled':
      return {
        subject: `${coachName} cancelled their request to join ${gymName}`,
        paragraphs: [`${coachName} cancelled their request to join ${gymName}. There is nothing for you to do.`],
      };
    case 'coach-left':
      return {
        subject: `${coachName} has left ${gymName}`,
        paragraphs: [
          `${coachName} has left ${gymName}: members can no longer book them at your gym, and their applications to your open PT requests are withdrawn.`,
          'Sessions already booked with them stay booked.',
        ],
      };
    case 'gym-accepted':
      return {
        subject: `${gymName} accepted your request`,
        paragraphs: [
          `${gymName} accepted your request. You are now registered to this gym.`,
          "Members can book PT sessions with you there, and you can apply for the gym's PT requests from your Auction page.",
        ],
      };
    case 'gym-rejected':
      return {
        subject: `${gymName} rejected your request to join`,
        paragraphs: [`${gymName} rejected your request to join. You can request other gyms from your management page.`],
      };
    case 'gym-terminated':
      return {
        subject: `${gymName} has ended your registration`,
        paragraphs: [
          `${gymName} has ended your registration: members can no longer book you at this gym, and your applications to its open PT requests are withdrawn.`,
          'Sessions already booked there stay booked.',
        ],
      };
  }
}

export function membershipMailContent(
  event: MembershipEvent,
  names: { coachName: string; gymName: string },
  recipient: Pick<MailRecipient, 'name'>,
  publicUrl: string,
): MailContent {
  const page = membershipPage(event);
  return {
    ...texts(event, names),
    greeting: greetingOf(recipient),
    action: { label: page.label, url: `${publicUrl}${page.path}` },
  };
}
