import { describe, it, expect } from 'vitest';
import { GOOGLE_NOT_CONFIGURED } from '@mastr/rules/texts.ts';
import {
  GOOGLE_RETURN_URL_KEY,
  GOOGLE_SIGN_IN_URL,
  probeGoogleSignIn,
  rememberGoogleReturn,
  takeGoogleReturn,
} from './google-sign-in.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('google return url storage', () => {
  it('stores the return path under googleReturnUrl and hands it back once', () => {
    const storage = memoryStorage();
    rememberGoogleReturn('/coaches/42', storage);
    expect(storage.map.get(GOOGLE_RETURN_URL_KEY)).toBe('/coaches/42');
    expect(takeGoogleReturn(storage)).toBe('/coaches/42');
    expect(takeGoogleReturn(storage)).toBe('/');
  });

  it("ignores a tampered value and returns '/'", () => {
    const storage = memoryStorage();
    storage.setItem(GOOGLE_RETURN_URL_KEY, 'https://evil.example');
    expect(takeGoogleReturn(storage)).toBe('/');
  });
});

describe('probeGoogleSignIn', () => {
  const answer = (status: number, body?: unknown) =>
    (async () => new Response(body === undefined ? null : JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('asks the Google sign-in path without following the redirect', async () => {
    const calls: [unknown, RequestInit | undefined][] = [];
    const fetchFn = (async (url: unknown, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(null, { status: 302, headers: { Location: 'https://accounts.google.com/' } });
    }) as unknown as typeof fetch;
    expect(await probeGoogleSignIn(fetchFn)).toEqual({ ready: true });
    expect(calls[0][0]).toBe(GOOGLE_SIGN_IN_URL);
    expect(calls[0][1]?.redirect).toBe('manual');
  });

  it('is ready when the server redirects (an opaque response reports status 0)', async () => {
    const opaque = (async () => ({ status: 0, type: 'opaqueredirect' }) as Response) as unknown as typeof fetch;
    expect(await probeGoogleSignIn(opaque)).toEqual({ ready: true });
  });

  it("shows the server's message when Google is not configured (501)", async () => {
    expect(await probeGoogleSignIn(answer(501, { message: 'Google is off today.' }))).toEqual({
      ready: false,
      message: 'Google is off today.',
    });
  });

  it('falls back to the standard text when the 501 carries no message', async () => {
    expect(await probeGoogleSignIn(answer(501))).toEqual({ ready: false, message: GOOGLE_NOT_CONFIGURED });
  });

  it('does not leave the app when the server cannot be reached', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await probeGoogleSignIn(offline)).toEqual({ ready: false, message: 'No Server Response.' });
  });
});
