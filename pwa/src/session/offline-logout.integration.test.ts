import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DB } from '../../../sync-server/src/couch/databases.ts';
import type { RefreshSessionDoc } from '../../../sync-server/src/services/auth/index.ts';
import { givenAccount, jwtCookieOf, PASSWORD, refresh } from '../../../sync-server/src/test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../../../sync-server/src/test-support/test-stack.ts';
import { pendingLogouts } from './pending-logout.ts';
import { logout, refreshSession, sendPendingLogouts, signIn } from './session-api.ts';
import { tokenStore } from '../api/index.ts';

/**
 * The PWA's session calls against the real server, through a "browser" that keeps the httpOnly
 * `jwt` cookie the page itself cannot read, and whose network can be switched off.
 */
describe('a device that logged out offline', () => {
  let stack: TestStack;
  const browser = { jwt: '', offline: false, calls: [] as string[] };
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    stack = await startTestStack();
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, String(v)),
      removeItem: (k: string) => void storage.delete(k),
    });
    vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
      // The server's own CouchDB client (nano) uses fetch as well, with absolute URLs: not the page's.
      if (typeof input !== 'string' || !input.startsWith('/')) return realFetch(input, init);
      if (browser.offline) throw new TypeError('Failed to fetch');
      browser.calls.push(`${init.method ?? 'GET'} ${input}`);
      const headers = new Headers(init.headers);
      if (browser.jwt) headers.set('cookie', `jwt=${browser.jwt}`);
      const res = await realFetch(`${stack.server.info.uri}${input}`, { ...init, headers });
      const set = res.headers.getSetCookie().find((c) => c.startsWith('jwt='));
      if (set !== undefined) browser.jwt = set.slice('jwt='.length).split(';')[0];
      return res;
    });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await stack.stop();
  });
  beforeEach(() => {
    browser.jwt = '';
    browser.offline = false;
    browser.calls = [];
  });

  const session = async (cookie: string) =>
    (await stack.couch.use<RefreshSessionDoc>(DB.auth).get(`session:${cookie.split('.')[0]}`)) as RefreshSessionDoc;
  /** Signs in through the PWA's own call and logs out with the network off. */
  async function loggedOutOffline() {
    const { email } = await givenAccount(stack, 'gym');
    await signIn('gym', email, PASSWORD);
    const cookie = browser.jwt;
    expect(cookie).toMatch(/^[a-f0-9]{24}\./);
    browser.offline = true;
    await logout('gym');
    expect(tokenStore.get().userInfo).toBeNull(); // signed out on the device at once
    expect((await session(cookie)).revoked).toBe(false); // but the server never heard of it
    browser.offline = false;
    return { email, cookie };
  }

  it('revokes its session when it next reaches the server: the old cookie refreshes no more', async () => {
    const { cookie } = await loggedOutOffline();
    expect(await sendPendingLogouts()).toBe(true);
    expect((await session(cookie)).revoked).toBe(true);
    expect(browser.jwt).toBe(''); // the server cleared the cookie
    expect((await refresh(stack.server, cookie)).statusCode).toBe(401);
    expect(await pendingLogouts()).toEqual([]);
  });

  it('sends the logout before the start-up refresh, so reloading does not bring the session back', async () => {
    const { cookie } = await loggedOutOffline();
    expect(await refreshSession()).toBeNull();
    expect(browser.calls.slice(-2)).toEqual([
      `GET /api/logout/gym?session=${cookie.split('.')[0]}`,
      'GET /api/refresh',
    ]);
    expect(tokenStore.get().accessToken).toBeNull();
    expect((await session(cookie)).revoked).toBe(true);
  });

  it('a sign-in before it was sent: the logout goes first, and the new session works', async () => {
    const { email, cookie } = await loggedOutOffline();
    browser.calls = [];
    await signIn('gym', email, PASSWORD);
    expect(browser.calls.map((c) => c.split('?')[0])).toEqual(['GET /api/logout/gym', 'POST /api/auth/gym']);
    expect((await session(cookie)).revoked).toBe(true);
    expect(tokenStore.get().accessToken).not.toBeNull();
    expect((await session(browser.jwt)).revoked).toBe(false);
    expect(await refreshSession()).not.toBeNull(); // nothing pending stops the new session refreshing
  });

  it('a load the user starts as the page leaves does not bring the session back', async () => {
    const { email } = await givenAccount(stack, 'gym');
    await signIn('gym', email, PASSWORD);
    const cookie = browser.jwt;
    // The page is replaced by a full load as it leaves: nothing of the logout after that point runs.
    const tabGone = new Error('the tab is gone');
    await expect(
      logout('gym', () => {
        throw tabGone;
      }),
    ).rejects.toBe(tabGone);
    expect((await session(cookie)).revoked).toBe(false); // the server has not heard of it yet
    tokenStore.clear(); // what the fresh page starts with
    expect(await refreshSession()).toBeNull();
    expect((await session(cookie)).revoked).toBe(true);
  });

  it('sent after the browser signed in elsewhere (the cookie names a newer session): that session lives on', async () => {
    const { email, cookie } = await loggedOutOffline();
    // A sign-in the PWA's calls did not make (Google's redirect sets the cookie on a navigation).
    const other = await stack.server.inject({
      method: 'POST',
      url: '/api/auth/gym',
      payload: { email, pwd: PASSWORD },
      remoteAddress: '10.7.7.7',
    });
    browser.jwt = jwtCookieOf(other)!;
    expect(await sendPendingLogouts()).toBe(true);
    expect((await session(browser.jwt)).revoked).toBe(false);
    expect((await session(cookie)).revoked).toBe(false); // that cookie is gone from the browser: it expires unused
    expect((await refresh(stack.server, browser.jwt)).statusCode).toBe(200);
  });
});
