import { randomUUID } from 'node:crypto';
import type { Couch } from '../../couch/couch.ts';
import type { Logger } from '../../logging/logger.ts';
import { claimMail, dueMails, enqueueMail, messageIdOf, settleMail } from './mail-queue.ts';
import { createMailTransport, type MailMessage, type MailTransport, type Mailer } from './mailer.ts';

/** How long after a mail is queued its delivery round starts. */
const KICK_DELAY_MS = 100;

/** The mailer the services use: it queues, then asks for a delivery round without waiting for it. */
export interface MailOutbox extends Mailer {
  /** One round: every mail due now is claimed and sent (or put back with its back-off). Answers how many were sent. */
  deliverDue(): Promise<number>;
  /** Starts a round soon, or another one after the round in progress. */
  kick(): void;
  /** Resolves once no round is running or asked for (tests, and a stopping server). */
  idle(): Promise<void>;
}

/**
 * Delivers the durable outbox (mail-queue.ts) through `transport` (SMTP, or the development outbox).
 * Every instance runs its own; the lease under CouchDB's revision check decides which one sends a
 * given mail. A mail is sent at least once: an instance killed after the mail server took a mail but
 * before the `sent` mark is written sends it again once its lease lapses, with the same Message-ID.
 */
export function createMailer(options: {
  couch: Couch;
  /** The sender's address; its domain names the Message-IDs. */
  from: string;
  /** SMTP (nodemailer's URL); without it, the development outbox's files in `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  /** Where the development outbox reports each mail it wrote. */
  log: (line: string) => void;
  /** Where failed attempts are reported (the server's logger); without it, `log`. */
  logger?: Pick<Logger, 'warn' | 'error'>;
  now?: () => Date;
  /** Replaces the transport `smtpUrl`/`outboxDir` describe (a test's failing mail server). */
  transport?: MailTransport;
}): MailOutbox {
  const deps = {
    couch: options.couch,
    now: options.now ?? (() => new Date()),
    transport: options.transport ?? createMailTransport(options),
    logger: options.logger ?? {
      warn: (fields: object, msg: string) => options.log(`${msg} ${JSON.stringify(fields)}`),
      error: (fields: object, msg: string) => options.log(`${msg} ${JSON.stringify(fields)}`),
    },
    messageIdDomain: /@([^>\s]+)/.exec(options.from)?.[1] ?? 'mastr.invalid',
  };
  const holder = randomUUID();
  let running: Promise<void> | undefined;
  let again = false;

  const deliverDue = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      const due = await dueMails(deps.couch, deps.now(), 20);
      if (due.length === 0) return sent;
      let progressed = false;
      for (const doc of due) {
        const claimed = await claimMail(deps.couch, doc, holder, deps.now());
        if (!claimed?.message) continue; // Another instance holds it.
        progressed = true;
        try {
          await deps.transport.send(claimed.message, { messageId: messageIdOf(claimed, deps.messageIdDomain) });
          await settleMail(deps.couch, claimed, { sent: true }, deps.now());
          sent += 1;
        } catch (err) {
          const error = err instanceof Error ? err.message : String(err);
          const settled = await settleMail(deps.couch, claimed, { sent: false, error }, deps.now());
          const fields = { mail: claimed._id, to: claimed.message.to, attempts: claimed.attempts, error };
          if (!settled) continue; // Taken up by another instance after this attempt's lease lapsed.
          if (settled.state === 'failed')
            deps.logger.error(fields, `mail: given up after ${claimed.attempts} attempts`);
          else deps.logger.warn({ ...fields, retryAt: settled.dueAt }, 'mail: attempt failed, will retry');
        }
      }
      // Everything due was held by other instances: they deliver it.
      if (!progressed) return sent;
    }
  };

  const round = async () => {
    do {
      again = false;
      try {
        await deliverDue();
      } catch (err) {
        // CouchDB unavailable: the mails stay queued; the next kick or timer tries again.
        deps.logger.warn({ err }, 'mail: delivery round failed');
      }
    } while (again);
  };

  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = round().finally(() => {
      running = undefined;
    });
  };

  // The round a queued mail starts waits a moment: the request that queued it answers first (a
  // webhook's answer never waits on nodemailer's work), and the mails one event queues for each
  // party go out in one round.
  let soon: NodeJS.Timeout | undefined;
  const kickSoon = () => {
    soon ??= setTimeout(() => {
      soon = undefined;
      kick();
    }, KICK_DELAY_MS);
  };

  return {
    async send(message: MailMessage, sendOptions?: { key?: string; giveUpAfterMs?: number }) {
      await enqueueMail(deps.couch, message, { now: deps.now(), ...sendOptions });
      kickSoon();
    },
    deliverDue,
    kick,
    async idle() {
      while (running || soon) await (running ?? new Promise((resolve) => setTimeout(resolve, KICK_DELAY_MS)));
    },
  };
}
