/** A start-up failure the user can fix from its message alone (a port in use, say): no stack trace. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/**
 * One Ctrl-C can arrive twice: the terminal sends it to the whole process group, and npm and tsx
 * relay it to their child as well. A signal this soon after the first is that echo, not a second press.
 */
const SAME_SIGNAL_MS = 1_000;

/**
 * Runs a CLI entry point: a failure to start prints why and exits 1. The returned stop function
 * runs on SIGINT (Ctrl-C) or SIGTERM, then the process exits 0; a second signal while stopping
 * (more than a second after the first) exits at once.
 */
export function runUntilSignalled(main: () => Promise<() => Promise<void>>): void {
  main().then(
    (stop) => {
      let stoppingSince: number | null = null;
      const onSignal = (signal: NodeJS.Signals) => {
        if (stoppingSince !== null) {
          if (Date.now() - stoppingSince < SAME_SIGNAL_MS) return;
          process.exit(1);
        }
        stoppingSince = Date.now();
        console.log(`\n${signal}: stopping…`);
        stop().then(
          () => process.exit(0),
          (err) => {
            console.error(err);
            process.exit(1);
          },
        );
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    },
    (err: unknown) => {
      const detail =
        err instanceof StartupError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
      console.error(`Mastr could not start.\n${detail}`);
      process.exit(1);
    },
  );
}
