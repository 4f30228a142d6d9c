/**
 * The address a checkout call returned, if it is one the browser may be sent to: an absolute http(s)
 * URL (the hosted card checkout). Anything else — a javascript: URL, garbage — is refused rather than
 * followed.
 */
export function checkoutDestination(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
