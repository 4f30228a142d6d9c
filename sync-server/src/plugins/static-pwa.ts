import { existsSync } from 'node:fs';
import path from 'node:path';
import Inert from '@hapi/inert';
import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import type { Deps } from '../deps.ts';

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

    server.route({
      method: 'GET',
      path: '/{param*}',
      options: { auth: false },
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
          return h.file(indexFile, { confine: false }).code(200).header('cache-control', 'no-cache');
        }
        return h.continue;
      }
      if (!isApi && request.method === 'get') {
        const p = request.path;
        if (p === '/' || p.endsWith('.html') || p === '/sw.js' || p.endsWith('.webmanifest') || p.startsWith('/workbox-')) {
          response.header('cache-control', 'no-cache');
        } else if (p.startsWith('/assets/')) {
          response.header('cache-control', 'public, max-age=31536000, immutable');
        }
      }
      return h.continue;
    });
  },
};
