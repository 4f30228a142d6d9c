import type { Plugin } from '@hapi/hapi';
import type { Deps } from '../deps.ts';
import { runDueReminders } from '../services/mail/reminder-run.ts';

/**
 * Looks for a due reminder run (services/mail/reminder-run.ts) on a timer while the server is
 * started, as the sweeper does: every instance looks, jittered (±25%); the run's state document
 * decides which one does each day's run. A stopping server waits for a run in progress.
 */
export const remindersPlugin: Plugin<Deps> = {
  name: 'reminders',
  register(server, deps) {
    const intervalMs = deps.config.reminderIntervalMs;
    if (intervalMs <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let stopped = true;

    const runOnce = async () => {
      try {
        for (const { run, queued } of await runDueReminders(deps))
          deps.logger.info({ run, queued }, 'reminders: run done');
      } catch (err) {
        // CouchDB down or slow: the run stays due (or its lease lapses) and the next look takes it up.
        deps.logger.warn({ err }, 'reminders: run failed');
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
      timer.unref();
    };
    server.ext('onPostStart', () => {
      stopped = false;
      schedule(Math.random() * Math.min(intervalMs, 30_000));
    });
    server.ext('onPreStop', async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    });
  },
};
