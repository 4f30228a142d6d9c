import { notificationDocId } from '@mastr/rules/doc-ids.ts';
import type {
  Address,
  BookingDoc,
  CoachRequestDoc,
  GymRequestDoc,
  NotificationDoc,
  SessionEvent,
} from '@mastr/rules/documents.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { newId } from '../../couch/ids.ts';
import { addNotification } from '../../couch/stores/notifications-store.ts';
import type { Deps } from '../../deps.ts';
import { getProfile } from '../../couch/stores/profiles-store.ts';
import {
  sendEventMail,
  sessionMailCategory,
  sessionMailContent,
  type SessionFacts,
  type SessionMoney,
} from '../mail/index.ts';
import { getPayment } from '../../couch/stores/payments-store.ts';

/** One private-session event, as its tell needs it. */
export interface SessionTell {
  event: SessionEvent;
  session: Omit<SessionFacts, 'gymAddress'> & { gymId: string; coachId: string; memberId: string };
  /** Who did it, as the in-app line names them (the member for a coach or gym, the coach for a member). */
  otherName: string;
  /** The parties told in the app. */
  notify: TenantKind[];
  /** The parties mailed: those told and, for a booking or a cancellation, the one who acted (a receipt). */
  mail: TenantKind[];
  /** A paid session's payment: the split and the refund the mails state. */
  paymentId?: string;
  /** False for a member's same-day cancellation (not refunded automatically). */
  refundDue?: boolean;
}

/** A request's facts for its tell: a gym request names no coach until one applies. */
export function sessionOfRequest(request: CoachRequestDoc | GymRequestDoc, discipline: string): SessionTell['session'] {
  return {
    id: request.requestId,
    start: request.startTime,
    end: request.endTime,
    gymId: request.gymId,
    gymName: request.gymName,
    coachId: request.type === 'coach-request' ? request.coachId : '',
    coachName: request.type === 'coach-request' ? request.coachFullName : '',
    memberId: request.userProfile_id,
    memberName: request.clientName,
    discipline,
  };
}

export function sessionOfBooking(booking: BookingDoc): SessionTell['session'] {
  return {
    id: booking.bookingId,
    start: booking.startTime,
    end: booking.endTime,
    gymId: booking.gymId,
    gymName: booking.gymName,
    coachId: booking.coachId,
    coachName: booking.coachFullName,
    memberId: booking.userProfile_id,
    memberName: booking.clientName,
    discipline: booking.discipline,
  };
}

/**
 * Tells the parties of a private session what happened (decisions 34, 40, 95): a `notification:{id}`
 * document in each told party's own database, read offline by their devices, and a mail to each
 * mailed party through the outbox. Written after the change it reports; a failure is logged and
 * never fails the call (the change is the truth).
 *
 * The mail's key is the event's own identity (`pt-{event}:{requestId}`, plus the coach for an
 * application), so a caller may tell again — a webhook redelivered, a retried cancellation, another
 * instance — and each party still gets one mail. The in-app note stays with the caller's own "told
 * once" guard, as before.
 */
export async function tellSession(deps: Deps, tell: SessionTell): Promise<void> {
  // The notes and the mails are independent writes: made side by side, the mails add no round trip
  // of their own to the call that reports the event.
  await Promise.all([writeNotes(deps, tell), queueMails(deps, tell)]);
}

const idsOf = (session: SessionTell['session']): Record<TenantKind, string> => ({
  coach: session.coachId,
  member: session.memberId,
  gym: session.gymId,
});

async function writeNotes(deps: Deps, { event, session, otherName, notify }: SessionTell): Promise<void> {
  const ids = idsOf(session);
  await Promise.all(
    notify.map(async (kind) => {
      const doc: NotificationDoc = {
        _id: notificationDocId(newId()),
        type: 'notification',
        event,
        gymId: session.gymId,
        coachId: session.coachId,
        memberId: session.memberId,
        otherName,
        sessionStart: session.start,
        at: deps.now().toISOString(),
      };
      try {
        await addNotification(deps.couch, kind, ids[kind], doc);
      } catch (err) {
        deps.logger.warn({ err, event, kind, ownerId: ids[kind] }, 'could not write the private session notification');
      }
    }),
  );
}

async function queueMails(deps: Deps, tell: SessionTell): Promise<void> {
  const { event, session } = tell;
  if (tell.mail.length === 0) return;
  let facts: SessionFacts;
  let money: SessionMoney | undefined;
  try {
    const [gymAddress, paid] = await Promise.all([
      gymAddressOf(deps, session.gymId),
      tell.paymentId ? moneyOf(deps, tell.paymentId, tell.refundDue ?? true) : undefined,
    ]);
    facts = { ...session, gymAddress };
    money = paid;
  } catch (err) {
    deps.logger.warn({ err, event, requestId: session.id }, 'mail: could not read a private session mail facts');
    return;
  }
  const ids = idsOf(session);
  const key = `pt-${event}:${session.id}${event === 'coach-applied' ? `:${session.coachId}` : ''}`;
  const env = { publicUrl: deps.config.publicUrl, mailFrom: deps.config.mailFrom };
  await Promise.all(
    tell.mail.map((kind) =>
      sendEventMail(deps, {
        event: key,
        profileId: ids[kind],
        category: sessionMailCategory(event),
        content: (recipient) => sessionMailContent(event, kind, facts, money, recipient, env),
      }),
    ),
  );
}

const addressLine = (address: Address | undefined) =>
  address
    ? [address.addressLineOne, address.addressLineTwo, address.addressTownOrCity, address.addressPostalCode]
        .map((part) => part?.trim())
        .filter(Boolean)
        .join(', ')
    : '';

async function gymAddressOf(deps: Deps, gymId: string): Promise<string> {
  const gym = await getProfile(deps.couch, 'gym', gymId);
  return gym?.type === 'gym' ? addressLine(gym.address) : '';
}

/** The split as the payment recorded it (rules/fees.ts `ptSessionSplit`) and what has been refunded so far. */
async function moneyOf(deps: Deps, paymentId: string, refundDue: boolean): Promise<SessionMoney | undefined> {
  const payment = await getPayment(deps.couch, paymentId);
  if (!payment) return undefined;
  const gymSharePence = payment.gymSharePence ?? 0;
  return {
    pricePence: payment.amountPence,
    platformFeePence: payment.applicationFeePence - gymSharePence,
    gymSharePence,
    coachReceivesPence: payment.amountPence - payment.applicationFeePence,
    refundedPence: Object.values(payment.refunds).reduce((sum, r) => sum + r.amountPence, 0),
    refundDue,
  };
}
