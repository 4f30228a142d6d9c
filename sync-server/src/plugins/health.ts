import type { Plugin } from '@hapi/hapi';
import type { HealthResponse } from '@mastr/rules/api/common.ts';
import { couchIsUp } from '../couch/couch.ts';
import type { Deps } from '../deps.ts';

/** GET /api/health: 200 once CouchDB answers, 503 otherwise (load balancers and the CLI poll it). */
export const healthPlugin: Plugin<Deps> = {
  name: 'health',
  register(server, deps) {
    server.route({
      method: 'GET',
      path: '/api/health',
      options: { auth: false },
      async handler(_request, h) {
        const up = await couchIsUp(deps.couch);
        return h.response({ status: up ? 'ok' : 'unavailable' } satisfies HealthResponse).code(up ? 200 : 503);
      },
    });
  },
};
