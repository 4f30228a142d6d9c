import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerInjectOptions } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../couch/ids.ts';
import { givenAccount, jwtCookieOf, jwtSetCookieLine, signIn } from '../test-support/sign-in-helpers.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { HSTS_MAX_AGE_SECONDS } from '../server.ts';

/** Every kind of answer the server gives: API, static files, the app shell, errors and the sync gateway. */
function requests(gymId: string, gymBearer: Record<string, string>): Record<string, ServerInjectOptions> {
  return {
    'API answer': { url: '/api/health' },
    'API 401': { url: '/api/me/gyms' },
    'API 404': { url: '/api/no/such/route' },
    'API 400 (broken JSON)': {
      method: 'POST',
      url: '/api/auth/user',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    },
    'API 415': { method: 'POST', url: '/api/auth/user', payload: 'a=b', headers: { 'content-type': 'text/plain' } },
    'API 405-like (no such method)': { method: 'DELETE', url: '/api/health' },
    'app shell': { url: '/' },
    'deep link': { url: '/gymdashboard/daypasses/today' },
    'static asset': { url: '/assets/index.js' },
    'missing asset': { url: '/assets/missing.js' },
    'sync gateway 401': { url: `/sync/gym/${gymId}/_changes?since=0` },
    'sync gateway proxied answer': { url: `/sync/gym/${gymId}/_changes?since=0`, headers: gymBearer },
    'sync gateway unknown path': { url: '/sync/nothing/here' },
  };
}

for (const production of [false, true]) {
  describe(`security headers (${production ? 'production' : 'development'} configuration)`, () => {
    let stack: TestStack;
    let dist: string;
    let cases: Record<string, ServerInjectOptions>;

    beforeAll(async () => {
      dist = mkdtempSync(path.join(os.tmpdir(), 'mastr-dist-'));
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
      writeFileSync(path.join(dist, 'assets', 'index.js'), 'console.log(1);');
      // Only the server's own switch: a real production start also needs the secrets and CouchDB URL (config.ts).
      stack = await startTestStack({ production, pwaDistDir: dist });
      const gymId = newId();
      cases = requests(gymId, await bearerFor(stack, 'gym', gymId));
    });
    afterAll(async () => {
      await stack.stop();
      rmSync(dist, { recursive: true, force: true });
    });

    it('every answer: no server banner, nosniff, a referrer policy and no framing', async () => {
      for (const [name, options] of Object.entries(cases)) {
        const res = await stack.server.inject(options);
        expect(res.statusCode, name).toBeLessThan(500);
        if (name === 'sync gateway proxied answer') expect(res.statusCode, name).toBe(200);
        expect(res.headers.server, name).toBeUndefined();
        expect(res.headers['x-powered-by'], name).toBeUndefined();
        expect(res.headers['x-content-type-options'], name).toBe('nosniff');
        expect(res.headers['referrer-policy'], name).toBe('same-origin');
        expect(res.headers['x-frame-options'], name).toBe('DENY');
      }
    });

    it(`HSTS ${production ? 'on every answer' : 'never (plain http://localhost must keep working)'}`, async () => {
      for (const [name, options] of Object.entries(cases)) {
        const res = await stack.server.inject(options);
        if (production) {
          expect(res.headers['strict-transport-security'], name).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}`);
        } else {
          expect(res.headers['strict-transport-security'], name).toBeUndefined();
        }
      }
    });

    it('no banner over a real connection either (Node adds none to what Hapi sends)', async () => {
      for (const url of ['/api/health', '/', '/api/no/such/route']) {
        const res = await fetch(`${stack.server.info.uri}${url}`);
        expect(res.headers.get('server'), url).toBeNull();
        expect(res.headers.get('x-powered-by'), url).toBeNull();
        expect(res.headers.get('x-frame-options'), url).toBe('DENY');
      }
    });

    it("the app shell's policy forbids framing by any site", async () => {
      const res = await stack.server.inject('/');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    });

    it(`the refresh cookie is ${production ? '' : 'not '}Secure, and always HttpOnly and SameSite=Strict`, async () => {
      const { email } = await givenAccount(stack, 'user');
      const signedIn = await signIn(stack.server, 'user', email);
      const cookie = `jwt=${jwtCookieOf(signedIn)}`;
      const rotated = await stack.server.inject({ url: '/api/refresh', headers: { cookie } });
      const logout = await stack.server.inject({
        url: '/api/logout/user',
        headers: { cookie: `jwt=${jwtCookieOf(rotated)}` },
      });
      // Set by sign-in, by a refresh, and cleared by logout: the same attributes each time.
      for (const line of [signedIn, rotated, logout].map(jwtSetCookieLine)) {
        expect(line).toContain('HttpOnly');
        expect(line).toContain('SameSite=Strict');
        if (production) expect(line).toMatch(/; Secure(;|$)/);
        else expect(line).not.toContain('Secure');
      }
    });
  });
}
