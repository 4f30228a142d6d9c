/**
 * The coach–gym relation (§4 "Coach-gym relation"): one `membership:{gymId}:{coachId}` document per
 * pair (rules/doc-ids.ts), pending or registered, and no document at all once the relation ends. The
 * six §7 calls are transitions of that one document; which write each one makes from the state it
 * finds is decided here, and the service writes it under the revision it read, so two calls racing
 * on any server instances end in exactly one state (design/decisions.md 33).
 */
import { NOT_REGISTERED_TO_THIS_GYM } from './texts.ts';
import type { MembershipDoc, MembershipEvent, NotificationDoc } from './documents.ts';
import { isPassEvent, passNotificationText } from './pass-events.ts';
import { isSessionEvent, sessionNotificationText } from './session-events.ts';

export type MembershipState = MembershipDoc['state'];

/** The six calls: the coach's request, cancel and leave; the gym's accept, reject and terminate. */
export type MembershipAction = 'request' | 'cancel' | 'leave' | 'approve' | 'reject' | 'terminate';

export const MEMBERSHIP_REFUSALS = {
  alreadyRegistered: 'You are already registered to this Gym.',
  noRequest: 'There is no pending request from this Coach.',
  noOwnRequest: 'You have no pending request to this Gym.',
  notRegistered: 'This Coach is not registered to your Gym.',
  notOwnGym: NOT_REGISTERED_TO_THIS_GYM,
  unknownGym: 'This Gym cannot be found.',
} as const;

export type MembershipStep =
  /** Write this state (a new document, or over the one read). */
  | { step: 'write'; state: MembershipState }
  /** End the relation: delete the document read. */
  | { step: 'delete' }
  /** Already as asked (a repeated request or accept): nothing to write, the call succeeds. */
  | { step: 'unchanged' }
  | { step: 'refused'; message: string };

/** What `action` does to a relation found in `current` (`null`: none). */
export function membershipStep(action: MembershipAction, current: MembershipState | null): MembershipStep {
  switch (action) {
    case 'request':
      if (current === 'registered') return { step: 'refused', message: MEMBERSHIP_REFUSALS.alreadyRegistered };
      return current === 'pending' ? { step: 'unchanged' } : { step: 'write', state: 'pending' };
    case 'cancel':
      return current === 'pending'
        ? { step: 'delete' }
        : { step: 'refused', message: MEMBERSHIP_REFUSALS.noOwnRequest };
    case 'leave':
      return current === 'registered'
        ? { step: 'delete' }
        : { step: 'refused', message: MEMBERSHIP_REFUSALS.notOwnGym };
    case 'approve':
      if (current === 'registered') return { step: 'unchanged' };
      return current === 'pending'
        ? { step: 'write', state: 'registered' }
        : { step: 'refused', message: MEMBERSHIP_REFUSALS.noRequest };
    case 'reject':
      return current === 'pending' ? { step: 'delete' } : { step: 'refused', message: MEMBERSHIP_REFUSALS.noRequest };
    case 'terminate':
      return current === 'registered'
        ? { step: 'delete' }
        : { step: 'refused', message: MEMBERSHIP_REFUSALS.notRegistered };
  }
}

/** The event each action tells the other side about (a request goes to the gym, an answer to the coach). */
export const MEMBERSHIP_EVENTS: Record<MembershipAction, { event: MembershipEvent; tell: 'gym' | 'coach' }> = {
  request: { event: 'coach-requested', tell: 'gym' },
  cancel: { event: 'coach-cancelled', tell: 'gym' },
  leave: { event: 'coach-left', tell: 'gym' },
  approve: { event: 'gym-accepted', tell: 'coach' },
  reject: { event: 'gym-rejected', tell: 'coach' },
  terminate: { event: 'gym-terminated', tell: 'coach' },
};

/** The Notifications page's line for an event. */
export function notificationText(
  doc: Pick<NotificationDoc, 'event' | 'otherName' | 'sessionStart' | 'refundedPence'>,
): string {
  const name = doc.otherName;
  const { event } = doc;
  if (isSessionEvent(event)) return sessionNotificationText({ ...doc, event });
  if (isPassEvent(event)) return passNotificationText({ ...doc, event });
  switch (event) {
    case 'coach-requested':
      return `${name} has requested to join your Gym.`;
    case 'coach-cancelled':
      return `${name} cancelled their request to join your Gym.`;
    case 'coach-left':
      return `${name} has left your Gym.`;
    case 'gym-accepted':
      return `${name} accepted your request. You are now registered to this Gym.`;
    case 'gym-rejected':
      return `${name} rejected your request to join.`;
    case 'gym-terminated':
      return `${name} has ended your registration.`;
  }
}
