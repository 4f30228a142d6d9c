import type { CoachProfileDoc, GymProfileDoc } from '@mastr/rules/documents.ts';
import type { GoLiveStep } from '@mastr/rules/go-live.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import type { Deps } from '../../deps.ts';
import {
  accountDeletedMail,
  dashboardUrl,
  wentInactiveMail,
  wentLiveMail,
  sendEventMail,
  greetingOf,
  mailRecipient,
  type MailRecipient,
} from '../mail/index.ts';

type MailDeps = Pick<Deps, 'couch' | 'config' | 'mailer' | 'logger'>;

/**
 * A gym or coach whose status just turned (go-live-service.ts) hears of it by mail: live, or no
 * longer live with what is missing. The key is the profile's revision that turned it, the change's
 * own name: the writer that won that revision is the only one to call this for it, and a later
 * turn back and forth is a new revision, so a new mail. An account being deleted is turned
 * Inactive too, and gets nothing (mailRecipient refuses it).
 */
export async function tellStatusChanged(
  deps: MailDeps,
  profileId: string,
  profile: (GymProfileDoc | CoachProfileDoc) & { _rev: string },
  missing: readonly GoLiveStep[],
): Promise<void> {
  const kind = profile.type;
  const url = dashboardUrl(deps.config.publicUrl, kind);
  await sendEventMail(deps, {
    event: `${profile.status ? 'went-live' : 'went-inactive'}:${profile._rev}`,
    profileId,
    category: 'account',
    content: (recipient) =>
      profile.status
        ? wentLiveMail(kind, {
            greeting: greetingOf(recipient),
            listed: profile.type === 'coach' || profile.subscribed,
            dashboardUrl: url,
          })
        : wentInactiveMail(kind, { greeting: greetingOf(recipient), missing, dashboardUrl: url }),
  });
}

/**
 * The goodbye of a deletion is addressed before the account goes (delete-account-service.ts): read
 * at the start of every run, while the account and its profile are still there, even though it is
 * already marked `deletingSince` — the mark that stops every other mail to it (decision 94).
 */
export const goodbyeRecipient = (deps: MailDeps, profileId: string) =>
  mailRecipient(deps, profileId, 'account', { whileDeleting: true });

/**
 * How long a goodbye that cannot be delivered is retried: its address is the last trace of the
 * account, kept in the outbox only while the mail waits (decision 110).
 */
export const GOODBYE_GIVE_UP_MS = 2 * 60 * 60_000;

/** Queued once (`account-deleted`), as the last thing before the account document itself goes. */
export async function tellAccountDeleted(
  deps: MailDeps,
  kind: AccountKind,
  recipient: MailRecipient,
  refundedPence: number,
): Promise<void> {
  await sendEventMail(deps, {
    event: 'account-deleted',
    profileId: recipient.profileId,
    category: 'account',
    recipient,
    content: () => accountDeletedMail(kind, { greeting: greetingOf(recipient), refundedPence }),
    giveUpAfterMs: GOODBYE_GIVE_UP_MS,
  });
}
