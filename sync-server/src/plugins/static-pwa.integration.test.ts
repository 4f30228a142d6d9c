import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

describe('the served app: Content-Security-Policy', () => {
  let stack: TestStack;
  let dist: string;

  beforeAll(async () => {
    // A built app of its own: the suite must not depend on (or race) the real pwa/dist.
    dist = mkdtempSync(path.join(os.tmpdir(), 'mastr-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'index.js'), 'console.log(1);');
    stack = await startTestStack({ pwaDistDir: dist });
  });
  afterAll(async () => {
    await stack.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a strict policy with the app shell, at / and on every route the app answers', async () => {
    for (const url of ['/', '/index.html', '/gyms/abc', '/gymdashboard/daypasses/today', '/no/such/page']) {
      const res = await stack.server.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.payload, url).toContain('<div id="root">');
      expect(res.headers['content-security-policy'], url).toBeDefined();
      const csp = directives(res.headers['content-security-policy']);
      expect(csp, url).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
      // Nothing that would let an injected script run.
      expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    }
  });

  it('answers a path segment longer than any file name with the app, not a 500 (found by the route fuzzer)', async () => {
    for (const segment of ['%C3%A9'.repeat(200), 'a'.repeat(256)]) {
      const res = await stack.server.inject(`/${segment}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it('keeps the asset and API answers as they were', async () => {
    const asset = await stack.server.inject('/assets/index.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await stack.server.inject('/api/health');
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-security-policy']).toBeUndefined();
  });
});

describe('the served app: a landing page names its own files (decision 189)', () => {
  let stack: TestStack;
  let dist: string;
  const GYM_ID = '5eed00000000000000000a01';

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'mastr-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'index.js'), 'console.log(1);');
    writeFileSync(
      path.join(dist, '.vite', 'page-hints.json'),
      JSON.stringify({
        '/gyms/:id': {
          scripts: ['assets/gym-profile-page-a1.js', 'assets/timetable-b2.js', '"><script>alert(1)</script>'],
          styles: ['assets/gym-profile-page-c3.css'],
        },
        '/gyms': { scripts: ['assets/gyms-page-d4.js'], styles: [] },
      }),
    );
    stack = await startTestStack({ pwaDistDir: dist });
  });
  afterAll(async () => {
    await stack.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  const linksOf = (html: string) =>
    [...html.matchAll(/<link rel="(\w+)" crossorigin href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

  it("answers a gym's page with its scripts preloaded in the head and its stylesheets in the body", async () => {
    const res = await stack.server.inject(`/gyms/${GYM_ID}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(linksOf(res.payload)).toEqual([
      'modulepreload /assets/gym-profile-page-a1.js',
      'modulepreload /assets/timetable-b2.js',
      'stylesheet /assets/gym-profile-page-c3.css',
    ]);
    const [head, body] = res.payload.split('</head>');
    expect(head).toContain('timetable-b2.js');
    expect(body).toContain('gym-profile-page-c3.css');
    // A name that is not a built asset is never written into the page.
    expect(res.payload).not.toContain('alert(1)');
    expect(res.payload).toContain('<div id="root">');
  });

  it('gives each landing path its own files, and every other path index.html as it is', async () => {
    expect(linksOf((await stack.server.inject('/gyms')).payload)).toEqual(['modulepreload /assets/gyms-page-d4.js']);
    for (const url of ['/', '/gyms/forgotten-password', `/gyms/${GYM_ID}/coaches`, '/coaches', '/no/such/page']) {
      const res = await stack.server.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(linksOf(res.payload), url).toEqual([]);
      expect(res.payload, url).toContain('<div id="root">');
    }
  });

  it('does not serve the hints file itself', async () => {
    const res = await stack.server.inject('/.vite/page-hints.json');
    expect(res.payload).not.toContain('gym-profile-page-a1.js');
  });

  it('reads the app again after a rebuild', async () => {
    const before = await stack.server.inject(`/gyms/${GYM_ID}`);
    expect(before.payload).toContain('<div id="root">');
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root" data-build="2"></div></body></html>',
    );
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(dist, 'index.html'), later, later);
    const after = await stack.server.inject(`/gyms/${GYM_ID}`);
    expect(after.payload).toContain('data-build="2"');
    expect(linksOf(after.payload)).toHaveLength(3);
  });
});
