/**
 * Google sign-in for members (§4): remember where to come back to, then a full-page redirect to
 * the server, which answers 501 with a JSON message when Google is not configured.
 */
import { GOOGLE_NOT_CONFIGURED } from '@mastr/rules/texts.ts';
export const GOOGLE_SIGN_IN_URL = '/api/auth/user/google';
export const GOOGLE_RETURN_URL_KEY = 'googleReturnUrl';
const NO_SERVER_RESPONSE = 'No Server Response.';

/** Only paths inside this app: '//host' and '/\host' would leave it (open redirect). */
function isAppPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberGoogleReturn(path: string, storage: KeyStore = localStorage): void {
  storage.setItem(GOOGLE_RETURN_URL_KEY, path);
}

/** Reads and forgets the stored return path, so a later visit to /googlesuccess starts clean. */
export function takeGoogleReturn(storage: KeyStore = localStorage): string {
  const stored = storage.getItem(GOOGLE_RETURN_URL_KEY);
  storage.removeItem(GOOGLE_RETURN_URL_KEY);
  return isAppPath(stored) ? stored : '/';
}

export type GoogleProbe = { ready: true } | { ready: false; message: string };

/**
 * Asks the server before leaving the app: a redirect (seen as an opaque response with
 * `redirect: 'manual'`) means go; 501 means Google is not set up here; no answer means we are
 * offline, where a full redirect would only show the browser's error page.
 */
export async function probeGoogleSignIn(fetchFn: typeof fetch = fetch): Promise<GoogleProbe> {
  let response: Response;
  try {
    response = await fetchFn(GOOGLE_SIGN_IN_URL, { redirect: 'manual', headers: { Accept: 'application/json' } });
  } catch {
    return { ready: false, message: NO_SERVER_RESPONSE };
  }
  if (response.status !== 501) return { ready: true };
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return {
    ready: false,
    message: typeof body?.message === 'string' && body.message ? body.message : GOOGLE_NOT_CONFIGURED,
  };
}
