import { passNotificationDocId } from '@mastr/rules/doc-ids.ts';
import type { DayPassDoc, MastrPassDoc, NotificationDoc, PassEvent } from '@mastr/rules/documents.ts';
import { addNotification } from '../../couch/stores/notifications-store.ts';
import type { Deps } from '../../deps.ts';
import { getProfile } from '../../couch/stores/profiles-store.ts';
import {
  mailCalendarEvent,
  sendEventMail,
  addressLine,
  mastrClassBookedMail,
  mastrClassCancelledMail,
  passBoughtMail,
  passCalendarEntry,
  passCancelledMail,
  passesPage,
  greetingOf,
} from '../mail/index.ts';

/**
 * Everything a member hears of their passes, in the app and by mail, from one place per event
 * (design/mail.md "Pass mails"): each `tell…` writes the in-app notification where there is one and
 * queues the mail. Both are keyed by the event itself (the pass, what happened, the class's start),
 * so every call that finishes one event — a retry, a webhook redelivered, the other side of a race,
 * a second instance — writes one notification and queues one mail. Written after the change they
 * report; a failure is logged and never fails the change.
 */

type Pass = DayPassDoc | MastrPassDoc;
type MailDeps = Pick<Deps, 'couch' | 'config' | 'mailer' | 'logger' | 'now'>;

async function gymAddress(deps: MailDeps, gymId: string): Promise<string> {
  const gym = await getProfile(deps.couch, 'gym', gymId).catch(() => null);
  return gym?.type === 'gym' ? addressLine(gym.address) : '';
}

const calendarFor = (deps: MailDeps, to: string, entry: ReturnType<typeof passCalendarEntry>) =>
  entry ? mailCalendarEvent(entry, { mailFrom: deps.config.mailFrom, to }) : undefined;

/** The receipt for a paid pass (the Stripe webhook, payments/paid-passes.ts): amount, gym, day, entry code and QR, `.ics`. */
export async function tellPassBought(deps: MailDeps, pass: Pass, amountPence: number): Promise<void> {
  const passesUrl = passesPage(deps.config.publicUrl, pass);
  // Read beside the recipient, not after: the webhook waits for the receipt to be queued.
  const gymAddressRead = gymAddress(deps, pass.gymId);
  await sendEventMail(deps, {
    event: `pass-bought:${pass.passId}`,
    profileId: pass.memberId,
    category: 'receipts',
    content: async (recipient) => {
      const address = await gymAddressRead;
      return {
        ...passBoughtMail(pass, {
          greeting: greetingOf(recipient),
          amountPence,
          address,
          passesUrl,
          qrText: pass.entryToken,
        }),
        icalEvent: calendarFor(deps, recipient.email, passCalendarEntry(pass, { passesUrl, address })),
      };
    },
  });
}

/** The member booked their Mastr pass into a class (mastr-class-service.ts `assignMastrClass`). */
export async function tellMastrClassBooked(deps: MailDeps, pass: MastrPassDoc, start: string): Promise<void> {
  const passesUrl = passesPage(deps.config.publicUrl, pass);
  await sendEventMail(deps, {
    event: `mastr-class-booked:${pass.passId}:${start.replace(/[^0-9T]/g, '')}`,
    profileId: pass.memberId,
    category: 'receipts',
    content: async (recipient) => {
      const address = await gymAddress(deps, pass.gymId);
      return {
        ...mastrClassBookedMail(pass, { greeting: greetingOf(recipient), start, address, passesUrl }),
        icalEvent: calendarFor(
          deps,
          recipient.email,
          passCalendarEntry(pass, { passesUrl, address, classStart: start }),
        ),
      };
    },
  });
}

/**
 * A pass cancelled by its gym or its member, with the refund: for the gym's, the member's
 * notification too (decision 71). The mail carries the CANCEL of the entry the receipt added. A
 * cancellation made by deleting an account (decision 31) does not call it.
 */
