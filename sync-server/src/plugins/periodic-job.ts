import type { Server } from '@hapi/hapi';

/**
 * Runs `run` on a timer while the server is started: from `onPostStart` (an instance only
 * initialised for tests never runs it) until `onPreStop`, which waits for a run in progress so
 * nothing reaches CouchDB after the server stopped. Every instance runs its own; the pause between
 * runs is jittered (±25%) so instances started together drift apart, and the first run comes after
 * a random part of `firstRunWithinMs`, so a fleet restarted at once does not run at once either.
 * `run` handles its own failures (the next run tries again).
 */
export function runPeriodically(
  server: Server,
  options: { intervalMs: number; firstRunWithinMs?: number; run: () => Promise<void> },
): void {
  const { intervalMs, run } = options;
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = undefined;
        schedule(intervalMs * (0.75 + Math.random() * 0.5));
      });
    }, delayMs);
    // The timer alone never keeps the process alive.
    timer.unref();
  };
  server.ext('onPostStart', () => {
    stopped = false;
    schedule(Math.random() * (options.firstRunWithinMs ?? intervalMs));
  });
  server.ext('onPreStop', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
