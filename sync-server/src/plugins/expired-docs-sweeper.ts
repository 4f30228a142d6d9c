import type { Plugin } from '@hapi/hapi';
import type { Deps } from '../deps.ts';
import { sweepLapsedRegistrations } from '../services/accounts/lapsed-registrations.ts';
import { SWEEP_GRACE_MS, sweepExpiredDocs } from '../services/auth/expired-docs-sweeper.ts';

/**
 * Runs the sweeper (services/auth/expired-docs-sweeper.ts, then the registrations nobody verified in
 * time: services/accounts/lapsed-registrations.ts) on a timer while the server is started:
 * from `onPostStart` (an instance only initialised for tests never sweeps) until `onPreStop`, which
 * waits for a run in progress so nothing reaches CouchDB after the server stopped. Every instance
 * runs its own; the pause between runs is jittered (±25%) so instances started together drift apart
 * instead of sweeping in lockstep. The first run comes after a random part of one interval, so a
 * fleet restarted at once does not sweep at once either.
 */
export const expiredDocsSweeperPlugin: Plugin<Deps> = {
  name: 'expired-docs-sweeper',
  register(server, deps) {
    const intervalMs = deps.config.sweepIntervalMs;
    if (intervalMs <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let stopped = true;

    const runOnce = async () => {
      try {
        const result = await sweepExpiredDocs(deps);
        deps.logger.info(result, 'sweeper: expired auth documents removed');
        const lapsed = await sweepLapsedRegistrations(deps, SWEEP_GRACE_MS);
        deps.logger.info(lapsed, 'sweeper: lapsed registrations removed');
      } catch (err) {
        // CouchDB down or slow: the next run tries again; nothing is half done (each delete stands alone).
        deps.logger.warn({ err }, 'sweeper: run failed');
      }
    };
    const schedule = (delayMs: number) => {
      if (stopped) return;
      timer = setTimeout(() => {
        running = runOnce().finally(() => {
          running = undefined;
          schedule(intervalMs * (0.75 + Math.random() * 0.5));
        });
      }, delayMs);
      // The timer alone never keeps the process alive.
      timer.unref();
    };

    server.ext('onPostStart', () => {
      stopped = false;
      schedule(Math.random() * intervalMs);
    });
    server.ext('onPreStop', async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    });
  },
};
