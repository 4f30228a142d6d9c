import type { RouteOptions } from '@hapi/hapi';

/**
 * One year: browsers reach the site over HTTPS only for that long after any visit. Subdomains are
 * not included: they are not necessarily this server's to decide.
 */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * The security headers on every answer, errors and the sync gateway's included (Hapi adds no Server
 * banner of its own). HSTS only in production: over plain http://localhost (`npm start`) it would
 * make no sense.
 */
export function routeSecurity(production: boolean): RouteOptions['security'] {
  return {
    hsts: production ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
    xframe: 'deny',
    noSniff: true,
    referrer: 'same-origin',
  };
}

/**
 * The same headers as Hapi writes them for `routeSecurity` (its lib/headers.js), for answers sent
 * without Hapi (ready-answer-lane.ts). `security-headers.integration.test.ts` and the lane's test
 * compare both ways of answering header by header.
 */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    'x-frame-options': 'DENY',
    'x-xss-protection': '0',
    'x-download-options': 'noopen',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    ...(production ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}` } : {}),
  };
}
