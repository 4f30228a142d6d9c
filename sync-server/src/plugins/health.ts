import type { HealthResponse } from '@mastr/rules/api/common.ts';
import { createHealthProbe } from '../couch/health-probe.ts';
import type { Deps } from '../deps.ts';
import { contractPlugin, defineRoute, reply } from './define-route.ts';

/** Seconds a load balancer or client is asked to wait before asking again after a 503. */
const HEALTH_RETRY_AFTER_SECONDS = 5;

/**
 * GET /api/health: 200 once start-up has finished (cli/backend.ts) and while CouchDB answers, 503
 * with Retry-After otherwise (load balancers and the CLI poll it). It speaks for this instance: it
 * is not behind the client budgets or the in-flight cap (load-shedding.ts), and its CouchDB probe
 * has a lane of its own (couch/health-probe.ts), so one client being shed does not take the
 * instance out of the load balancer.
 */
export const healthPlugin = contractPlugin('health', (deps: Deps) => {
  const probe = createHealthProbe(deps.couch, deps.config.couchTimeoutMs);
  return [
    defineRoute('GET /api/health', {
      options: { auth: false },
      async handler(_request, h) {
        const starting = deps.startup !== undefined && deps.startup.phase !== 'ready';
        const status: HealthResponse['status'] = starting ? 'starting' : (await probe()) ? 'ok' : 'unavailable';
        const response = reply(h, { status }, status === 'ok' ? 200 : 503);
        if (status !== 'ok') response.header('Retry-After', String(HEALTH_RETRY_AFTER_SECONDS));
        return response;
      },
    }),
  ];
});
