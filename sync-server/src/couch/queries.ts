import { DB } from './databases.ts';
import type { FindQuery } from './find.ts';

/**
 * Every Mango query the server makes, each written for one index of `INDEXES` (databases.ts) and
 * run with `findDocs` (find.ts). Kept in one place so `queries.integration.test.ts` can run each on
 * both databases and prove, on Apache CouchDB with `_explain`, that it runs on the index it names:
 * Apache CouchDB uses an index only when the selector names every one of its fields, and otherwise
 * scans quietly (answering only a `warning`).
 */
export const QUERIES = {
  /** Expired documents of one type in `mastr_auth` (the sweeper), oldest expiry first. */
  expiredAuthDocs: (type: string, cutoff: string, limit: number): FindQuery => ({
    db: DB.auth,
    selector: { type, expiresAt: { $lt: cutoff } },
    fields: ['_id', '_rev'],
    use_index: 'by-type-expires',
    limit,
  }),
  /** An account's one-time tokens of one purpose that have not expired (revoked on a new one). */
  unexpiredOneTimeTokens: (accountId: string, purpose: string, now: string): FindQuery => ({
    db: DB.auth,
    selector: { type: 'one-time-token', accountId, purpose, expiresAt: { $gt: now } },
    use_index: 'by-session-account',
    limit: 1000,
  }),
  /** An account's refresh sessions not yet revoked. */
  liveSessionsOfAccount: (accountId: string, limit: number): FindQuery => ({
    db: DB.auth,
    selector: { type: 'refresh-session', accountId, revoked: false },
    use_index: 'by-session-account',
    limit,
  }),
  /** Every refresh session or one-time token of an account (account deletion), ids and revisions. */
  authDocsOfAccount: (type: 'refresh-session' | 'one-time-token', accountId: string, limit: number): FindQuery => ({
    db: DB.auth,
    selector: { type, accountId },
    fields: ['_id', '_rev'],
    use_index: 'by-session-account',
    limit,
  }),
  /** The entry-code claim a pass already holds (a payment's pass issued again after a crash). */
  entryCodeClaimsOfPass: (passId: string): FindQuery => ({
    db: DB.accounts,
    selector: { type: 'entry-code-claim', passId },
    use_index: 'by-type-pass',
    limit: 10,
  }),
  /** Registrations nobody verified, created before `cutoff` (the sweeper). */
  lapsedRegistrations: (cutoff: string, limit: number): FindQuery => ({
    db: DB.accounts,
    selector: { type: 'account', verified: false, createdAt: { $lt: cutoff } },
    fields: ['profileId'],
    use_index: 'by-type-verified-created',
    limit,
  }),
  /** Accounts whose deletion began before `before` and never finished. */
  interruptedDeletions: (before: string, limit: number): FindQuery => ({
    db: DB.accounts,
    selector: { type: 'account', deletingSince: { $lt: before } },
    use_index: 'by-type',
    limit,
  }),
  /**
   * A coach's relations to gyms in the given states. The states are named even when both are
   * wanted: without `state` in the selector Apache CouchDB cannot use the index (it has the field).
   */
  membershipsOfCoach: (
    coachId: string,
    states: ReadonlyArray<'registered' | 'pending'>,
    limit: number,
    fields?: string[],
  ): FindQuery => ({
    db: DB.profiles,
    selector: { type: 'membership', coachId, state: { $in: [...states] } },
    ...(fields ? { fields } : {}),
    use_index: 'by-type-coach-state',
    limit,
  }),
  /** The payment a Stripe payment intent belongs to (a refund event names only the intent). */
  paymentOfIntent: (paymentIntentId: string): FindQuery => ({
    db: DB.payments,
    selector: { paymentIntentId },
    use_index: 'by-payment-intent',
    limit: 1,
  }),
  /** Mails queued and due at `now`, oldest due first (the mail outbox's delivery round). */
  dueMails: (now: string, limit: number): FindQuery => ({
    db: DB.mail,
    selector: { state: 'queued', dueAt: { $lte: now } },
    sort: [{ state: 'asc' }, { dueAt: 'asc' }],
    use_index: 'by-state-due',
    limit,
  }),
} as const;
