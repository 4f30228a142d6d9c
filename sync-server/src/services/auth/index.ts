// The auth domain's public surface: what other folders may import from it.
export { issueOneTimeToken, TOKEN_LIFETIME_MS, tokenDocId } from '../../couch/stores/one-time-tokens-store.ts';
export { ACCESS_CHECK_WINDOW_MS, accessCheckFor } from './access-check.ts';
export {
  type AccessCredentials,
  issueAccessToken,
  kindFromRoles,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type UserInfo,
} from './access-tokens.ts';
export { clientIp } from './client-ip.ts';
export { SWEEP_GRACE_MS, sweepExpiredDocs } from './expired-docs-sweeper.ts';
export { isResetLinkValid, requestPasswordReset, resetPassword } from './password-reset-service.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { hitRateLimit, RATE_LIMITS, secondsLeftInWindow } from './rate-limit.ts';
export {
  createRefreshSession,
  REUSE_GRACE_SECONDS,
  revokeAllSessionsForAccount,
  revokeRefreshSession,
  rotateRefreshSession,
  sessionIdOfCookie,
} from './refresh-sessions.ts';
export { type RefreshSessionDoc } from './stores/refresh-sessions-store.ts';
export { createSignInDelay, delayAfter, FREE_FAILURES, MAX_DELAY_SECONDS } from './sign-in-delay.ts';
export { accessTokenFor, openSession, signInWithPassword } from './sign-in-service.ts';
export { isLiveAccount, VERIFICATION_WINDOW_MS, verificationWindowPassed } from './verification-window.ts';