export async function tellPassCancelled(deps: MailDeps, pass: Pass, refundedPence: number): Promise<void> {
  if (!pass.cancelled || !pass.cancelledBy) return;
  const cancelledBy = pass.cancelledBy;
  if (cancelledBy === 'gym' && pass.type === 'day-pass')
    await writeNotification(deps, 'day-pass-cancelled-by-gym', {
      memberId: pass.memberId,
      gymId: pass.gymId,
      gymName: pass.gymName,
      passId: pass.passId,
      start: pass.dayDateStart,
      refundedPence,
      at: pass.cancelledAt ?? deps.now().toISOString(),
    });
  const passesUrl = passesPage(deps.config.publicUrl, pass);
  await sendEventMail(deps, {
    event: `pass-cancelled:${pass.passId}`,
    profileId: pass.memberId,
    category: 'receipts',
    content: (recipient) => ({
      ...passCancelledMail(pass, { greeting: greetingOf(recipient), cancelledBy, refundedPence, passesUrl }),
      icalEvent: calendarFor(deps, recipient.email, passCalendarEntry(pass, { passesUrl, cancelled: true })),
    }),
  });
}

/**
 * The gym cancelled the Mastr class the pass was booked into (decision 71): the notification and
 * the mail with that class's CANCEL. The pass is kept, so nothing is refunded now. `mail: false`
 * when the class went before the pass was paid for: the member never had that class in a calendar,
 * and the receipt itself says so (decision 107). `movedTo`: the class went because the gym moved its
 * weekly class, to this new next class (decision 108).
 */
export async function tellMastrClassCancelled(
  deps: MailDeps,
  pass: MastrPassDoc,
  cancelled: { start: string; at: string },
  { mail = true, movedTo = null }: { mail?: boolean; movedTo?: string | null } = {},
): Promise<void> {
  const { start } = cancelled;
  await writeNotification(deps, 'mastr-class-cancelled-by-gym', {
    memberId: pass.memberId,
    gymId: pass.gymId,
    gymName: pass.gymName,
    passId: pass.passId,
    start,
    refundedPence: 0,
    at: cancelled.at,
  });
  if (!mail) return;
  const passesUrl = passesPage(deps.config.publicUrl, pass);
  await sendEventMail(deps, {
    event: `mastr-class-cancelled:${pass.passId}:${start.replace(/[^0-9T]/g, '')}`,
    profileId: pass.memberId,
    category: 'receipts',
    content: (recipient) => ({
      ...mastrClassCancelledMail(pass, { greeting: greetingOf(recipient), start, passesUrl, movedTo }),
      icalEvent: calendarFor(
        deps,
        recipient.email,
        passCalendarEntry(pass, { passesUrl, classStart: start, cancelled: true }),
      ),
    }),
  });
}

/**
 * The member's in-app notification of a gym's cancellation: a `notification:…` document in the
 * member's database, read offline by their devices like the private-session events (decision 40).
 * Its id is the pass's and the event's (and the class's start), so CouchDB keeps the first of every
 * call finishing one cancellation (a 409 is that one, already there).
 */
async function writeNotification(
  deps: MailDeps,
  event: PassEvent,
  about: {
    memberId: string;
    gymId: string;
    gymName: string;
    passId: string;
    /** The day pass's day or the cancelled class's start (UK wall clock). */
    start: string;
    refundedPence: number;
    /** When the gym cancelled (ISO instant): the same for every call finishing one cancellation. */
    at: string;
  },
): Promise<void> {
  const doc: NotificationDoc = {
    _id: passNotificationDocId(event, about.passId, event === 'mastr-class-cancelled-by-gym' ? about.start : ''),
    type: 'notification',
    event,
    gymId: about.gymId,
    coachId: '',
    otherName: about.gymName,
    at: about.at,
    sessionStart: about.start,
    memberId: about.memberId,
    passId: about.passId,
    refundedPence: about.refundedPence,
  };
  try {
    // Keyed by the pass: a second call finds it written (false) and tells nothing twice.
    await addNotification(deps.couch, 'member', about.memberId, doc);
  } catch (err) {
    deps.logger.warn({ err, event, passId: about.passId }, 'could not write the pass notification');
  }
}
