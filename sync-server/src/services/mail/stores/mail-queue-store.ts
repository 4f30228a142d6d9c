import { couchStatus, type Couch } from '../../../couch/couch.ts';
import { DB } from '../../../couch/databases.ts';
import { findDocs } from '../../../couch/find.ts';
import { QUERIES } from '../../../couch/queries.ts';
import type { MailMessage } from '../mailer.ts';

/**
 * The mail outbox's documents in `mastr_mail` (mail-queue.ts says what they mean). Every write names
 * the revision read (a new mail: none) and answers a lost race (409) as a value, which is how one
 * instance of several holds a mail, and how a mail keyed by its event is queued once.
 */
export interface MailDoc {
  _id: string;
  _rev?: string;
  type: 'mail';
  /**
   * The mail itself, kept only while it waits: once sent or given up on it is removed, since it holds
   * an address and, for an account mail, a one-time link that `mastr_auth` itself only keeps hashed.
   */
  message?: MailMessage;
  /** What the mail was, for the record that stays. */
  subject: string;
  /** `queued` until an attempt succeeds (`sent`) or the attempts run out (`failed`). */
  state: 'queued' | 'sent' | 'failed';
  attempts: number;
  /**
   * When the mail may be tried next: its queueing, the next attempt after a failure, or the end of
   * the lease an instance took to send it (another instance takes it up only after that).
   */
  dueAt: string;
  /** The instance holding the lease of the attempt in progress, if any. */
  leaseHolder?: string;
  lastError?: string;
  createdAt: string;
  sentAt?: string;
  /**
   * A mail that must not wait long (the goodbye, whose address is the last trace of a deleted
   * account): past this instant a failed attempt is the last, whatever the attempts count.
   */
  giveUpAt?: string;
}

const mailDb = (couch: Couch) => couch.use<MailDoc>(DB.mail);

/** Writes a new mail: false when one with its id is queued already. */
export async function createMail(couch: Couch, mail: MailDoc): Promise<boolean> {
  try {
    await mailDb(couch).insert(mail);
    return true;
  } catch (err) {
    if (couchStatus(err) === 409) return false;
    throw err;
  }
}

/** Writes the mail on the revision it carries: its new revision, or null when another write got there first. */
export async function writeMail(couch: Couch, mail: MailDoc): Promise<string | null> {
  try {
    return (await mailDb(couch).insert(mail)).rev;
  } catch (err) {
    if (couchStatus(err) === 409) return null;
    throw err;
  }
}

/** Up to `limit` mails the index lists as queued and due at `at`, oldest due first. */
export function mailsDueAt(couch: Couch, at: string, limit: number): Promise<MailDoc[]> {
  return findDocs<MailDoc>(couch, QUERIES.dueMails(at, limit));
}
