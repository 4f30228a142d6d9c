import type { Plugin } from '@hapi/hapi';
import type { Deps } from '../deps.ts';
import { runPeriodically } from './periodic-job.ts';
import { sweepLapsedRegistrations } from '../services/account-lifecycle/index.ts';
import { SWEEP_GRACE_MS, sweepExpiredDocs } from '../services/auth/index.ts';

/**
 * Runs the sweeper (services/auth/expired-docs-sweeper.ts, then the registrations nobody verified in
 * time: services/account-lifecycle/lapsed-registrations.ts) every SWEEP_INTERVAL_MS on every instance, as
 * periodic-job.ts runs it (jittered, never after the server stopped).
 */
export const expiredDocsSweeperPlugin: Plugin<Deps> = {
  name: 'expired-docs-sweeper',
  register(server, deps) {
    runPeriodically(server, {
      intervalMs: deps.config.sweepIntervalMs,
      async run() {
        try {
          const result = await sweepExpiredDocs(deps);
          deps.logger.info(result, 'sweeper: expired auth documents removed');
          const lapsed = await sweepLapsedRegistrations(deps, SWEEP_GRACE_MS);
          deps.logger.info(lapsed, 'sweeper: lapsed registrations removed');
        } catch (err) {
          // CouchDB down or slow: the next run tries again; nothing is half done (each delete stands alone).
          deps.logger.warn({ err }, 'sweeper: run failed');
        }
      },
    });
  },
};
