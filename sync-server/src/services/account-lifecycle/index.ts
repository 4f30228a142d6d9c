// The account lifecycle's public surface: what other folders may import from it. Registration,
// verification, a lapsed registration's retirement, the Google member account and the deletion
// call accounts, auth, coaching, passes, payments and refunds, so this domain sits above them and
// none of them imports it (architecture.md "Server layers").
export {
  deleteAccount,
  DELETED_COACH_NAME,
  DELETED_MEMBER_NAME,
  finishInterruptedDeletions,
  INTERRUPTED_AFTER_MS,
} from './delete-account-service.ts';
export { findOrCreateGoogleMember, type GoogleIdentity, GoogleIdentityRefusedError } from './google-members.ts';
export { sweepLapsedRegistrations } from './lapsed-registrations.ts';
export { registerAccount, verifyEmail } from './registration-service.ts';
