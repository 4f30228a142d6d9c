import { createHash, randomUUID } from 'node:crypto';
import type { Couch } from '../../couch/couch.ts';
import type { MailMessage } from './mailer.ts';
import { createMail, mailsDueAt, type MailDoc, writeMail } from './stores/mail-queue-store.ts';

/**
 * The durable mail outbox (design/mail.md): every mail is first a document in `mastr_mail`, written
 * in the request that caused it, and delivered afterwards by any instance (`mail-delivery.ts`). A
 * slow or absent mail server never fails or delays that request, a crash loses no mail, and a mail
 * keyed by its event is queued once however many instances, retries or redeliveries write it.
 */
export type { MailDoc } from './stores/mail-queue-store.ts';

/** How long an instance holds a mail while sending it: beyond nodemailer's own SMTP timeouts. */
export const MAIL_LEASE_MS = 2 * 60_000;
/** After this many failed attempts (about a day and a half of back-off) the mail is given up on. */
export const MAIL_MAX_ATTEMPTS = 12;

/** Back-off before attempt `attempts + 1`: 30 s doubling to at most 4 h (30 s, 1 m, 2 m, … 4 h). */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 4 * 60 * 60_000);
}

/** The mail's Message-ID, fixed by its document, so a mail sent again after a crash is recognisably the same one. */
export function messageIdOf(doc: Pick<MailDoc, '_id'>, domain: string): string {
  return `<${createHash('sha256').update(doc._id).digest('hex').slice(0, 32)}@${domain}>`;
}

/**
 * Queues `message`. With `key` (the event and the recipient, e.g. `pass-bought:{passId}:member`) the
 * mail is queued at most once for good: a second call with the same key changes nothing and answers
 * `already-queued`. Without it, every call queues a new mail (a verification link asked for twice).
 */
export async function enqueueMail(
  couch: Couch,
  message: MailMessage,
  options: { now: Date; key?: string; giveUpAfterMs?: number },
): Promise<{ id: string; outcome: 'queued' | 'already-queued' }> {
  const id = `mail:${options.key ?? randomUUID()}`;
  const at = options.now.toISOString();
  const doc: MailDoc = {
    _id: id,
    type: 'mail',
    message,
    subject: message.subject,
    state: 'queued',
    attempts: 0,
    dueAt: at,
    createdAt: at,
    ...(options.giveUpAfterMs === undefined
      ? {}
      : { giveUpAt: new Date(options.now.getTime() + options.giveUpAfterMs).toISOString() }),
  };
  return { id, outcome: (await createMail(couch, doc)) ? 'queued' : 'already-queued' };
}

/** Queued mails due at `now`, oldest due first. */
export async function dueMails(couch: Couch, now: Date, limit: number): Promise<MailDoc[]> {
  const at = now.toISOString();
  const docs = await mailsDueAt(couch, at, limit);
  // Checked again on the documents themselves: an index read can race a claim, and the embedded
  // server (pouchdb-find) then hands back the claimed revision, which no longer matches.
  return docs.filter((doc) => doc.state === 'queued' && doc.dueAt <= at);
}

/**
 * Takes `doc` for one attempt: counts the attempt and moves its due time past the lease, under
 * CouchDB's revision check, so of several instances that found it due exactly one holds it (the
 * others get 409 and answer null).
 */
export async function claimMail(couch: Couch, doc: MailDoc, holder: string, now: Date): Promise<MailDoc | null> {
  const claimed: MailDoc = {
    ...doc,
    attempts: doc.attempts + 1,
    leaseHolder: holder,
    dueAt: new Date(now.getTime() + MAIL_LEASE_MS).toISOString(),
  };
  const rev = await writeMail(couch, claimed);
  return rev === null ? null : { ...claimed, _rev: rev };
}

/**
 * Records an attempt's end: sent, or queued again after its back-off, or failed for good. Answers
 * null when another instance took the mail up meanwhile (this attempt outlasted its lease): that
 * instance's attempt decides.
 */
export async function settleMail(
  couch: Couch,
  doc: MailDoc,
  result: { sent: true } | { sent: false; error: string },
  now: Date,
): Promise<MailDoc | null> {
  const { leaseHolder: _, message, ...rest } = doc;
  const retryAt = new Date(now.getTime() + retryDelayMs(doc.attempts)).toISOString();
  const lastAttempt = doc.attempts >= MAIL_MAX_ATTEMPTS || (doc.giveUpAt !== undefined && retryAt > doc.giveUpAt);
  const settled: MailDoc = result.sent
    ? { ...rest, state: 'sent', sentAt: now.toISOString() }
    : lastAttempt
      ? { ...rest, state: 'failed', lastError: result.error.slice(0, 500) }
      : { ...rest, message, state: 'queued', lastError: result.error.slice(0, 500), dueAt: retryAt };
  const rev = await writeMail(couch, settled);
  return rev === null ? null : { ...settled, _rev: rev };
}
