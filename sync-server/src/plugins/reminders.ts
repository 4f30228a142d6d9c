import type { Plugin } from '@hapi/hapi';
import type { Deps } from '../deps.ts';
import { runPeriodically } from './periodic-job.ts';
import { runDueReminders } from '../services/mail/index.ts';

/**
 * Looks for a due reminder run (services/mail/reminder-run.ts) on a timer while the server is
 * started, as the sweeper does: every instance looks, jittered (±25%); the run's state document
 * decides which one does each day's run. A stopping server waits for a run in progress.
 */
export const remindersPlugin: Plugin<Deps> = {
  name: 'reminders',
  register(server, deps) {
    runPeriodically(server, {
      intervalMs: deps.config.reminderIntervalMs,
      // Soon after start (a run missed while every instance was down is due now), yet spread.
      firstRunWithinMs: Math.min(deps.config.reminderIntervalMs, 30_000),
      async run() {
        try {
          for (const { run, queued } of await runDueReminders(deps))
            deps.logger.info({ run, queued }, 'reminders: run done');
        } catch (err) {
          // CouchDB down or slow: the run stays due (or its lease lapses) and the next look takes it up.
          deps.logger.warn({ err }, 'reminders: run failed');
        }
      },
    });
  },
};
