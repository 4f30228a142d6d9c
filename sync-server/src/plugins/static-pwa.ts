import { existsSync } from 'node:fs';
import path from 'node:path';
import Inert from '@hapi/inert';
import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import type { Deps } from '../deps.ts';
import { createLandingPages } from './page-hints.ts';

/**
 * The Content Security Policy of the app's HTML (design/auth.md "Content Security Policy"): scripts,
 * styles, workers and connections from this origin only, no inline script or style (the build has
 * none; React sets `style={…}` through the CSSOM, which CSP does not govern), images also as data:
 * and blob: URLs (QR codes), no plugins, not framed, forms and `<base>` only to this origin.
 * Checkouts and Google sign-in are navigations (`location.assign`), which CSP does not restrict.
 */
/** The longest file name Linux and macOS file systems take, in bytes. */
const MAX_NAME_BYTES = 255;

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the built PWA. Any path that is not a file gets index.html (the app's router decides what
 * to show, §2 "unknown paths"), except /api/* which answers a JSON 404. The service worker and the
 * HTML are never cached by the browser so updates are seen; hashed assets are cached for a year.
 */
export const staticPwaPlugin: Plugin<Deps> = {
  name: 'static-pwa',
  async register(server, deps) {
    await server.register(Inert);
    const dist = deps.config.pwaDistDir;
    const indexFile = path.join(dist, 'index.html');
    const landingPages = createLandingPages(dist);

    server.route({
      method: 'GET',
      path: '/{param*}',
      options: {
        auth: false,
        // No file has a name longer than the file system allows (255 bytes): such a path is not
        // looked up (the lookup fails with ENAMETOOLONG, a 500; found by the route fuzzer) but
        // answered as any unknown path, with the app.
        pre: [
          (request: Request) => {
            if (request.path.split('/').some((segment) => Buffer.byteLength(segment) > MAX_NAME_BYTES))
              throw Boom.notFound();
            return null;
          },
        ],
      },
      handler: {
        directory: { path: dist, index: ['index.html'], redirectToSlash: false, lookupCompressed: false },
      },
    });

    server.route({
      method: '*',
      path: '/api/{param*}',
      options: { auth: false },
      handler() {
        throw Boom.notFound('Not Found');
      },
    });

    server.ext('onPreResponse', (request, h) => {
      const response = request.response;
      const isApi = request.path.startsWith('/api/');
      if (Boom.isBoom(response)) {
        if (!isApi && request.method === 'get' && response.output.statusCode === 404 && existsSync(indexFile)) {
          const landing = landingPages.htmlFor(request.path);
          return (
            landing === null
              ? h.file(indexFile, { confine: false })
              : h.response(landing).type('text/html; charset=utf-8')
          )
            .code(200)
            .header('cache-control', 'no-cache')
            .header('content-security-policy', CONTENT_SECURITY_POLICY);
        }
        return h.continue;
      }
      if (!isApi && request.method === 'get') {
        const p = request.path;
        if (
          p === '/' ||
          p.endsWith('.html') ||
          p === '/sw.js' ||
          p.endsWith('.webmanifest') ||
          p.startsWith('/workbox-')
        ) {
          response.header('cache-control', 'no-cache');
        } else if (p.startsWith('/assets/')) {
          response.header('cache-control', 'public, max-age=31536000, immutable');
        }
        // By the file served: the directory handler answers `/` with index.html (and rewrites the path).
        const file = (response.variety as string) === 'file' ? String((response.source as { path?: string }).path) : '';
        if (file.endsWith('.html')) response.header('content-security-policy', CONTENT_SECURITY_POLICY);
      }
      return h.continue;
    });
  },
};
