import type { MailCategory } from '@mastr/rules/mail-categories.ts';
import type { Deps } from '../../deps.ts';
import { composeMail, type MailContent } from './mail-layout.ts';
import { mailRecipient, type MailRecipient } from './recipients.ts';

/**
 * Queues the mail one event sends one party (design/mail.md "Event mail"). `event` names the event
 * itself (`pass-bought:{passId}`), so every call that reports it — a retry, a webhook redelivered,
 * the other instance — queues the same `mail:{event}:{profileId}` and it goes out once. Nothing is
 * queued for an account that may not get it (recipients.ts). A failure to queue is logged and never
 * fails the change the mail reports: the change is the truth, and the in-app record stays.
 * Answers whether a mail was queued (or had been already).
 */
export async function sendEventMail(
  deps: Pick<Deps, 'couch' | 'config' | 'mailer' | 'logger'>,
  mail: {
    event: string;
    profileId: string;
    category: MailCategory;
    content: (recipient: MailRecipient) => MailContent | Promise<MailContent>;
    /** Looks the recipient up (a run sending many mails passes one that remembers its answers). */
    lookup?: typeof mailRecipient;
    /** Who, read earlier by the caller: only the goodbye of an account being deleted, read before it goes. */
    recipient?: MailRecipient;
    /** How long a failing mail is retried (default: the outbox's attempts, about a day and a half). */
    giveUpAfterMs?: number;
  },
): Promise<boolean> {
  try {
    const recipient = mail.recipient ?? (await (mail.lookup ?? mailRecipient)(deps, mail.profileId, mail.category));
    if (!recipient) return false;
    const message = composeMail(recipient, mail.category, await mail.content(recipient));
    await deps.mailer.send(message, { key: `${mail.event}:${mail.profileId}`, giveUpAfterMs: mail.giveUpAfterMs });
    return true;
  } catch (err) {
    deps.logger.warn({ err, event: mail.event, profileId: mail.profileId }, 'mail: could not queue an event mail');
    return false;
  }
}
