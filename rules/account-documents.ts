/**
 * The server-only documents of `mastr_accounts` (design/data-model.md): credentials, uniqueness
 * claims and calendar-link lookups. Re-exported by documents.ts, where every shared shape is named.
 */
import type { MailPreferences } from './mail-categories.ts';
import type { AccountKind } from './roles.ts';

export interface AccountDoc {
  _id: string; // accountDocId(profileId)
  _rev?: string;
  type: 'account';
  kind: AccountKind;
  profileId: string;
  email: string; // lower-cased
  mobile: string; // as typed, normalised spacing
  mobileKey: string; // 10 national digits (rules/validation normaliseMobile)
  passwordHash: string | null; // argon2id; null for Google-only members
  verified: boolean;
  createdAt: string; // ISO instant
  verifiedAt?: string;
  googleSub?: string;
  /**
   * Set when 'Delete My Account' began (ISO instant): the deletion is under way and is finished by
   * calling it again or, at the next start, by the server (design/decisions.md "Deleting an account").
   */
  deletingSince?: string;
  /** The optional mail categories this account turned off or on (rules/mail-categories.ts); absent means on. */
  mailPreferences?: MailPreferences;
  /**
   * The account's current private calendar link (design/mail.md "Calendar feed"): the hash of its
   * secret and when it was made. A link whose hash is not this one is revoked.
   */
  calendarFeed?: { tokenHash: string; createdAt: string };
}

/** calendarFeedDocId(hash): finds the account a calendar link belongs to without a query. */
export interface CalendarFeedDoc {
  _id: string;
  _rev?: string;
  type: 'calendar-feed';
  profileId: string;
  createdAt: string;
}

/** Deterministic-id claim docs make "email/mobile taken" race-free across server instances. */
export interface ClaimDoc {
  _id: string; // emailClaimId(kind, email) | mobileClaimId(kind, mobileKey)
  _rev?: string;
  type: 'email-claim' | 'mobile-claim';
  accountId: string;
  /** When it was written (ISO); absent on claims written before issue 22. Tells a claim left without its account from one whose account is being written. */
  createdAt?: string;
}

/** entryCodeClaimId(gymId, idCode): keeps entry codes unique within a gym, race-free across instances. */
export interface EntryCodeClaimDoc {
  _id: string;
  _rev?: string;
  type: 'entry-code-claim';
  passId: string;
}
