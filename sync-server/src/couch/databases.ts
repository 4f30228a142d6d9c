import { isId } from '@mastr/rules/doc-ids.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';

/**
 * CouchDB databases (see design/data-model.md). Server-only databases hold secrets and never
 * replicate to a device; tenant databases are what devices replicate, one per gym, member, coach.
 */
export const DB = {
  /** Accounts (credentials, verification state) and uniqueness claims for email and mobile. */
  accounts: 'mastr_accounts',
  /** Refresh sessions, hashed one-time tokens and rate-limit counters. */
  auth: 'mastr_auth',
  /** Gym, coach and user profiles; public API routes project only public fields from here. */
  profiles: 'mastr_profiles',
  /** Stripe ids and payment records: Connect accounts, customers, subscriptions, payments, processed events (design/payments.md). */
  payments: 'mastr_payments',
  /** Profile images, re-encoded, one document per stored version (served by GET /api/images/...). */
  images: 'mastr_images',
  /** The durable mail outbox: one document per mail, queued, sent or failed (design/mail.md). */
  mail: 'mastr_mail',
} as const;

/** Ids are 24 lowercase hex characters, so tenant names are valid CouchDB database names. */
export function tenantDbName(kind: TenantKind, id: string): string {
  if (!isId(id)) throw new Error(`Invalid tenant id: ${id}`);
  return `mastr_${kind}_${id}`;
}

/** Mango indexes the server relies on, created at start-up (idempotent). */
export const INDEXES: Record<string, { name: string; fields: string[] }[]> = {
  [DB.accounts]: [
    { name: 'by-type', fields: ['type'] },
    // The entry-code claim a pass already holds (a payment's pass issued again after a crash).
    { name: 'by-type-pass', fields: ['type', 'passId'] },
    // Registrations nobody verified, oldest first (the sweeper's lapsed registrations).
    { name: 'by-type-verified-created', fields: ['type', 'verified', 'createdAt'] },
  ],
  [DB.auth]: [
    { name: 'by-type-expires', fields: ['type', 'expiresAt'] },
    { name: 'by-session-account', fields: ['type', 'accountId'] },
  ],
  [DB.profiles]: [
    { name: 'by-type', fields: ['type'] },
    // A coach's memberships (listings and a gym's memberships are `_all_docs` ranges of the ids).
    { name: 'by-type-coach-state', fields: ['type', 'coachId', 'state'] },
  ],
  // A refund event names only the payment intent.
  [DB.payments]: [{ name: 'by-payment-intent', fields: ['paymentIntentId'] }],
  // Mails due for delivery, oldest first.
  [DB.mail]: [{ name: 'by-state-due', fields: ['state', 'dueAt'] }],
};
