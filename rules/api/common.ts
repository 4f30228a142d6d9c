/** Answers several areas share (§7). */

/** `{message}`: what registration, verification, password reset and a PT request answer. */
export interface MessageResponse {
  message: string;
}

/**
 * `{url}`: an address to send the browser to, a Stripe page (hosted checkout, Connect onboarding or
 * Express dashboard, billing portal). The page checks it before leaving (checkout-destination.ts).
 */
export interface RedirectResponse {
  url: string;
}

/**
 * GET /api/health: 200 `ok` once start-up has finished and while CouchDB answers; 503 (with
 * Retry-After) `starting` before that, `unavailable` when CouchDB does not answer.
 */
export interface HealthResponse {
  status: 'ok' | 'starting' | 'unavailable';
}
